import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readlink, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHolder } from '../../test/holder';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError, LOCK_NAME } from './dataDirLock';

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

const noLoss = () => expect.fail('the lock was not expected to be lost');

describe('DATA_DIR lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const locks: DataDirLock[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const lock of locks.splice(0)) await lock.release();
  });
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('takes a lock left by a process that is gone at once, and refuses a second holder in this process', async () => {
    const dataDir = await newDir();
    const pid = await deadPid();
    await writeFile(
      path.join(dataDir, LOCK_NAME),
      JSON.stringify({
        pid,
        start: null,
        hostname: os.hostname(),
        pidNamespace: await readlink('/proc/self/ns/pid').catch(() => null),
        token: 'crashed',
        since: new Date().toISOString(),
      }),
    );
    // Fresh file time: only the pid says it is stale. (Acquiring gives up after 3 s, far
    // below the file-time staleness, so getting the lock at all shows it was taken at once.)
    const lock = await acquireDataDirLock(dataDir, { onLost: noLoss });
    locks.push(lock);
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_NAME), 'utf8')).pid).toBe(process.pid);

    await expect(acquireDataDirLock(dataDir, { onLost: noLoss })).rejects.toThrow(/Another server process is using DATA_DIR/);
    await lock.release();
    locks.length = 0;
    const again = await acquireDataDirLock(dataDir, { onLost: noLoss });
    locks.push(again);
  });

  it('refuses while another live process holds it, and takes it at once after that process is killed', async () => {
    const dataDir = await newDir();
    const holder = startHolder(['lock', dataDir]);
    children.push(holder.child);
    await holder.ready;

    const refused = acquireDataDirLock(dataDir, { onLost: noLoss });
    await expect(refused).rejects.toThrow(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `Another server process is using DATA_DIR ${dataDir} (pid ${holder.child.pid} on ${os.hostname()}`,
    );

    holder.child.kill('SIGKILL');
    await holder.exited;
    locks.push(await acquireDataDirLock(dataDir, { onLost: noLoss }));
  });

  it('stops a paused holder cleanly when it resumes and finds its lock taken over', async () => {
    const dataDir = await newDir();
    // A holder whose pid cannot be checked (another host sharing the folder): only its
    // refreshes keep the lock alive, so a long pause lets another process take over.
    const holder = startHolder(['lock', dataDir, 'another-host']);
    children.push(holder.child);
    await holder.ready;
    await expect(acquireDataDirLock(dataDir, { onLost: noLoss, staleMs: 1500 })).rejects.toThrow(/on another-host/);

    holder.child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const lock = await acquireDataDirLock(dataDir, { onLost: noLoss, staleMs: 1500 });
    locks.push(lock);
    holder.child.kill('SIGCONT');

    expect(await holder.exited).toBe(1);
    const { stderr } = holder.output();
    expect(stderr).toContain(`The lock on DATA_DIR ${dataDir} was taken over by pid ${process.pid}`);
    expect(stderr).not.toMatch(/ECOMPROMISED|Error:|\n\s+at /);
    // The stopped holder left the new holder's lock alone.
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_NAME), 'utf8')).pid).toBe(process.pid);
  });

  it('takes over the lock folder an older version left behind once it is no longer refreshed', async () => {
    const dataDir = await newDir();
    const old = path.join(dataDir, LOCK_NAME);
    await mkdir(old);
    await expect(acquireDataDirLock(dataDir, { onLost: noLoss })).rejects.toThrow(/Another server process/);
    const past = new Date(Date.now() - 60_000);
    await utimes(old, past, past);
    locks.push(await acquireDataDirLock(dataDir, { onLost: noLoss }));
  });
});
