import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fileBlobs, files } from '../../db/schema';
import { insertImage, insertNamespace } from '../../demo/factories';
import { openTestDatabase } from '../../../test/database';
import { type BlobStore, createBlobStore, readWhole, TooLargeError } from './index';

let database: Database;
let root: string;
let namespaceId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-blobs-'));
  namespaceId = (await insertNamespace(database.db, { name: 'blobs', companyName: 'Blobs' })).id;
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const HOUR = 60 * 60_000;

/** A files row referring to `content` (the clean-up keeps what rows refer to). */
async function referTo(content: Buffer) {
  const id = await insertImage(database.db, { namespaceId, ownerType: 'test', ownerId: 1, fileName: 'x.png', png: content });
  await database.db.update(files).set({ content: null }).where(eq(files.id, id));
}

/** Pretends a blob was stored long ago (older than the clean-up's grace period). */
async function age(store: BlobStore, sha256: string) {
  const past = new Date(Date.now() - 2 * HOUR);
  if (store.kind === 'dir') await utimes(path.join(root, store.kind, sha256.slice(0, 2), sha256), past, past);
  else await database.db.update(fileBlobs).set({ touchedAt: past });
}

/** Whether the store holds `content` (the stream is closed again). */
async function holds(store: BlobStore, content: Buffer): Promise<boolean> {
  const stream = await store.open(sha(content));
  stream?.destroy();
  return stream !== null;
}

async function partFiles(store: BlobStore): Promise<string[]> {
  return (await readdir(store.tempDir).catch(() => [] as string[])).filter((n) => n.endsWith('.part'));
}

describe.each(['dir', 'db'] as const)('the %s blob store', (kind) => {
  let store: BlobStore;
  beforeAll(() => {
    store = createBlobStore(kind, database.db, path.join(root, kind));
  });

  it('stores by SHA-256, answers the same bytes, and keeps the same content once', async () => {
    const content = Buffer.from(`hello ${kind}`);
    const first = await store.put(content);
    const again = await store.put(Readable.from([content.subarray(0, 3), content.subarray(3)]));
    expect(first).toEqual({ sha256: sha(content), size: content.length });
    expect(again).toEqual(first);
    const stream = await store.open(first.sha256);
    expect(stream && (await readWhole(stream)).equals(content)).toBe(true);
    expect(await holds(store, Buffer.from('never stored'))).toBe(false);
    if (kind === 'dir') {
      expect(await readdir(path.join(root, kind, first.sha256.slice(0, 2)))).toEqual([first.sha256]);
    } else {
      const rows = await database.db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs);
      expect(rows.filter((r) => r.sha256 === first.sha256)).toHaveLength(1);
    }
    expect(await partFiles(store)).toEqual([]);
  });

  it('cleans up only blobs that no file refers to, after the grace period', async () => {
    const kept = Buffer.from(`referenced ${kind}`);
    const orphan = Buffer.from(`orphan ${kind}`);
    const fresh = Buffer.from(`fresh ${kind}`);
    await store.put(kept);
    await store.put(orphan);
    await referTo(kept);
    await age(store, sha(kept));
    await age(store, sha(orphan));
    await store.put(fresh); // just stored: its row may be on the way
    expect(await store.sweep(HOUR)).toBeGreaterThanOrEqual(1);
    expect(await holds(store, orphan)).toBe(false);
    expect(await holds(store, kept)).toBe(true);
    expect(await holds(store, fresh)).toBe(true);
  });

  it('a blob stored again is touched, so the clean-up spares it', async () => {
    const content = Buffer.from(`touched ${kind}`);
    await store.put(content);
    await age(store, sha(content));
    await store.put(content);
    await store.sweep(HOUR);
    expect(await holds(store, content)).toBe(true);
  });

  it('refuses a stream over the limit and leaves no temporary file', async () => {
    await expect(store.receive(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000)).rejects.toBeInstanceOf(TooLargeError);
    expect(await partFiles(store)).toEqual([]);
  });

  it('removes temporary files a crash left behind', async () => {
    const left = path.join(store.tempDir, 'crashed.part');
    await writeFile(left, 'half an upload');
    expect(await store.sweepTemp(HOUR)).toBe(0); // could be an upload in progress
    expect(await store.sweepTemp(0)).toBe(1);
    expect(await partFiles(store)).toEqual([]);
  });
});

describe('receiving an upload', () => {
  it('streams a 40 MB upload to disk as it arrives, never holding it whole', async () => {
    const store = createBlobStore('dir', database.db, path.join(root, 'stream'));
    const chunk = Buffer.alloc(64 * 1024, 7);
    const total = 640; // 40 MB
    let sent = 0;
    let onDiskBeforeLastChunk = -1;
    const source = new Readable({
      async read() {
        if (sent === total - 1) {
          const [part] = await partFiles(store);
          onDiskBeforeLastChunk = (await stat(path.join(store.tempDir, part))).size;
        }
        this.push(sent < total ? chunk : null);
        sent++;
      },
    });
    const received = await store.receive(source, 45 * 1024 * 1024);
    expect(received.size).toBe(total * chunk.length);
    // All but what the stream buffers (a few chunks) was on disk before the end arrived.
    expect(onDiskBeforeLastChunk).toBeGreaterThan(received.size - 1024 * 1024);
    await store.discard(received);
  });
});
