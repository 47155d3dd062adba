import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stream received whole into a temporary file, not yet in the store. */
export interface Received {
  path: string;
  sha256: string;
  size: number;
}

/** Thrown when a stream is longer than allowed; nothing of it is left on disk. */
export class TooLargeError extends Error {
  constructor() {
    super('The file is larger than allowed');
  }
}

const TEMP_SUFFIX = '.part';

/**
 * Writes a stream to a new file under `tempDir`, hashing and counting it on the way, so that
 * no upload is ever held whole in memory. Refuses more than `maxBytes` (TooLargeError) and
 * removes the file on any failure. With `sync` the data reaches the disk before this returns.
 */
export async function receiveToTemp(
  source: Readable,
  tempDir: string,
  options: { maxBytes?: number; sync?: boolean } = {},
): Promise<Received> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  await mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${randomUUID()}${TEMP_SUFFIX}`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLargeError());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // flush: fsync before the file is closed.
  const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: options.sync === true });
  try {
    await pipeline(source, meter, out);
  } catch (error) {
    // The file may still be opening: remove it only once the stream has let go of it.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  }
  return { path: tempPath, sha256: hash.digest('hex'), size };
}

/** Removes what a crash (or a killed upload) left in `tempDir`, if older than `olderThanMs`. */
export async function sweepTemp(tempDir: string, olderThanMs: number): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(tempDir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const entry of entries) {
    if (!entry.endsWith(TEMP_SUFFIX)) continue;
    const full = path.join(tempDir, entry);
    const info = await stat(full).catch(() => null);
    // 0 means every leftover: a file written this very moment can carry an mtime a little
    // ahead of Date.now() (the file system's clock is coarser), so no cutoff applies then.
    if (info && (olderThanMs <= 0 || info.mtimeMs <= cutoff)) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
