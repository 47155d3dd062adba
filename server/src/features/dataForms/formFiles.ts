import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../../db/types';
import { registerFileAccess } from '../../lib/fileAccess';
import type { Scope } from '../../lib/scope';

/**
 * Owner type of a file uploaded into a form being filled in (photo, file, signature) that no
 * record keeps yet. The record that saves the filled-in values claims its files
 * (`claimFormFiles`); files nobody claims go after UNCLAIMED_FORM_FILE_DAYS (the builder's
 * preview, a filling abandoned half-way).
 */
export const FORM_FILE_OWNER = 'form-file';
export const UNCLAIMED_FORM_FILE_DAYS = 7;

/**
 * An unclaimed form file is served to users of its namespace (the download looks the key up
 * in the caller's namespace only); its key is random and reaches others only through the form
 * being filled in.
 */
registerFileAccess(FORM_FILE_OWNER, async () => true);

/**
 * Hands the unclaimed form files of these keys (the caller's namespace) to the record that keeps
 * the filled-in values, whose owner type's access rule then decides who may download them.
 * Call it in the transaction that saves the values, after checkFilledForm. Answers how many
 * files it claimed.
 */
export async function claimFormFiles(
  db: Db,
  scope: Scope,
  blobKeys: string[],
  owner: { ownerType: string; ownerId: number },
): Promise<number> {
  if (blobKeys.length === 0) return 0;
  const claimed = await db
    .update(files)
    .set({ ownerType: owner.ownerType, ownerId: owner.ownerId })
    .where(and(eq(files.namespaceId, scope.namespaceId), eq(files.ownerType, FORM_FILE_OWNER), inArray(files.blobKey, blobKeys)))
    .returning({ id: files.id });
  return claimed.length;
}

/** Removes form files nobody claimed within UNCLAIMED_FORM_FILE_DAYS; the blob sweep then frees their contents. */
export async function purgeUnclaimedFormFiles(db: Db, days = UNCLAIMED_FORM_FILE_DAYS): Promise<number> {
  const removed = await db
    .delete(files)
    .where(and(eq(files.ownerType, FORM_FILE_OWNER), lt(files.createdAt, sql`now() - make_interval(days => ${days}::int)`)))
    .returning({ id: files.id });
  return removed.length;
}
