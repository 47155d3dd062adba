import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { lstat, open, readFile, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * One server process per DATA_DIR (PGlite does not lock its directory).
 *
 * `DATA_DIR/portal.lock` names its holder: pid, process start time, host and pid namespace,
 * plus a random token. It is created with O_EXCL, so of two starts only one gets it. A start
 * that finds a lock checks its holder:
 * - on this machine (same host name and pid namespace): the lock is stale as soon as that pid
 *   is gone, or is now another process (a different start time); a crash therefore does not
 *   block the restart;
 * - elsewhere (another host or container sharing the folder, whose pids cannot be checked):
 *   the holder refreshes the file's time every 5 s, and the lock is stale 15 s after that.
 * A stale lock is replaced under a short take-over file, so two starts cannot both replace it.
 *
 * The holder re-reads the lock at every refresh. If it finds another holder's token (it was
 * paused for longer than the stale time and another process took over), it stops using the
 * folder: `onLost` runs and the server exits without touching the database again.
 */
export const LOCK_NAME = 'portal.lock';
const REFRESH_MS = 5_000;
const STALE_MS = 15_000;
/** A lock file without readable content younger than this is being written by its creator. */
const UNREADABLE_GRACE_MS = 2_000;
/** A take-over takes milliseconds; a take-over file this old was left by a crash. */
const TAKEOVER_STALE_MS = 5_000;

export class DataDirLockedError extends Error {}

interface LockRecord {
  pid: number;
  /** Linux: boot id and start time in clock ticks (/proc/<pid>/stat field 22); else null. */
  start: string | null;
  hostname: string;
  /** The pid namespace (Linux), so that a container's pid 1 is not taken for the host's. */
  pidNamespace: string | null;
  token: string;
  since: string;
}

interface LockState {
  raw: string;
  record: LockRecord | null;
  /** proper-lockfile (used before) kept the lock as a directory. */
  directory: boolean;
  mtimeMs: number;
}

export interface DataDirLock {
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
}

export interface LockOptions {
  /** Runs once if another process took the lock over; the caller must stop using DATA_DIR. */
  onLost: (message: string) => void;
  refreshMs?: number;
  staleMs?: number;
  /** Tests only: pretend to run on another host. */
  hostname?: string;
}

/** Tokens of the locks this process holds: a second open in the same process is refused. */
const heldTokens = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const bootId = readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function pidNamespaceOf(pid: number | 'self'): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/** Whether a pid is running, and its start identity where the platform tells it. */
function probe(pid: number): { alive: boolean; start: string | null } {
  if (bootId) {
    const stat = readText(`/proc/${pid}/stat`);
    if (stat === null) return { alive: false, start: null };
    // The command name (field 2) is in parentheses and may contain spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    const startTicks = fields[19];
    return { alive: state !== 'Z' && state !== 'X', start: startTicks ? `${bootId}:${startTicks}` : null };
  }
  try {
    process.kill(pid, 0);
    return { alive: true, start: null };
  } catch (error) {
    return { alive: (error as NodeJS.ErrnoException).code === 'EPERM', start: null };
  }
}

function parse(raw: string): LockRecord | null {
  try {
    const value = JSON.parse(raw) as Partial<LockRecord>;
    if (typeof value.pid !== 'number' || typeof value.token !== 'string' || typeof value.hostname !== 'string') return null;
    return { start: null, pidNamespace: null, since: '', ...value } as LockRecord;
  } catch {
    return null;
  }
}

