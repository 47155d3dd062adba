import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { can, SHELL, USERS } from '@portal/contracts';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { OWNER, registerFileAccess } from '../../lib/fileAccess';
import { deleteFile, IMAGE_MAX_BYTES, readSingleUpload, storeFile } from '../../lib/files';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { mayManage } from './rows';
import { userScope } from './users.queries';
import { loadExisting } from './users.write';

/**
 * A signature is served to the user themselves and to callers who may read that user, except
 * client administrators, for whom signatures are hidden (shell document 6).
 */
registerFileAccess(OWNER.userSignature, async (db, scope, ownerId) => {
  if (scope.userId === ownerId) return true;
  if (!can(scope.role, 'users.officeFields')) return false;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(userScope(scope), eq(users.id, ownerId)));
  return rows.length > 0;
});

/** The user whose signature changes: visible (404), editable by the caller (403) and active (409). */
async function editableTarget(ctx: RequestContext, userId: number) {
  const target = await loadExisting(ctx.db, ctx.scope, userId);
  if (!target) throw notFound(SHELL.notFound);
  if (!can(ctx.user.role, 'users.officeFields')) throw forbidden(USERS.clientAdminField('Signature'));
  if (!mayManage(ctx.user, target)) throw forbidden(USERS.notYoursToManage);
  if (target.status !== 1) throw conflict(USERS.notEditable);
  return target;
}

async function currentSignatureId(ctx: RequestContext, userId: number): Promise<number | null> {
  // Locked, so that two concurrent uploads do not both replace the same previous file.
  const [row] = await ctx.db.select({ fileId: users.signatureFileId }).from(users).where(eq(users.id, userId)).for('update');
  return row?.fileId ?? null;
}

/** `POST /api/Users/signature/{userId}`: a .jpg or .png of at most 5 MB, checked by content; replaces the old one. */
export async function uploadSignature(ctx: RequestContext, request: FastifyRequest, userId: number): Promise<{ blobKey: string }> {
  await editableTarget(ctx, userId);
  return replaceSignature(ctx, request, userId);
}

/** Stores the uploaded signature of `userId` in place of the old one (the caller checked who may). */
export async function replaceSignature(ctx: RequestContext, request: FastifyRequest, userId: number): Promise<{ blobKey: string }> {
  const upload = await readSingleUpload(request, ctx.app.blobs, 'imageFile', ['png', 'jpg'], IMAGE_MAX_BYTES, { image: 'signature' });
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const previous = await currentSignatureId({ ...ctx, db: tx }, userId);
    const stored = await storeFile(tx, {
      namespaceId: ctx.scope.namespaceId,
      ownerType: OWNER.userSignature,
      ownerId: userId,
      createdBy: ctx.user.id,
      upload,
    });
    await tx.update(users).set({ signatureFileId: stored.id, modifiedBy: ctx.user.id, modifiedAt: sql`now()` }).where(eq(users.id, userId));
    if (previous) await deleteFile(tx, ctx.scope.namespaceId, previous);
    return { blobKey: stored.blobKey };
  });
}

/** `DELETE /api/Users/signature/{userId}`: removes the signature (its content goes with the next clean-up unless shared). */
export async function deleteSignature(ctx: RequestContext, userId: number): Promise<{ message: string }> {
  await editableTarget(ctx, userId);
  return removeSignature(ctx, userId);
}

/** Removes the signature of `userId` (the caller checked who may). */
export async function removeSignature(ctx: RequestContext, userId: number): Promise<{ message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const previous = await currentSignatureId({ ...ctx, db: tx }, userId);
    if (!previous) return;
    await tx.update(users).set({ signatureFileId: null, modifiedBy: ctx.user.id, modifiedAt: sql`now()` }).where(eq(users.id, userId));
    await deleteFile(tx, ctx.scope.namespaceId, previous);
  });
  return { message: USERS.signatureRemoved };
}
