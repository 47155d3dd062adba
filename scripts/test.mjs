// npm test: every check, in order, stopping at the first failure.
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
// test files yet, and the skip is printed. `npm test -- server web` runs only those steps.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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
 * Runs one step with its output passed through, keeping the tail of it so that a runner's
 * "no tests found" failure can be told apart from a real one.
 */
function runStep(step) {
  return new Promise((resolve) => {
    const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...color },
      stdio: ['inherit', step.noTests ? 'pipe' : 'inherit', step.noTests ? 'pipe' : 'inherit'],
    });
    let tail = '';
    const keep = (chunk, out) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-64 * 1024);
    };
    child.stdout?.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr?.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ code: 127, tail: error.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), tail }));
  });
}

function printSummary(results, totalMs, failed) {
  const width = Math.max(...STEPS.map((s) => s.name.length));
  console.log('\n──────── npm test summary ────────');
  for (const r of results) {
    const time = r.ms === undefined ? '' : duration(r.ms);
    console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(8)} ${time.padStart(10)}  ${r.note ?? ''}`);
  }
  console.log(
    failed
      ? `FAILED at ${failed.name} (exit ${failed.code}) after ${duration(totalMs)}`
      : `All steps passed in ${duration(totalMs)}${results.some((r) => r.status === 'skipped') ? ' (some skipped, see above)' : ''}`,
  );
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;
  const results = STEPS.map((s) => ({ name: s.name, status: steps.includes(s) ? 'not run' : 'excluded' }));
  const started = performance.now();
  console.log(`npm test: ${steps.map((s) => s.name).join(', ')}${process.env.CI ? ' (CI)' : ''}`);

  for (const step of steps) {
    const result = results.find((r) => r.name === step.name);
    const commandLine = `${path.basename(step.command, '.cmd')} ${step.args.join(' ')}`;
    if (step.tests && !hasTestFiles(step.tests)) {
      result.status = 'skipped';
      result.note = `no test files in ${step.tests.join(', ')} yet`;
      console.log(`\n▶ ${step.name}: SKIPPED, ${result.note}`);
      continue;
    }
    console.log(`\n▶ ${step.name}: ${commandLine}`);
    const stepStarted = performance.now();
    const { code, tail } = await runStep(step);
    result.ms = performance.now() - stepStarted;
    result.note = commandLine;
    if (code !== 0 && step.noTests?.test(tail)) {
      result.status = 'skipped';
      result.note = `${commandLine}: the runner found no tests`;
      console.log(`\n▶ ${step.name}: SKIPPED, the runner found no tests to run`);
      continue;
    }
    if (code !== 0) {
      result.status = 'FAILED';
      printSummary(results, performance.now() - started, { name: step.name, code });
      process.exit(code);
    }
    result.status = 'passed';
  }
  printSummary(results, performance.now() - started, null);
}

await main();
