import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const holderScript = path.join(serverDir, 'test', 'fixtures', 'dataDirHolder.ts');

/** Another node process; `ready` resolves once it printed that it holds DATA_DIR. */
export function startHolder(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, ...args], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (stdout.includes('ready')) {
        clearInterval(poll);
        resolve();
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      reject(new Error(`holder exited (${code}) before it was ready: ${stderr}`));
    });
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}
