import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { fileBlobs } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Received } from './receive';
import { BaseBlobStore } from './store';

/**
 * Blobs as rows of `file_blobs` (PostgreSQL's default: every instance sees them, and
 * `pg_dump` backs them up with everything else). Uploads still stream to a temporary file
 * while they are checked; only an accepted file is read once to be inserted.
 */
export class DbBlobStore extends BaseBlobStore {
  readonly kind = 'db' as const;
  protected readonly syncReceived = false;

  constructor(
    private readonly db: Db,
    tempDir: string,
  ) {
    super(tempDir);
  }

  async commit(received: Received): Promise<void> {
    // Already stored: only mark it as just used (see sweep).
    const touched = await this.db
      .update(fileBlobs)
      .set({ touchedAt: sql`now()` })
      .where(eq(fileBlobs.sha256, received.sha256))
      .returning({ sha256: fileBlobs.sha256 });
    if (touched.length > 0) return;
    const content = await readFile(received.path);
    await this.db
      .insert(fileBlobs)
      .values({ sha256: received.sha256, size: received.size, content })
      .onConflictDoUpdate({ target: fileBlobs.sha256, set: { touchedAt: sql`now()` } });
  }

  async open(sha256: string): Promise<Readable | null> {
    const rows = await this.db.select({ content: fileBlobs.content }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
    return rows[0] ? Readable.from([rows[0].content]) : null;
  }

  async sweep(graceMs: number): Promise<number> {
    const rows = await this.db.execute<{ sha256: string }>(sql`
      DELETE FROM file_blobs b
       WHERE b.touched_at <= now() - make_interval(secs => ${graceMs / 1000})
         AND NOT EXISTS (SELECT 1 FROM files f WHERE f.sha256 = b.sha256)
      RETURNING b.sha256`);
    return rowsOf(rows).length;
  }
}

/** node-postgres answers { rows }, PGlite an array-like result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
