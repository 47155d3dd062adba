// Templates of a new operational area's server side: the table, and the feature (queries scoped
// to the caller's namespace, the service's rules, the routes, its index.ts) with its API tests.

/** The second argument: the names operational.mjs derives from the area (row type, texts constant, policy function, API path). */
export function operationalServerTemplates(a, { row, text, can, api }) {
  return [
    {
      path: `server/src/db/schema/${a.camel}.ts`,
      content: `import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus } from './columns';
import { namespaces } from './namespaces';

/** ${a.title}: a namespace's records; status 1 active, a delete archives (0). */
export const ${a.camel} = pgTable(
  '${a.table}',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    description: text('description'),
    status: recordStatus(),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('${a.table}_namespace_idx').on(t.namespaceId, t.status, t.name)],
);
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.queries.ts`,
      content: `import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ${a.singularPascal}ListQuery } from '@portal/contracts/${a.camel}/schemas';
import { ${a.camel} } from '../../db/schema/${a.camel}';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/**
 * ${a.title}'s SQL. Every function takes the caller's scope first and has its namespace in
 * every condition, so another namespace's ids find nothing (404).
 */

const columns = {
  id: ${a.camel}.id,
  name: ${a.camel}.name,
  description: ${a.camel}.description,
  status: ${a.camel}.status,
  createdAt: ${a.camel}.createdAt,
  modifiedAt: ${a.camel}.modifiedAt,
};

export type ${a.singularPascal}Record = NonNullable<Awaited<ReturnType<typeof find${a.singularPascal}>>>;
export type ${a.singularPascal}Values = { name: string; description: string | null };

type Filter = Pick<${a.singularPascal}ListQuery, 'search' | 'active'>;

function matching(scope: Scope, filter: Filter) {
  return and(
    eq(${a.camel}.namespaceId, scope.namespaceId),
    filter.active ? eq(${a.camel}.status, 1) : ne(${a.camel}.status, 1),
    filter.search ? sql\`strpos(lower(\${${a.camel}.name}), lower(\${filter.search})) > 0\` : undefined,
  );
}

/** A page of the filtered list, by name. */
export async function list${a.pascal}(db: Db, scope: Scope, query: ${a.singularPascal}ListQuery) {
  const rows = db.select(columns).from(${a.camel}).where(matching(scope, query)).orderBy(asc(${a.camel}.name), asc(${a.camel}.id));
  return query.limit < 0 ? rows : rows.limit(query.limit).offset(Math.max(query.offset, 0));
}

export async function count${a.pascal}(db: Db, scope: Scope, filter: Filter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(${a.camel}).where(matching(scope, filter));
  return row.n;
}

export async function find${a.singularPascal}(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select(columns)
    .from(${a.camel})
    .where(and(eq(${a.camel}.namespaceId, scope.namespaceId), eq(${a.camel}.id, id)));
  return rows[0] ?? null;
}

export async function insert${a.singularPascal}(db: Db, scope: Scope, values: ${a.singularPascal}Values) {
  const [added] = await db
    .insert(${a.camel})
    .values({ ...values, namespaceId: scope.namespaceId, createdBy: scope.userId, modifiedBy: scope.userId })
    .returning(columns);
  return added;
}

export async function update${a.singularPascal}(db: Db, scope: Scope, id: number, values: Partial<${a.singularPascal}Values> & { status?: number }) {
  const [changed] = await db
    .update(${a.camel})
    .set({ ...values, modifiedBy: scope.userId, modifiedAt: new Date() })
    .where(and(eq(${a.camel}.namespaceId, scope.namespaceId), eq(${a.camel}.id, id)))
    .returning(columns);
  return changed;
}
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.service.ts`,
      content: `import { ${text} } from '@portal/contracts/${a.camel}/messages';
import { ${can} } from '@portal/contracts/${a.camel}/policy';
import type { ${a.singularPascal}ListQuery, ${row}, ${a.singularPascal}SaveBody } from '@portal/contracts/${a.camel}/schemas';
import { inTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import {
  count${a.pascal},
  find${a.singularPascal},
  insert${a.singularPascal},
  list${a.pascal},
  type ${a.singularPascal}Record,
  update${a.singularPascal},
} from './${a.camel}.queries';

/**
 * ${a.title}: the rules. Reading needs \`${a.camel}.read\`, saving and archiving
 * \`${a.camel}.write\` (the routes' permissions); which record may change is the policy's
 * (contracts/src/${a.camel}/policy.ts), refused here with 409. Another namespace's id answers 404.
 */

function toRow(ctx: RequestContext, r: ${a.singularPascal}Record): ${row} {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    createdDate: r.createdAt.toISOString(),
    modifiedDate: r.modifiedAt.toISOString(),
    can: ${can}(ctx.scope.role, r),
  };
}

async function stored(ctx: RequestContext, id: number) {
  const record = await find${a.singularPascal}(ctx.db, ctx.scope, id);
  if (!record) throw notFound(${text}.notFound);
  return record;
}

export async function ${a.camel}List(ctx: RequestContext, query: ${a.singularPascal}ListQuery): Promise<${row}[]> {
  const records = await list${a.pascal}(ctx.db, ctx.scope, query);
  return records.map((r) => toRow(ctx, r));
}

export async function ${a.camel}Total(ctx: RequestContext, query: Pick<${a.singularPascal}ListQuery, 'search' | 'active'>): Promise<number> {
  return count${a.pascal}(ctx.db, ctx.scope, query);
}

export async function one${a.singularPascal}(ctx: RequestContext, id: number): Promise<${row}> {
  return toRow(ctx, await stored(ctx, id));
}

/** Creates (no id, 0 or -1) or updates an active record (409 once archived). */
export async function save${a.singularPascal}(ctx: RequestContext, body: ${a.singularPascal}SaveBody): Promise<${row}> {
  const values = { name: body.name, description: body.description ?? null };
  const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    if (!body.id || body.id <= 0) return insert${a.singularPascal}(tx, ctx.scope, values);
    const record = await find${a.singularPascal}(tx, ctx.scope, body.id);
    if (!record) throw notFound(${text}.notFound);
    if (!${can}(ctx.scope.role, record).edit) throw conflict(${text}.notActive);
    return update${a.singularPascal}(tx, ctx.scope, body.id, values);
  });
  return toRow(ctx, saved);
}

/** Delete means archive (status 0): the record leaves the active list. */
export async function archive${a.singularPascal}(ctx: RequestContext, id: number): Promise<{ message: string }> {
  const record = await stored(ctx, id);
  if (!${can}(ctx.scope.role, record).delete) throw conflict(${text}.notActive);
  await inTransaction(ctx.db, actorOf(ctx.user), (tx) => update${a.singularPascal}(tx, ctx.scope, id, { status: 0 }));
  return { message: ${text}.archived };
}
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.routes.ts`,
      content: `import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageAnswer } from '@portal/contracts';
import {
  ${a.singularPascal}Filter,
  ${a.singularPascal}IdParams,
  ${a.singularPascal}ListQuery,
  ${row},
  ${a.singularPascal}SaveBody,
} from '@portal/contracts/${a.camel}/schemas';
import { contextOf } from '../context';
import { archive${a.singularPascal}, ${a.camel}List, ${a.camel}Total, one${a.singularPascal}, save${a.singularPascal} } from './${a.camel}.service';

/** ${a.title}'s calls: reading is \`${a.camel}.read\`; saving and archiving \`${a.camel}.write\`. */
export async function ${a.camel}Routes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '${api}',
    { config: { permission: '${a.camel}.read' }, schema: { querystring: ${a.singularPascal}ListQuery, response: { 200: ${row}.array() } } },
    async (request) => ${a.camel}List(contextOf(app, request), request.query),
  );

  r.get(
    '${api}/count',
    { config: { permission: '${a.camel}.read' }, schema: { querystring: ${a.singularPascal}Filter, response: { 200: z.number() } } },
    async (request) => ${a.camel}Total(contextOf(app, request), request.query),
  );

  r.get(
    '${api}/:id',
    { config: { permission: '${a.camel}.read' }, schema: { params: ${a.singularPascal}IdParams, response: { 200: ${row} } } },
    async (request) => one${a.singularPascal}(contextOf(app, request), request.params.id),
  );

  r.post(
    '${api}',
    { config: { permission: '${a.camel}.write' }, schema: { body: ${a.singularPascal}SaveBody, response: { 200: ${row} } } },
    async (request) => save${a.singularPascal}(contextOf(app, request), request.body),
  );

  r.delete(
    '${api}/:id',
    { config: { permission: '${a.camel}.write' }, schema: { params: ${a.singularPascal}IdParams, response: { 200: MessageAnswer } } },
    async (request) => archive${a.singularPascal}(contextOf(app, request), request.params.id),
  );
}
`,
    },
    {
      path: `server/src/features/${a.camel}/index.ts`,
      content: `// The ${a.camel} feature's interface: what other features, features/areas.ts and demo/ use.
import { ${a.camel}Routes } from './${a.camel}.routes';

/** The area, for features/areas.ts: its routes, mounted under /api. */
export const ${a.camel}Area = { routes: ${a.camel}Routes };
`,
    },
    {
      path: `server/src/features/${a.camel}/${a.camel}.test.ts`,
      content: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES } from '@portal/contracts';
import { ${text} } from '@portal/contracts/${a.camel}/messages';
import type { ${row} } from '@portal/contracts/${a.camel}/schemas';
import type { SeededNamespace } from '../../demo/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let writer: Client;
let other: Client;
/** One record per namespace, made by the tests (the demo data has none yet). */
const made = new Map<string, ${row}>();
const LIST = '/api${api}?offset=0&limit=15';

beforeAll(async () => {
  t = await createTestContext();
  // A role that may write these records, in each namespace.
  const role = ROLES.find((r) => can(r, '${a.camel}.write'))?.toLowerCase();
  [writer, other] = await Promise.all([t.login(\`\${role}@demo.test\`), t.login(\`\${role}@acme.test\`)]);
  for (const [client, ns] of [
    [writer, 'demo'],
    [other, 'acme'],
  ] as const) {
    const response = await client.post('/api${api}', { name: \`First \${ns}\`, description: 'Made by the test' });
    expect(response.statusCode, response.body).toBe(200);
    made.set(ns, response.json());
  }
});
afterAll(async () => t.close());

const recordOf = (ns: SeededNamespace) => made.get(ns === t.demo ? 'demo' : 'acme') as ${row};

describe('${a.title}', () => {
  it("lists its namespace's active records by name with their rights, and counts them", async () => {
    const response = await writer.get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ name: 'First demo', status: 1, can: { edit: true, delete: true } })]);
    expect((await writer.get('/api${api}/count')).json()).toBe(1);
  });

  it('filters by name', async () => {
    expect((await writer.get(\`\${LIST}&search=FIRST\`)).json()).toHaveLength(1);
    expect((await writer.get(\`\${LIST}&search=nothing-like-it\`)).json()).toEqual([]);
  });

  it('updates a record', async () => {
    const row = recordOf(t.demo);
    const saved = await writer.post('/api${api}', { id: row.id, name: 'Renamed', description: '' });
    expect(saved.json()).toMatchObject({ id: row.id, name: 'Renamed', description: null });
    expect((await writer.get(\`/api${api}/\${row.id}\`)).json()).toMatchObject({ name: 'Renamed' });
  });

  it('refuses a save without a name with 400 naming the field', async () => {
    const response = await writer.post('/api${api}', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('name');
  });

  it('archives: the record leaves the active list, shows among the archived without rights, and can no longer be changed', async () => {
    const row = (await writer.post('/api${api}', { name: 'Short-lived' })).json();
    expect((await writer.delete(\`/api${api}/\${row.id}\`)).json()).toEqual({ message: ${text}.archived });
    expect((await writer.get(LIST)).json().map((r: ${row}) => r.id)).not.toContain(row.id);
    const archived = (await writer.get(\`\${LIST}&active=false\`)).json();
    expect(archived).toEqual([expect.objectContaining({ id: row.id, status: 0, can: { edit: false, delete: false } })]);
    const edit = await writer.post('/api${api}', { id: row.id, name: 'Again' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(${text}.notActive);
  });
});

describeAreaAccess('${a.title}', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => LIST,
    permission: '${a.camel}.read',
    namesRecord: false,
    malformed: [{ url: '/api${api}?offset=-5' }, { url: '/api${api}?active=maybe' }],
  },
  { name: 'count', method: 'GET', url: () => '/api${api}/count', permission: '${a.camel}.read', namesRecord: false },
  {
    name: 'one record',
    method: 'GET',
    url: (ns) => \`/api${api}/\${recordOf(ns).id}\`,
    permission: '${a.camel}.read',
    malformed: [{ url: '/api${api}/abc' }],
  },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api${api}',
    body: (ns) => ({ id: recordOf(ns).id, name: \`Saved \${ns.name}\` }),
    permission: '${a.camel}.write',
    malformed: [{ body: { name: 42 } }, { rawBody: '{"name":' }],
  },
  { name: 'archive', method: 'DELETE', url: (ns) => \`/api${api}/\${recordOf(ns).id}\`, permission: '${a.camel}.write' },
]);
`,
    },
  ];
}
