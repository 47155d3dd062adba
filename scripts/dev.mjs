// npm run dev: the API with reload on change (`npm run dev -w server`, tsx watch) on API_PORT
// (3001) and Vite (`npm run dev -w web`) on PORT (3000), which proxies /api to API_URL.
// Both stop together: Ctrl-C, or either one exiting, stops the other.
import { execFileSync, spawn } from 'node:child_process';
import { npm, root } from './lib.mjs';

const webPort = process.env.PORT || '3000';
const apiPort = process.env.API_PORT || '3001';
const apiUrl = process.env.API_URL || `http://localhost:${apiPort}`;

const processes = [
  {
    name: 'api',
    args: ['run', 'dev', '-w', 'server'],
    env: { PORT: apiPort, DEFAULT_MAIL_DOMAIN: process.env.DEFAULT_MAIL_DOMAIN || 'demo.test' },
  },
  {
    name: 'web',
    args: ['run', 'dev', '-w', 'web', '--', '--port', webPort, '--strictPort'],
    env: { API_URL: apiUrl },
  },
];

/** Children of every process: pid -> [{ pid, command }]. Empty where `ps` is unavailable. */
function processTable() {
  const children = new Map();
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' });
    for (const line of out.split('\n')) {
      const match = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
      if (!match) continue;
      const [, pid, ppid, command] = match;
      if (!children.has(Number(ppid))) children.set(Number(ppid), []);
      children.get(Number(ppid)).push({ pid: Number(pid), command: command.trim() });
    }
  } catch {
    // no ps: the caller falls back to signalling the whole group
  }
  return children;
}

/**
 * The workspace script's own process under `npm run` (npm -> sh -c -> script). Signalling it
 * alone lets it stop its children once and in order: tsx watch passes one SIGTERM to the
 * server, which closes the database cleanly; a signal to the whole group would reach the
 * server twice.
 */
function scriptProcess(npmPid) {
  const table = processTable();
  let current = (table.get(npmPid) ?? [])[0];
  if (current && /^(sh|dash|bash)$/.test(current.command)) current = (table.get(current.pid) ?? [])[0] ?? current;
  return current?.pid;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid, ms) {
  for (let waited = 0; waited < ms; waited += 100) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return !alive(pid);
}

/** Stops one npm process tree: the script gently, then the group, then by force. */
async function stopTree(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    // npm is gone; make sure nothing it started is left behind.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    return;
  }
  const target = scriptProcess(child.pid);
  try {
    if (target) process.kill(target, 'SIGTERM');
    else process.kill(-child.pid, 'SIGTERM');
  } catch {}
  if (await waitForExit(child.pid, 8000)) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
  if (await waitForExit(child.pid, 3000)) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
}

let stopping = false;
const running = [];

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(running.map(stopTree));
  // (npm reports the Vite script as failed with code 143: that is Vite's answer to SIGTERM.)
  console.log('[dev] stopped');
  process.exit(code);
}

for (const entry of processes) {
  // Own process group (detached), so that Ctrl-C reaches only this script, which then stops
  // each tree in order. stdin is not passed on: a background group reading the terminal
  // would be stopped by the system.
  const child = spawn(npm, entry.args, {
    cwd: root,
    env: { ...process.env, ...entry.env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  running.push(child);
  child.on('error', (error) => {
    console.error(`[dev] cannot start ${entry.name}: ${error.message}`);
    void stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${entry.name} exited (${signal ?? `code ${code}`}); stopping the other one`);
    void stopAll(code || 1);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

console.log(`[dev] web app (Vite) on http://localhost:${webPort}, /api proxied to the API on ${apiUrl}`);
console.log('[dev] sign in as "demo" or <role>@demo.test, password demo1234; Ctrl-C stops both');
