import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHolder } from '../../test/holder';
import { DatabaseError, isEmpty, openDatabase } from './client';
import { namespaces } from './schema';

/** The embedded database under DATA_DIR: parent folders, the lock and the crash-safe first start. */
describe('embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('creates missing parent folders, initialises aside, locks the folder and keeps the data', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'portal-db-'));
    dirs.push(root);
    const dataDir = path.join(root, 'nested', 'data');
    // A folder left by a first start that was killed half-way is cleared away.
    await mkdir(path.join(dataDir, 'db.init-1234-1'), { recursive: true });
    let seeded = false;
    const first = await openDatabase({
      dataDir,
      onCreate: async (db) => {
        await db.insert(namespaces).values({ name: 'first', companyName: 'First Co' });
        seeded = true;
      },
    });
    expect(first.created).toBe(true);
    expect(seeded).toBe(true);
    expect((await readdir(dataDir)).sort()).toEqual(['db', 'portal.lock']);

    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Another server process is using DATA_DIR/);
    await first.close();

    const again = await openDatabase({ dataDir, onCreate: async () => expect.fail('not a first start') });
    expect(again.created).toBe(false);
    expect(await isEmpty(again.db)).toBe(false);
    await again.close();
  }, 120_000);

  it('opens at once after the server holding DATA_DIR was killed (a crash), not 15 s later', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-db-'));
    dirs.push(dataDir);
    const server = startHolder(['database', dataDir]);
    try {
      await server.ready;
      await expect(openDatabase({ dataDir })).rejects.toThrow(/Another server process is using DATA_DIR/);
    } finally {
      server.child.kill('SIGKILL');
    }
    await server.exited;
    // Right away: the lock's holder is gone, so there is no stale time to wait for.
    const restarted = await openDatabase({ dataDir });
    await restarted.close();
    expect(restarted.created).toBe(false);
  }, 120_000);
});
