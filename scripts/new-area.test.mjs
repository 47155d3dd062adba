// `npm run new:area` as a user runs it, on a throw-away copy of the repository (npm test's
// "scaffold" step; alone: node --test scripts/new-area.test.mjs).
//
// The copy holds the files git knows (tracked, or new and not ignored) as they are on disk, and
// a node_modules of links to this checkout's packages, except @portal/*, which point into the
// copy, so that the copy's contracts (with the new area) are the ones server and web compile
// against. The scaffold writes only inside the copy, which is removed afterwards, also when a
// check fails or the run is interrupted: this checkout is never written to.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREA = 'scaffold-probes';
const CAMEL = 'scaffoldProbes';

let copy = '';
const removeCopy = () => {
  if (copy) rmSync(copy, { recursive: true, force: true });
};
// Also on Ctrl-C or a kill, not only when the tests end.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    removeCopy();
    process.exit(130);
  });
}
process.once('exit', removeCopy);

/** Runs a command in the copy; fails the test with its output when it fails. */
function run(command, args, cwd = copy) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed in ${cwd}:\n${output.slice(-8000)}`);
  return output;
}

/** The repository's files as git sees them (tracked, or new and not ignored), that exist on disk. */
function repositoryFiles() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  return listed.stdout.split('\0').filter((file) => file && existsSync(path.join(root, file)));
}

/** node_modules of links: every package of this checkout, but the workspaces are the copy's. */
function linkNodeModules() {
  const source = path.join(root, 'node_modules');
  const target = path.join(copy, 'node_modules');
  mkdirSync(target);
  for (const entry of readdirSync(source)) {
    if (entry === '@portal') continue;
    symlinkSync(path.join(source, entry), path.join(target, entry));
  }
  mkdirSync(path.join(target, '@portal'));
  for (const entry of readdirSync(path.join(source, '@portal'))) {
    const link = path.join(source, '@portal', entry);
    // Workspace links are relative (../../contracts), so they lead into the copy.
    if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), path.join(target, '@portal', entry));
  }
  // A workspace's own node_modules (server's) is linked as it is.
  for (const workspace of ['contracts', 'server', 'web', 'e2e', 'bench']) {
    const own = path.join(root, workspace, 'node_modules');
    if (existsSync(own) && existsSync(path.join(copy, workspace))) symlinkSync(own, path.join(copy, workspace, 'node_modules'));
  }
}

before(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'new-area-test-'));
  for (const file of repositoryFiles()) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
  linkNodeModules();
  // Biome reads .gitignore through git, as in a checkout.
  run('git', ['init', '-q']);
});

after(removeCopy);

test('npm run new:area writes an area that passes lint and typecheck as generated', { timeout: 300_000 }, () => {
  const planned = run('node', ['scripts/new-area.mjs', AREA, '--dry-run'])
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  assert.ok(planned.includes(`server/src/features/${CAMEL}/${CAMEL}.service.ts`), planned.join('\n'));
  assert.ok(planned.includes(`web/src/${CAMEL}/ScaffoldProbesPage.tsx`), planned.join('\n'));
  assert.ok(planned.includes('contracts/src/navigation.ts'), planned.join('\n'));
  // A dry run writes nothing.
  assert.equal(existsSync(path.join(copy, 'server/src/features', CAMEL)), false);

  const migrationsBefore = readdirSync(path.join(copy, 'server/migrations')).filter((f) => f.endsWith('.sql'));
  run('node', ['scripts/new-area.mjs', AREA]);
  for (const file of planned) assert.ok(existsSync(path.join(copy, file)), `${file} was not written`);
  // The table's migration and the custom one with its audit trigger.
  const migrations = readdirSync(path.join(copy, 'server/migrations')).filter((f) => f.endsWith('.sql') && !migrationsBefore.includes(f));
  assert.equal(migrations.length, 2, migrations.join(', '));
  const sql = migrations.map((f) => readFileSync(path.join(copy, 'server/migrations', f), 'utf8')).join('\n');
  assert.match(sql, /CREATE TABLE "scaffold_probes"/);
  assert.match(sql, /CREATE TRIGGER scaffold_probes_audit AFTER INSERT OR UPDATE OR DELETE ON scaffold_probes/);

  // Lint: exactly what the scaffold wrote or edited, as `npx biome check .` would.
  run('npx', ['--no-install', 'biome', 'check', '--no-errors-on-unmatched', ...planned]);
  // The import rules (.dependency-cruiser.cjs): the new feature talks to others through index.ts.
  run('npx', ['--no-install', 'depcruise', 'server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
  // Typecheck: the workspaces that gained files, against the copy's contracts.
  for (const workspace of ['contracts', 'server', 'web'])
    run('npx', ['--no-install', 'tsc', '-p', `${workspace}/tsconfig.json`, '--noEmit']);
});