export async function acquireDataDirLock(dataDir: string, options: LockOptions): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, LOCK_NAME);
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const hostname = options.hostname ?? os.hostname();
  const pidNamespace = pidNamespaceOf('self');
  const token = randomBytes(12).toString('hex');
  const record: LockRecord = {
    pid: process.pid,
    start: probe(process.pid).start,
    hostname,
    pidNamespace,
    token,
    since: new Date().toISOString(),
  };
  const content = `${JSON.stringify(record)}\n`;

  const create = async (): Promise<boolean> => {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(lockPath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  };

  const read = async (): Promise<LockState | null> => {
    try {
      const info = await lstat(lockPath);
      if (info.isDirectory()) return { raw: '', record: null, directory: true, mtimeMs: info.mtimeMs };
      const raw = await readFile(lockPath, 'utf8');
      return { raw, record: parse(raw), directory: false, mtimeMs: info.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  const isStale = (state: LockState): boolean => {
    const age = Date.now() - state.mtimeMs;
    if (state.directory) return age > staleMs;
    const holder = state.record;
    if (!holder) return age > UNREADABLE_GRACE_MS;
    if (heldTokens.has(holder.token)) return false;
    if (holder.hostname === hostname && holder.pidNamespace === pidNamespace) {
      // Our own pid in a lock we do not hold: a previous run of this container's process.
      if (holder.pid === process.pid) return true;
      const now = probe(holder.pid);
      if (!now.alive) return true;
      return holder.start !== null && now.start !== null && holder.start !== now.start;
    }
    return age > staleMs;
  };

  const describe = (state: LockState): string => {
    const holder = state.record;
    const who = holder ? ` (pid ${holder.pid} on ${holder.hostname}${holder.since ? ` since ${holder.since}` : ''})` : '';
    return `Another server process is using DATA_DIR ${dataDir}${who}; stop it first`;
  };

  /** Replaces a lock judged stale, unless it changed meanwhile or another start is at it. */
  const takeOver = async (stale: LockState): Promise<boolean> => {
    const guard = `${lockPath}.takeover`;
    try {
      await (await open(guard, 'wx')).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(guard).catch(() => null);
      if (info && Date.now() - info.mtimeMs > TAKEOVER_STALE_MS) await rm(guard, { force: true });
      return false;
    }
    try {
      const current = await read();
      if (current && (current.raw !== stale.raw || current.directory !== stale.directory || current.mtimeMs !== stale.mtimeMs))
        return false;
      await rm(lockPath, { recursive: true, force: true });
      return await create();
    } finally {
      await rm(guard, { force: true });
    }
  };

  const deadline = Date.now() + 3_000;
  for (;;) {
    if (await create()) break;
    const state = await read();
    if (state) {
      if (!isStale(state)) throw new DataDirLockedError(describe(state));
      if (await takeOver(state)) break;
    }
    if (Date.now() > deadline) throw new DataDirLockedError(`Another server process is using DATA_DIR ${dataDir}; stop it first`);
    await sleep(20);
  }
  heldTokens.add(token);

  let released = false;
  let checking = false;
  const lost = (state: LockState | null) => {
    released = true;
    clearInterval(timer);
    heldTokens.delete(token);
    const holder = state?.record;
    options.onLost(
      `The lock on DATA_DIR ${dataDir} was taken over${holder ? ` by pid ${holder.pid} on ${holder.hostname}` : ''} ` +
        '(this process was paused for too long); stopping without touching the database',
    );
  };
  const refresh = async () => {
    if (released || checking) return;
    checking = true;
    try {
      const state = await read();
      if (released) return;
      if (state?.record?.token === token) {
        const now = new Date();
        await utimes(lockPath, now, now);
      } else if (state === null) {
        // Removed by hand: take it back if nobody else did.
        if (!(await create())) lost(await read());
      } else if (state.record || state.directory) {
        lost(state);
      }
      // Unreadable: another process is writing it this very moment; decide at the next refresh.
    } catch {
      // A passing file-system error: try again at the next refresh.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();

  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      heldTokens.delete(token);
      const state = await read().catch(() => null);
      if (state?.record?.token === token) await rm(lockPath, { force: true });
    },
  };
}

/** What the server does when its lock was taken over: say so and stop, leaving the data alone. */
export function exitOnLockLost(message: string): void {
  console.error(message);
  process.exit(1);
}
