import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/lib -> ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const children = new Set<ChildProcess>();

/** Kills whatever the bench started that is still running (on exit or interrupt). */
export function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A free TCP port on this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Spawned {
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  /** Sends SIGTERM and waits for the exit (SIGKILL after the grace period). */
  stop(graceMs?: number): Promise<void>;
}

/** Spawns a node process with its output captured (shown only when something fails). */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => tail,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  };
}

/** Polls a URL until it answers 200; the time it took (ms from `since`). */
export async function waitFor200(url: string, proc: Spawned, since: number, timeoutMs = 180_000): Promise<number> {
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`process exited (${proc.child.exitCode ?? proc.child.signalCode}) before answering ${url}:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${proc.output()}`);
    await sleep(20);
  }
}

export interface PortalServer extends Spawned {
  port: number;
  base: string;
  /** Milliseconds from spawn to the first 200 of GET /api/loginBranding. */
  startMs: number;
}

/**
 * Starts `node server/dist/server.js` on the embedded database in dataDir, or on PostgreSQL
 * when a database URL is given.
 */
export async function startPortal(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}, databaseUrl?: string): Promise<PortalServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEFAULT_MAIL_DOMAIN: 'demo.test',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // The embedded database unless asked otherwise, whatever the caller's shell has set.
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  delete env.SEED_DEMO;
  delete env.PUBLIC_URL;
  const since = performance.now();
  const proc = spawnNode([path.join('server', 'dist', 'server.js')], env);
  const base = `http://127.0.0.1:${port}`;
  try {
    const startMs = await waitFor200(`${base}/api/loginBranding`, proc, since);
    return { ...proc, port, base, startMs };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}
