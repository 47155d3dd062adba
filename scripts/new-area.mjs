#!/usr/bin/env node
// Writes the skeleton of a new area, end to end, that passes lint and tests as generated: a
// settings area (the default) or an operational one (--operational). Then you make it the area
// the spec describes.
//
//   settings     contracts (schemas, messages, permissions and route), the table and its
//                migrations (with the audit trigger), the server's settings-object declaration
//                (served by the generic /api/Setting calls) and its API tests, the web screen on
//                the list kit.
//   operational  contracts (schemas, messages, policy and its test, permissions and route in the
//                Operations group), the table and its migrations, the server feature (routes,
//                service, queries scoped to the caller's namespace) and its API tests, the web
//                screen (ListScreen with a filter bar, a SchemaForm panel).
//
// Everything goes into the area's own folders (contracts/src/<area>/, server/src/features/<area>/,
// web/src/<area>/) and new files (server/src/db/schema/<area>.ts, two migrations); the only
// shared files it edits are contracts/src/areas.ts and server/src/features/areas.ts. The web
// finds web/src/<area>/area.ts and icon.tsx by file name.
//
// Usage: npm run new:area -- <name in kebab case, plural> [--operational] [--dry-run]
//   e.g. npm run new:area -- asset-types          npm run new:area -- work-orders --operational
// An existing route of that name in contracts/src/navigation.ts (e.g. category) is taken over:
// the area's route (same key, path, title and menu place) replaces it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractsAreaTemplate } from './new-area/contracts.mjs';
import { operationalTemplates } from './new-area/operational.mjs';
import { serverTemplates } from './new-area/server.mjs';
import { webTemplates } from './new-area/web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const operational = args.includes('--operational');
const name = args.find((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--dry-run' && a !== '--operational');

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || unknown.length > 0) {
  console.error('Usage: npm run new:area -- <name in kebab case, plural> [--operational] [--dry-run]   e.g. asset-types');
  process.exit(2);
}

const words = name.split('-');
const singularWords = [...words.slice(0, -1), words.at(-1).replace(/ies$/, 'y').replace(/s$/, '')];
const cap = (w) => w[0].toUpperCase() + w.slice(1);
const area = {
  kebab: name,
  camel: words[0] + words.slice(1).map(cap).join(''),
  pascal: words.map(cap).join(''),
  singularPascal: singularWords.map(cap).join(''),
  singularCamel: singularWords[0] + singularWords.slice(1).map(cap).join(''),
  constant: singularWords.join('_').toUpperCase(),
  table: words.join('_'),
  upper: words.join('_').toUpperCase(),
  title: words.map(cap).join(' '),
  singularTitle: singularWords.map(cap).join(' '),
};

const navigation = readFileSync(path.join(root, 'contracts/src/navigation.ts'), 'utf8');
const routeLine = new RegExp(`^  ${area.camel}: \\{[^\\n]*\\},?\\n`, 'm');
const existingRoute = navigation.match(routeLine)?.[0];
const calls = operational
  ? [`GET /api/${area.pascal}?offset=0&limit=15`, `GET /api/${area.pascal}/count`]
  : [`GET /api/Setting?objectType=${area.constant}`];
const callsText = `[${calls.map((c) => `'${c}'`).join(', ')}]`;
// A route the shell already lists (e.g. category) keeps its path, title, place in the menu and
// who may open it; a new one starts outside the side navigation (menu: false) until it is placed
// in the spec's menu (then update contracts/src/navigation.test.ts).
const routeEntry = existingRoute
  ? existingRoute
      .replace(/permission: '[^']+'/, `permission: '${area.camel}.read'`)
      .replace(', disabled: true', '')
      .replace(/ \},?\n$/, `, calls: ${callsText} },\n`)
  : `  ${area.camel}: {
    path: '/${operational ? 'operations' : 'settings'}/${area.kebab.replaceAll('-', '')}',
    title: '${area.title}',
    permission: '${area.camel}.read',
    group: '${operational ? 'operations' : 'settings'}',
    menu: false,
    calls: ${callsText},
  },
`;
/** The roles of a new permission: those of the permission the existing route used, if any. */
const permissionsSource = readFileSync(path.join(root, 'contracts/src/permissions.ts'), 'utf8');
const rolesOf = (permission, fallback) =>
  permissionsSource.match(new RegExp(`^  '${permission.replace('.', '\\.')}': (.+),$`, 'm'))?.[1] ?? fallback;
