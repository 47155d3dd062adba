// Templates of a new settings area: contracts, table, settings-object declaration, API tests.

export function serverTemplates(a) {
  return [
    {
      path: `contracts/src/${a.camel}/schemas.ts`,
      content: `import { z } from 'zod';
import { objectTypeOf, optionalText, RowRights, requiredText, SaveId } from '../common/schemas';

/** ${a.title}: settings objects of type ${a.constant} (see the spec for the fields). */
export const ${a.constant}_OBJECT_TYPE = '${a.constant}';

/** POST /api/Setting with objectType ${a.constant}: create (no id) or update (id). */
export const ${a.singularPascal}SaveBody = z.object({
  objectType: objectTypeOf(${a.constant}_OBJECT_TYPE),
  id: SaveId,
  name: requiredText(200, 'Name'),
  description: optionalText(2000),
});
export type ${a.singularPascal}SaveBody = z.input<typeof ${a.singularPascal}SaveBody>;

export const ${a.singularPascal}Row = z.object({
  id: z.number(),
  objectType: z.literal(${a.constant}_OBJECT_TYPE),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  can: RowRights,
});
export type ${a.singularPascal}Row = z.infer<typeof ${a.singularPascal}Row>;
`,
    },
    {
      path: `contracts/src/${a.camel}/messages.ts`,
      content: `/** The texts of ${a.title} (replace the ones marked "(ours)" with the spec's). */
export const ${a.constant}_TEXT = {
  // (ours)
  loadError: 'Error while loading ${a.title}',
  saveError: 'Error while saving ${a.singularTitle}',
  deleteError: 'Error while deleting ${a.singularTitle}',
  saved: 'Data saved successfully',
  deleteConfirm: 'Are you sure want to delete the ${a.singularTitle}?',
  archived: '${a.singularTitle} Archived successfully. Please refresh to check data',
  duplicateName: 'A ${a.singularTitle.toLowerCase()} with this name already exists',
  notActive: 'This ${a.singularTitle.toLowerCase()} is archived and can no longer be changed',
} as const;
`,
    },
    {
      path: `server/src/db/schema/${a.camel}.ts`,
      content: `import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';

/** ${a.title} (Setting objectType ${a.constant}). */
export const ${a.camel} = pgTable(
  '${a.table}',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    description: text('description'),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('${a.table}_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active ${a.title.toLowerCase()} of a namespace never share a name (any case).
    uniqueIndex('${a.table}_active_name_key').on(t.namespaceId, sql\`lower(\${t.name})\`).where(sql\`\${t.status} = 1\`),
  ],
);
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.service.ts`,
      content: `import { can } from '@portal/contracts';
import { ${a.constant}_TEXT } from '@portal/contracts/${a.camel}/messages';
import { ${a.constant}_OBJECT_TYPE, type ${a.singularPascal}Row, ${a.singularPascal}SaveBody } from '@portal/contracts/${a.camel}/schemas';
import { ${a.camel} } from '../../db/schema/${a.camel}';
import { defineSettingObject } from '../settings';

/** ${a.title}: served by the generic /api/Setting calls (its area entry hands it to SETTING_TYPES, features/index.ts). */
export const ${a.singularCamel}Setting = defineSettingObject({
  objectType: ${a.constant}_OBJECT_TYPE,
  table: ${a.camel},
  activeNameIndex: '${a.table}_active_name_key',
  permissions: { read: '${a.camel}.read', options: '${a.camel}.options', write: '${a.camel}.write' },
  messages: ${a.constant}_TEXT,
  row(record, ctx): ${a.singularPascal}Row {
    const writable = record.status === 1 && can(ctx.user.role, '${a.camel}.write');
    return {
      id: record.id,
      objectType: ${a.constant}_OBJECT_TYPE,
      name: record.name,
      description: record.description,
      status: record.status,
      createdDate: record.createdAt.toISOString(),
      modifiedDate: record.modifiedAt.toISOString(),
      can: { edit: writable, delete: writable },
    };
  },
  save: {
    schema: ${a.singularPascal}SaveBody,
    values: (input) => ({ name: input.name, description: input.description ?? null }),
  },
});
`,
    },
    {
      path: `server/src/features/${a.camel}/index.ts`,
      content: `// The ${a.camel} feature's interface: what other features, features/areas.ts and demo/ use.
import { ${a.singularCamel}Setting } from './${a.camel}.service';

export { ${a.singularCamel}Setting };
/** The area, for features/areas.ts: its settings object type. */
export const ${a.camel}Area = { settingTypes: [${a.singularCamel}Setting] };
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.test.ts`,
      content: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES } from '@portal/contracts';
import { ${a.constant}_TEXT } from '@portal/contracts/${a.camel}/messages';
import type { ${a.singularPascal}Row } from '@portal/contracts/${a.camel}/schemas';
import type { SeededNamespace } from '../../demo/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let admin: Client;
let other: Client;
/** One record per namespace, made by the tests (the demo data has none yet). */
const made = new Map<string, ${a.singularPascal}Row>();
const LIST = '/api/Setting?objectType=${a.constant}&offset=0&limit=15';

beforeAll(async () => {
  t = await createTestContext();
  // A role that may write these records, in each namespace.
  const writer = ROLES.find((role) => can(role, '${a.camel}.write'))?.toLowerCase();
  [admin, other] = await Promise.all([t.login(\`\${writer}@demo.test\`), t.login(\`\${writer}@acme.test\`)]);
  for (const [client, ns] of [
    [admin, 'demo'],
    [other, 'acme'],
  ] as const) {
    const response = await client.post('/api/Setting', { objectType: '${a.constant}', name: \`First \${ns}\` });
    expect(response.statusCode, response.body).toBe(200);
    made.set(ns, response.json());
  }
});
afterAll(async () => t.close());

const recordOf = (ns: SeededNamespace) => made.get(ns === t.demo ? 'demo' : 'acme') as ${a.singularPascal}Row;

describe('${a.title}', () => {
  it('lists the active records by name with their rights', async () => {
    const response = await admin.get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ name: 'First demo', can: { edit: true, delete: true } })]);
  });

  it('updates a record and refuses a duplicate active name with 409', async () => {
    const row = recordOf(t.demo);
    const renamed = await admin.post('/api/Setting', { objectType: '${a.constant}', id: row.id, name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ id: row.id, name: 'Renamed' });
    const duplicate = await admin.post('/api/Setting', { objectType: '${a.constant}', name: 'renamed' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(${a.constant}_TEXT.duplicateName);
  });

  it('archives: the record leaves the list and can no longer be changed', async () => {
    const row = (await admin.post('/api/Setting', { objectType: '${a.constant}', name: 'Short-lived' })).json();
    expect((await admin.delete(\`/api/Setting/\${row.id}\`)).json()).toEqual({ message: ${a.constant}_TEXT.archived });
    expect((await admin.get(LIST)).json().map((r: ${a.singularPascal}Row) => r.id)).not.toContain(row.id);
    const edit = await admin.post('/api/Setting', { objectType: '${a.constant}', id: row.id, name: 'Again' });
    expect(edit.statusCode).toBe(409);
  });
});

describeAreaAccess('${a.title}', () => t, [
  { name: 'list', method: 'GET', url: () => LIST, permission: '${a.camel}.read', namesRecord: false, malformed: [{ url: \`\${LIST}x\` }] },
  { name: 'one record', method: 'GET', url: (ns) => \`/api/Setting/\${recordOf(ns).id}\`, permission: '${a.camel}.options' },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({ objectType: '${a.constant}', id: recordOf(ns).id, name: \`Saved \${ns.name}\` }),
    permission: '${a.camel}.write',
    malformed: [{ body: { objectType: '${a.constant}', name: 42 } }, { rawBody: '{"objectType":' }],
  },
  { name: 'archive', method: 'DELETE', url: (ns) => \`/api/Setting/\${recordOf(ns).id}\`, permission: '${a.camel}.write' },
]);
`,
    },
  ];
}
