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
/** The two modes, each on an area of its own in the same copy. */
const MODES = [
  { area: 'scaffold-probes', camel: 'scaffoldProbes', pascal: 'ScaffoldProbes', table: 'scaffold_probes', args: [] },
  { area: 'scaffold-orders', camel: 'scaffoldOrders', pascal: 'ScaffoldOrders', table: 'scaffold_orders', args: ['--operational'] },
];
/** The only files outside its own folders that the scaffold may edit (registries discover the rest). */
const SHARED = ['contracts/src/areas.ts', 'server/src/features/areas.ts'];

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

/** The content of every file of the copy git would see, by path. */
function snapshot() {
  const listed = spawnSync('git', ['ls-files', '-z', '--others', '--exclude-standard'], { cwd: copy, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  // (Not the links to this checkout's node_modules folders: git sees a link, not a folder.)
  const files = listed.stdout.split('\0').filter((file) => file && lstatSync(path.join(copy, file)).isFile());
  return new Map(files.map((file) => [file, readFileSync(path.join(copy, file), 'utf8')]));
}

test('npm run new:area writes a settings and an operational area that pass lint, typecheck and their tests as generated', {
  timeout: 600_000,
}, () => {
  const written = [];
  for (const mode of MODES) {
    const planned = run('node', ['scripts/new-area.mjs', mode.area, ...mode.args, '--dry-run'])
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    assert.ok(planned.includes(`server/src/features/${mode.camel}/${mode.camel}.service.ts`), planned.join('\n'));
    assert.ok(planned.includes(`web/src/${mode.camel}/${mode.pascal}Page.tsx`), planned.join('\n'));
    assert.ok(planned.includes(`contracts/src/${mode.camel}/area.ts`), planned.join('\n'));
    // A dry run writes nothing.
    assert.equal(existsSync(path.join(copy, 'server/src/features', mode.camel)), false);

    const before = snapshot();
    run('node', ['scripts/new-area.mjs', mode.area, ...mode.args]);
    for (const file of planned) assert.ok(existsSync(path.join(copy, file)), `${file} was not written`);
    const after = snapshot();
    // Edited: the two shared files only. Added: the area's folders, its table file and its migrations.
    // (drizzle-kit's journal of the migrations is not one: every migration adds to it.)
    const edited = [...before]
      .filter(([file, content]) => after.get(file) !== content && !file.startsWith('server/migrations/meta/'))
      .map(([file]) => file);
    assert.deepEqual(edited.sort(), SHARED, `${mode.area} edited ${edited.join(', ')}`);
    const own = new RegExp(
      `^(contracts/src/${mode.camel}/|server/src/features/${mode.camel}/|web/src/${mode.camel}/|server/src/db/schema/${mode.camel}\\.ts$|server/migrations/)`,
    );
    const added = [...after.keys()].filter((file) => !before.has(file));
    assert.deepEqual(
      added.filter((file) => !own.test(file)),
      [],
      `${mode.area} added files outside its own folders`,
    );
    // The table's migration and the custom one with its audit trigger.
    const migrations = added.filter((file) => file.startsWith('server/migrations/') && file.endsWith('.sql'));
    assert.equal(migrations.length, 2, migrations.join(', '));
    const sql = migrations.map((file) => after.get(file)).join('\n');
    assert.match(sql, new RegExp(`CREATE TABLE "${mode.table}"`));
    assert.match(sql, new RegExp(`CREATE TRIGGER ${mode.table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${mode.table}`));
    written.push(...planned);
  }

  // Lint: exactly what the scaffold wrote or edited, as `npx biome check .` would.
  run('npx', ['--no-install', 'biome', 'check', '--no-errors-on-unmatched', ...new Set(written)]);
  // The import rules (.dependency-cruiser.cjs): the new features talk to others through index.ts.
  run('npx', ['--no-install', 'depcruise', 'server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
  // Typecheck: the workspaces that gained files, against the copy's contracts.
  for (const workspace of ['contracts', 'server', 'web'])
    run('npx', ['--no-install', 'tsc', '-p', `${workspace}/tsconfig.json`, '--noEmit']);
  // The generated tests: the operational policy's, the navigation rules with the new routes, and
  // both areas' API tests (success, bad input, no session, wrong role, other namespace) on a
  // database migrated with their migrations.
  run('npx', ['--no-install', 'vitest', 'run', `src/${MODES[1].camel}`, 'src/navigation.test.ts'], path.join(copy, 'contracts'));
  run('npx', ['--no-install', 'vitest', 'run', ...MODES.map((mode) => `src/features/${mode.camel}/`)], path.join(copy, 'server'));
});
