// npm test: every check, in two lanes side by side and then the server suite (LANES below),
// stopping at the first failure.
//
//   typecheck  npm run typecheck              (every workspace that has the script)
//   lint       npm run lint                   (biome check ., then the server's import rules:
//                                             depcruise with .dependency-cruiser.cjs)
//   scaffold   node --test scripts/new-area.test.mjs (npm run new:area on a temporary copy)
//   contracts  npm test -w contracts          (vitest)
//   server     npm test -w server             (vitest; DATABASE_URL picks PostgreSQL)
//   web        npm test -w web                (vitest)
//   build      npm run build                  (web, then server)
//   e2e        npm run test -w e2e            (Playwright against the built portal)
//
// build + e2e is what `npm run test:e2e` runs; they are separate steps here so that each
// gets its own time in the summary. A test step is skipped only when its workspace has no
// test files yet, and the skip is printed. `npm test -- server web` runs only those steps;
// `npm test -- --serial` runs them one after another, in the order above.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { duration, npm, root } from './lib.mjs';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Whether any test file exists under the given folders of the repository. */
function hasTestFiles(folders) {
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir);
    } catch {
      return false;
    }
    for (const entry of entries) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      const full = path.join(dir, entry);
      let info;
      try {
        info = statSync(full);
      } catch {
        continue;
      }
      if (info.isDirectory() ? visit(full) : TEST_FILE.test(entry)) return true;
    }
    return false;
  };
  return folders.some((folder) => visit(path.join(root, folder)));
}

const STEPS = [
  { name: 'typecheck', command: npm, args: ['run', 'typecheck'] },
  { name: 'lint', command: npm, args: ['run', 'lint'] },
  { name: 'scaffold', command: process.execPath, args: ['--test', 'scripts/new-area.test.mjs'] },
  { name: 'contracts', command: npm, args: ['test', '-w', 'contracts'], tests: ['contracts'], noTests: /No test files found/ },
  { name: 'server', command: npm, args: ['test', '-w', 'server'], tests: ['server/src', 'server/test'], noTests: /No test files found/ },
  { name: 'web', command: npm, args: ['test', '-w', 'web'], tests: ['web'], noTests: /No test files found/ },
  { name: 'build', command: npm, args: ['run', 'build'] },
  { name: 'e2e', command: npm, args: ['run', 'test', '-w', 'e2e'], tests: ['e2e'], noTests: /No tests found/ },
];

/**
 * What npm test runs side by side on a 2-core machine: two lanes, then the server suite alone.
 * The browser lane builds and starts Playwright at once: its first minute is the portal's first
 * start (migrate, seed, make the demo documents), which keeps about one core busy, so the checks
 * lane's single-threaded steps use the other. The server suite keeps both cores busy itself, so
 * it runs after them (beside the browser tests it slowed both: a CI run at load 15). A failure
 * in either lane stops both.
 */
const LANES = [
  ['build', 'e2e'],
  ['typecheck', 'lint', 'contracts', 'web', 'scaffold'],
];
const AFTER = ['server'];

/**
 * Output of steps that run side by side: the step started first (the one in front) writes
 * through; a step behind it keeps its output and writes it as one block when it ends, or
 * catches up and writes through once it is in front.
 */
const running = [];

function front() {
  return running[0];
}

function write(run, stream, chunk) {
  if (front() === run) stream.write(chunk);
  else run.held.push([stream, chunk]);
}

function flush(run) {
  for (const [stream, chunk] of run.held) stream.write(chunk);
  run.held = [];
}

/** Runs one step with its output passed through or held, keeping the tail of it (to tell a runner's "no tests found" apart). */
function runStep(step, run) {
  return new Promise((resolve) => {
    const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...color },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a failure in the other lane can stop all of it.
      detached: process.platform !== 'win32',
    });
    run.child = child;
    let tail = '';
    const keep = (chunk, out) => {
      write(run, out, chunk);
      tail = (tail + chunk.toString()).slice(-64 * 1024);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ code: 127, tail: error.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), tail }));
  });
}

/**
 * Stops a running step as Ctrl-C does: SIGINT to its process group, which Playwright takes as
 * the signal to shut down the portal it started (in a process group of its own, so that a
 * SIGTERM to the step's group left that portal running, holding the port the next run needs).
 * A step still running 15 s later is killed.
 */