const oldPermission = existingRoute?.match(/permission: '([^']+)'/)?.[1];
const defaultRead = operational ? 'ALL_LO' : 'PLATFORM_ADMINS';
const readRoles = oldPermission ? rolesOf(oldPermission, defaultRead) : defaultRead;
const writeRoles = oldPermission ? rolesOf(oldPermission.replace(/\.read$/, '.write'), 'PLATFORM_ADMINS') : 'PLATFORM_ADMINS';
const permissions = {
  [`${area.camel}.read`]: readRoles,
  [`${area.camel}.write`]: writeRoles,
  ...(operational ? {} : { [`${area.camel}.options`]: 'ALL' }),
};

const files = [
  contractsAreaTemplate(area, { permissions, routeEntry, operational }),
  ...(operational ? operationalTemplates(area) : [...serverTemplates(area), ...webTemplates(area)]),
];
for (const file of files) {
  if (existsSync(path.join(root, file.path))) {
    console.error(`${file.path} exists already: the area ${name} seems to be there`);
    process.exit(1);
  }
}

/** Inserts `text` before `marker` (a line of the file, found once) in a shared file. */
function insert(source, file, marker, text) {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`${file}: cannot find ${JSON.stringify(marker)}`);
  return source.slice(0, at) + text + source.slice(at);
}
/** The shared files the scaffold edits: each gains the area's import and its entries. */
function edit(file, additions) {
  let source = readFileSync(path.join(root, file), 'utf8');
  for (const [marker, text] of additions) source = insert(source, file, marker, text);
  return { path: file, content: source };
}
const edits = [
  edit('contracts/src/areas.ts', [
    [
      "// npm run new:area adds each area's import",
      `import { ${area.upper}_PERMISSIONS, ${area.upper}_ROUTES } from './${area.camel}/area';\n`,
    ],
    ["  // npm run new:area adds each area's permissions", `  ...${area.upper}_PERMISSIONS,\n`],
    ["  // npm run new:area adds each area's routes", `  ...${area.upper}_ROUTES,\n`],
  ]),
  edit('server/src/features/areas.ts', [
    ["// npm run new:area adds each area's import", `import { ${area.camel}Area } from './${area.camel}';\n`],
    ['  // npm run new:area adds each area above', `  ${area.camel}Area,\n`],
  ]),
];

if (dryRun) {
  for (const file of [...files, ...edits]) console.log(file.path);
  process.exit(0);
}

for (const file of files) {
  mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
  writeFileSync(path.join(root, file.path), file.content);
}
for (const e of edits) writeFileSync(path.join(root, e.path), e.content);

const run = (command, commandArgs, cwd = root) => {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
};
// The table's migration, then a custom one for its audit trigger.
run('npx', ['drizzle-kit', 'generate', '--name', area.table], path.join(root, 'server'));
run('npx', ['drizzle-kit', 'generate', '--custom', '--name', `${area.table}_audit`], path.join(root, 'server'));
const journal = JSON.parse(readFileSync(path.join(root, 'server/migrations/meta/_journal.json'), 'utf8'));
const last = journal.entries.at(-1);
writeFileSync(
  path.join(root, `server/migrations/${last.tag}.sql`),
  `-- The audit trail of ${area.table} (see 0002_audit_triggers.sql).\nCREATE TRIGGER ${area.table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${area.table} FOR EACH ROW EXECUTE FUNCTION audit_row_change();\n`,
);
run('npx', ['biome', 'check', '--write', '--no-errors-on-unmatched', ...[...files, ...edits].map((f) => f.path)]);

console.log(`
The area ${area.title} is in place (shared files edited: ${edits.map((e) => e.path).join(', ')}). Next:
  - contracts/src/${area.camel}/: the spec's fields, texts and rules${operational ? ' (policy.ts and its test)' : ''}; area.ts: the spec's roles, and the menu place
  - server/src/db/schema/${area.camel}.ts: the columns (then npm run db:generate -- --name <what>)
  - server/src/features/${area.camel}/: the row, the save body's values, the area's own rules and tests
  - web/src/${area.camel}/: the columns, filters and panel the spec describes
  - e2e/tests/: the user flows, signed in as each role that uses the screen${
    existingRoute
      ? `
  - contracts/src/navigation.ts: delete the ${area.camel} entry (the area's route replaced it) and its icon in web/src/layout/icons.tsx`
      : ''
  }
Check with: npm run typecheck && npm run lint && npm test -- server web e2e`);
