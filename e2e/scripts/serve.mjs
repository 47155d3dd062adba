// Starts the built portal for the browser tests on a fresh embedded database: the data
// folder of the previous run is removed first, so every run starts from the demo seed.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dataDir = process.env.DATA_DIR;
if (!dataDir?.includes('portal-e2e')) {
  console.error('serve.mjs: DATA_DIR must be the e2e data folder');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
const server = fileURLToPath(new URL('../../server/dist/server.js', import.meta.url));
const child = spawn(process.execPath, [server], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
