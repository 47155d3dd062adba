import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../../db/types';
import { DbBlobStore } from './dbStore';
import { DirBlobStore } from './dirStore';
import { type BlobStore, readWhole } from './store';

export type { BlobStore } from './store';
export { readWhole } from './store';
export type { Received } from './receive';
export { TooLargeError } from './receive';
export { DbBlobStore, DirBlobStore };

/** How long an unreferenced blob is kept: longer than any upload takes from commit to row. */
export const BLOB_GRACE_MS = 60 * 60_000;

/** The directory on the embedded database (always); on PostgreSQL the table unless FILE_STORE=dir. */
export function createBlobStore(kind: 'dir' | 'db', db: Db, filesDir: string): BlobStore {
  return kind === 'dir' ? new DirBlobStore(db, filesDir) : new DbBlobStore(db, `${filesDir}/tmp`);
}

/**
 * Moves contents still kept inline in `files.content` (rows written before the blob store,
 * and the demo seed's images) into the store, one row at a time, so that the embedded
 * database ends up holding metadata only. Safe to repeat and to run on several instances.
 */
export async function moveInlineFiles(db: Db, store: BlobStore): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const [row] = await db
      .select({ id: files.id, content: files.content })
      .from(files)
      .where(and(isNotNull(files.content), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(1);
    if (!row?.content) return moved;
    after = row.id;
    const stored = await store.put(row.content);
    await db
      .update(files)
      .set({ content: null, sha256: stored.sha256, size: stored.size })
      .where(and(eq(files.id, row.id), isNotNull(files.content)));
    moved++;
  }
}

/**
 * The whole content of a file row: inline when the row still has it, else from the store.
 * Null when the blob is missing (answered as "no file", never as an error).
 */
export async function fileContent(store: BlobStore, row: { sha256: string | null; content: Buffer | null }): Promise<Buffer | null> {
  if (row.content) return row.content;
  if (!row.sha256) return null;
  const stream = await store.open(row.sha256);
  return stream ? readWhole(stream) : null;
}
