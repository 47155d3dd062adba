import { open, readdir, rename, stat, unlink, utimes, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Received } from './receive';
import { BaseBlobStore, isSha256 } from './store';

const TEMP_FOLDER = 'tmp';
const BATCH = 500;

/**
 * Blobs as files under one directory (`DATA_DIR/files` by default):
 *
 *     <dir>/ab/abcdef...   the content whose SHA-256 is abcdef... (first two hex digits shard)
 *     <dir>/tmp/*.part     uploads being received or checked
 *
 * A blob is written to a temporary name, fsynced, renamed into place and its directory
 * fsynced, so a crash leaves either the whole file or none (plus a temporary file that the
 * next start removes). Several instances may share the directory (PostgreSQL with
 * FILE_STORE=dir): a blob is immutable once renamed, and the same content always has the
 * same name.
 */
export class DirBlobStore extends BaseBlobStore {
  readonly kind = 'dir' as const;
  protected readonly syncReceived = true;

  constructor(
    private readonly db: Db,
    readonly dir: string,
  ) {
    super(path.join(dir, TEMP_FOLDER));
  }

  pathOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error(`Not a blob name: ${sha256}`);
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  async commit(received: Received): Promise<void> {
    const target = this.pathOf(received.sha256);
    const now = new Date();
    // Already stored: keep it, and mark it as just used so that a clean-up running now
    // (the grace period) does not take it from under the row about to refer to it.
    const touched = await utimes(target, now, now).then(
      () => true,
      () => false,
    );
    if (touched) return;
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    await rename(received.path, target);
    await fsyncDirectory(folder);
  }

  async open(sha256: string): Promise<Readable | null> {
    if (!isSha256(sha256)) return null;
    try {
      const handle = await open(this.pathOf(sha256), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async sweep(graceMs: number): Promise<number> {
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    let shards: string[];
    try {
      shards = (await readdir(this.dir)).filter((name) => /^[0-9a-f]{2}$/.test(name));
    } catch {
      return 0;
    }
    for (const shard of shards) {
      const names = (await readdir(path.join(this.dir, shard)).catch(() => [] as string[])).filter(isSha256);
      for (let i = 0; i < names.length; i += BATCH) {
        const candidates: string[] = [];
        for (const name of names.slice(i, i + BATCH)) {
          const info = await stat(this.pathOf(name)).catch(() => null);
          if (info && info.mtimeMs <= cutoff) candidates.push(name);
        }
        if (candidates.length === 0) continue;
        const rows = await this.db.selectDistinct({ sha256: files.sha256 }).from(files).where(inArray(files.sha256, candidates));
        const referenced = new Set(rows.map((r) => r.sha256));
        for (const name of candidates) {
          if (referenced.has(name)) continue;
          // Checked again just before: an upload of the same content may have touched it.
          const info = await stat(this.pathOf(name)).catch(() => null);
          if (!info || info.mtimeMs > cutoff) continue;
          await unlink(this.pathOf(name)).catch(() => undefined);
          removed++;
        }
      }
    }
    return removed;
  }
}

async function fsyncDirectory(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
