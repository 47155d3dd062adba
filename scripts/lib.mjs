// Helpers shared by the root scripts (start, dev, test). Plain Node, no dependencies, so
// they run on a fresh clone right after `npm install`.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm is a .cmd on Windows; everywhere else it is spawned directly. */
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'test-results', 'playwright-report', '.git']);

/**
 * The newest modification time (ms) of any file under the given paths (files or folders),
 * ignoring build output and dependencies. 0 when none exists.
 */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let info;
    try {
      info = statSync(p);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(p)) if (!SKIP_DIRS.has(entry)) visit(path.join(p, entry));
    } else if (info.mtimeMs > newest) newest = info.mtimeMs;
  };
  for (const p of paths) visit(path.resolve(root, p));
  return newest;
}

/** Modification time (ms) of one file, or 0 when it does not exist. */
export function mtimeOf(file) {
  try {
    return statSync(path.resolve(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Runs a command with inherited stdio from the repository root; resolves with its exit code
 * (a signal counts as failure).
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** 1234 -> "1.2 s", 75000 -> "1 min 15 s". */
export function duration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}