function stop(run) {
  const child = run.child;
  const pid = child?.pid;
  if (!pid || child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name) => {
    try {
      if (process.platform === 'win32') child.kill();
      else process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGINT');
  const kill = setTimeout(() => signal('SIGKILL'), 15_000);
  kill.unref();
  child.once('close', () => clearTimeout(kill));
}

/** CPU seconds of every finished child (user + system), from /proc on Linux; undefined elsewhere. */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime) are the 14th and 15th after the command name.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function printSummary(results, totalMs, failed, serial) {
  const width = Math.max(...STEPS.map((s) => s.name.length));
  console.log('\n──────── npm test summary ────────');
  for (const r of results) {
    const time = r.ms === undefined ? '' : duration(r.ms);
    console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(8)} ${time.padStart(10)}  ${r.note ?? ''}`);
  }
  const cpu = childCpuSeconds();
  const how = `${serial ? 'one step at a time' : `lanes ${LANES.map((lane) => lane.join(' > ')).join(' | ')}, then ${AFTER.join(' > ')}`}${cpu === undefined ? '' : `; ${Math.round(cpu)} CPU s`}`;
  console.log(
    failed
      ? `FAILED at ${failed.name} (exit ${failed.code}) after ${duration(totalMs)} (${how})`
      : `All steps passed in ${duration(totalMs)} (${how})${results.some((r) => r.status === 'skipped') ? ' (some skipped, see above)' : ''}`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const serial = args.includes('--serial');
  const wanted = args.filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;
  const results = STEPS.map((s) => ({ name: s.name, status: steps.includes(s) ? 'not run' : 'excluded' }));
  const started = performance.now();
  console.log(
    `npm test: ${steps.map((s) => s.name).join(', ')}${serial ? ', one at a time' : ', in two lanes'}${process.env.CI ? ' (CI)' : ''}`,
  );

  let failed = null;
  // The steps run in process groups of their own: Ctrl-C or a stop reaches them from here.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const run of running) stop(run);
      process.exit(130);
    });
  }
  const runLane = async (names) => {
    // In the lane's order.
    for (const step of names.map((name) => STEPS.find((s) => s.name === name)).filter((s) => steps.includes(s))) {
      if (failed) return;
      const result = results.find((r) => r.name === step.name);
      const commandLine = `${path.basename(step.command, '.cmd')} ${step.args.join(' ')}`;
      if (step.tests && !hasTestFiles(step.tests)) {
        result.status = 'skipped';
        result.note = `no test files in ${step.tests.join(', ')} yet`;
        console.log(`\n▶ ${step.name}: SKIPPED, ${result.note}`);
        continue;
      }
      const run = { held: [], child: null };
      running.push(run);
      result.status = 'running';
      write(run, process.stdout, `\n▶ ${step.name}: ${commandLine}\n`);
      const stepStarted = performance.now();
      const { code, tail } = await runStep(step, run);
      result.ms = performance.now() - stepStarted;
      result.note = commandLine;
      if (front() !== run) {
        const beside = results.filter((r) => r.status === 'running' && r !== result).map((r) => r.name);
        process.stdout.write(`\n▶ ${step.name} ended beside ${beside.join(', ')}; its output:\n`);
      }
      flush(run);
      running.splice(running.indexOf(run), 1);
      if (front()) flush(front());
      if (failed) {
        result.status = 'stopped';
        return;
      }
      if (code !== 0 && step.noTests?.test(tail)) {
        result.status = 'skipped';
        result.note = `${commandLine}: the runner found no tests`;
        console.log(`\n▶ ${step.name}: SKIPPED, the runner found no tests to run`);
        continue;
      }
      if (code !== 0) {
        result.status = 'FAILED';
        failed = { name: step.name, code };
        for (const other of running) stop(other);
        return;
      }
      result.status = 'passed';
    }
  };

  if (serial) for (const step of STEPS) await runLane([step.name]);
  else {
    await Promise.all(LANES.map(runLane));
    await runLane(AFTER);
  }
  printSummary(results, performance.now() - started, failed, serial);
  if (failed) process.exit(failed.code);
}

await main();
