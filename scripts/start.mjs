// npm start: builds whatever is stale, then runs the portal (API + built web app) on one port.
//
//   web/dist     <- web/ + contracts/src      (npm run build -w web)
//   server/dist  <- server/src + contracts/src (npm run build -w server)
//
// A build is stale when any of its sources is newer than its output. The server then runs
// as `node server/dist/server.js` with DEFAULT_MAIL_DOMAIN=demo.test unless set, so that the
// demo accounts of the quick start work ("demo" signs in as demo@demo.test).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { duration, mtimeOf, newestMtime, npm, root, run } from './lib.mjs';

const BUILDS = [
  {
    name: 'web',
    output: 'web/dist/index.html',
    sources: ['web', 'contracts/src', 'contracts/package.json'],
    // The web app is optional for the API: without it the server answers /api only.
    required: false,
  },
  {
    name: 'server',
    output: 'server/dist/server.js',
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'contracts/src', 'contracts/package.json'],
    required: true,
  },
];

async function buildStale() {
  for (const build of BUILDS) {
    const built = mtimeOf(build.output);
    const newest = newestMtime(build.sources);
    if (built && built >= newest) {
      console.log(`${build.name}: up to date (${build.output})`);
      continue;
    }
    if (build.name === 'web' && !existsSync(path.join(root, 'web', 'index.html'))) {
      console.warn('web: not built and no web/index.html to build from yet; the portal will answer /api only');
      continue;
    }
    console.log(`${build.name}: ${built ? 'sources changed' : 'not built yet'}, running npm run build -w ${build.name}`);
    const started = performance.now();
    const code = await run(npm, ['run', 'build', '-w', build.name]);
    if (code === 0) {
      console.log(`${build.name}: built in ${duration(performance.now() - started)}`);
      continue;
    }
    if (build.required) {
      console.error(`\n${build.name}: build failed (exit ${code}); not starting.`);
      process.exit(code);
    }
    console.warn(
      `\n${build.name}: BUILD FAILED (exit ${code}). ` +
        (built ? 'Serving the previous, outdated build.' : 'The portal will answer /api only.') +
        ' The error is above.\n',
    );
  }
}

function portalUrl() {
  const port = process.env.PORT || '3000';
  return { local: `http://localhost:${port}`, probe: `http://127.0.0.1:${port}/api/loginBranding` };
}

/** Polls until the API answers, then prints where to go. Stops when the server exits. */
async function announceWhenReady(child) {
  const { local, probe } = portalUrl();
  console.log(`\nStarting the portal at ${local} ...`);
  while (child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(probe, { signal: AbortSignal.timeout(1000) });
      if (response.ok) {
        const publicUrl = process.env.PUBLIC_URL ? ` (public address ${process.env.PUBLIC_URL})` : '';
        console.log(`\nPortal ready at ${local}${publicUrl}`);
        console.log('Sign in as "demo" (demo@demo.test) or <role>@demo.test, password demo1234. Ctrl-C stops it.\n');
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  await buildStale();

  // The demo's links (QR stickers, certificate verification) point at this machine's address
  // unless PUBLIC_URL says where users open the portal (DECISIONS 9: never a request's Host).
  const env = {
    ...process.env,
    DEFAULT_MAIL_DOMAIN: process.env.DEFAULT_MAIL_DOMAIN || 'demo.test',
    PUBLIC_URL: process.env.PUBLIC_URL || portalUrl().local,
  };
  // Its own process group: a Ctrl-C in the terminal reaches only this script, which passes it
  // on exactly once (the server shuts down on the first signal; a second one would kill it
  // in the middle of closing the database).
  const child = spawn(process.execPath, [path.join('server', 'dist', 'server.js')], {
    cwd: root,
    env,
    // stdin is not passed on: a background process group reading the terminal would be stopped.
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });

  let forwarded = false;
  const forward = (signal) => {
    if (forwarded) {
      console.log('The portal is shutting down...');
      return;
    }
    forwarded = true;
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

  child.on('error', (error) => {
    console.error(`Cannot start the server: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
  void announceWhenReady(child);
}

await main();
