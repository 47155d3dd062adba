#!/usr/bin/env node
// Writes the skeleton of a new settings area, end to end, that passes lint and tests as
// generated: contracts (schemas, messages, permissions, route), the table and its migrations
// (with the audit trigger), the server's settings-object declaration and its API tests, and
// the web screen on the list kit. Then you make it the area the spec describes.
//
// Usage: npm run new:area -- <name in kebab case, plural> [--dry-run]
//   e.g. npm run new:area -- asset-types
// An existing route of that name in contracts/src/navigation.ts (e.g. assetTypes) is taken
// over; otherwise a new one is added to the Settings group.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webTemplates } from './new-area/web.mjs';
import { serverTemplates } from './new-area/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const name = args.find((a) => !a.startsWith('--'));

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('Usage: npm run new:area -- <name in kebab case, plural>   e.g. asset-types');
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
  title: words.map(cap).join(' '),
  singularTitle: singularWords.map(cap).join(' '),
};

const files = [...serverTemplates(area), ...webTemplates(area)];
for (const file of files) {
  if (existsSync(path.join(root, file.path))) {
    console.error(`${file.path} exists already: the area ${name} seems to be there`);
    process.exit(1);
  }
}

/**
 * Inserts `text` before the first match of `marker` that follows `after` in a file (or
 * appends when marker is null).
 */
function insert(file, marker, text, after = '') {
  const full = path.join(root, file);
  const source = readFileSync(full, 'utf8');
  if (marker === null) return { path: file, content: source.endsWith('\n') ? source + text : `${source}\n${text}` };
  const from = source.indexOf(after);
  if (from < 0) throw new Error(`${file}: cannot find ${JSON.stringify(after)}`);
  const at = source.indexOf(marker, from);
  if (at < 0) throw new Error(`${file}: cannot find ${JSON.stringify(marker)}`);
  return { path: file, content: source.slice(0, at) + text + source.slice(at) };
}

const navigation = readFileSync(path.join(root, 'contracts/src/navigation.ts'), 'utf8');
const routeLine = new RegExp(`^  ${area.camel}: \\{[^\\n]*\\},?\\n`, 'm');
const existingRoute = navigation.match(routeLine)?.[0];
// A route the shell already lists (e.g. assetTypes) keeps its path, title, place in the menu
// and who may open it; a new one starts outside the side navigation (menu: false) until it is
// placed in the spec's menu (then update contracts/src/navigation.test.ts).
const routeEntry = existingRoute
  ? existingRoute
      .replace(/permission: '[^']+'/, `permission: '${area.camel}.read'`)
      .replace(/ \},?\n$/, `, calls: ['GET /api/Setting?objectType=${area.constant}'] },\n`)
  : `  ${area.camel}: {
    path: '/settings/${area.kebab.replaceAll('-', '')}',
    title: '${area.title}',
    permission: '${area.camel}.read',
    group: 'settings',
    menu: false,
    calls: ['GET /api/Setting?objectType=${area.constant}'],
  },
`;
/** The roles of a new permission: those of the permission the existing route used, if any. */
const permissionsSource = readFileSync(path.join(root, 'contracts/src/permissions.ts'), 'utf8');
const rolesOf = (permission, fallback) =>
  permissionsSource.match(new RegExp(`^  '${permission.replace('.', '\\.')}': (.+),$`, 'm'))?.[1] ?? fallback;
const oldPermission = existingRoute?.match(/permission: '([^']+)'/)?.[1];
const readRoles = oldPermission ? rolesOf(oldPermission, 'PLATFORM_ADMINS') : 'PLATFORM_ADMINS';
const writeRoles = oldPermission ? rolesOf(oldPermission.replace(/\.read$/, '.write'), readRoles) : 'PLATFORM_ADMINS';
const routeExists = existingRoute !== undefined;
const edits = [
  insert('contracts/src/index.ts', null, `export * from './${area.camel}/schemas';\n`),
  insert('contracts/src/messages.ts', null, `export * from './${area.camel}/messages';\n`),
  insert(
    'contracts/src/permissions.ts',
    '} as const satisfies Record<string, readonly Role[]>;',
    `  '${area.camel}.read': ${readRoles},\n  '${area.camel}.write': ${writeRoles},\n  '${area.camel}.options': ALL,\n`,
  ),
  {
    path: 'contracts/src/navigation.ts',
    content: routeExists ? navigation.replace(routeLine, routeEntry) : navigation.replace('  // Admin\n', `${routeEntry}  // Admin\n`),
  },
  ...(routeExists ? [] : [insert('web/src/layout/icons.tsx', '};\n', `  ${area.camel}: <Tune />,\n`, 'export const ROUTE_ICONS')]),
  insert('server/src/db/schema/index.ts', null, `export * from './${area.camel}';\n`),
  insert('web/src/screens.ts', '};\n', `  ${area.camel}: () => import('./${area.camel}/${area.pascal}Page'),\n`, 'export const SCREENS'),
];

const typesFile = 'server/src/features/index.ts';
if (dryRun) {
  for (const file of [...files, ...edits, { path: typesFile }]) console.log(file.path);
  process.exit(0);
}

for (const file of files) {
  mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
  writeFileSync(path.join(root, file.path), file.content);
}
for (const edit of edits) writeFileSync(path.join(root, edit.path), edit.content);
{
  // The explicit list of settings object types (SETTING_TYPES) gains the new one, taken from
  // the new feature's index.ts.
  let source = readFileSync(path.join(root, typesFile), 'utf8');
  source = source.replace(
    '\n/**\n * Every settings object type',
    `import { ${area.singularCamel}Setting } from './${area.camel}';\n\n/**\n * Every settings object type`,
  );
  source = source.replace(
    /(export const SETTING_TYPES: readonly SettingType\[\] = \[[^\]]*?),?\s*\];/,
    `$1, ${area.singularCamel}Setting];`,
  );
  writeFileSync(path.join(root, typesFile), source);
}

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
run('npx', ['biome', 'check', '--write', '--no-errors-on-unmatched', ...[...files, ...edits].map((f) => f.path), typesFile]);

console.log(`
The area ${area.title} is in place. Next:
  - contracts/src/${area.camel}/: the spec's fields, texts and rules; permissions.ts: the spec's roles
  - server/src/db/schema/${area.camel}.ts: the columns (then npm run db:generate -- --name <what>)
  - server/src/features/${area.camel}/: the row, the save body's values, the area's own rules and tests
  - web/src/${area.camel}/: the columns, filters and panel the spec describes
  - e2e/tests/: the user flows, signed in as each role that uses the screen
Check with: npm run typecheck && npm run lint && npm test -- server web e2e`);
