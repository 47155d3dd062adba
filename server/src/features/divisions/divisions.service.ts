import { and, eq, sql } from 'drizzle-orm';
import { can, DIVISION_OBJECT_TYPE, type DivisionRow, DivisionSaveBody, DIVISIONS, type Role, SHELL, TENANT_ID } from '@portal/contracts';
import { divisions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { type ListQuery, registerSettingType } from '../settings/registry';
import { activeNameTaken, type DivisionRecord, divisionOptions, findDivision, listActiveDivisions } from './divisions.queries';
import { parseBody } from './parseBody';

/** The spec's settings envelope (section 3 "Settings object envelope"), serialised. */
function envelope(d: DivisionRecord): string {
  return JSON.stringify({
    id: d.id,
    name: d.name,
    display_name: d.displayName,
    acronym_code: d.acronymCode,
    description: d.description,
    attribute_form: d.attributeForm,
    status: d.status,
    tenant_id: TENANT_ID,
    object_type: DIVISION_OBJECT_TYPE,
    created_date: d.createdAt.toISOString(),
    modified_date: d.modifiedAt.toISOString(),
    metadata: [],
  });
}

export function divisionRow(d: DivisionRecord, role: Role): DivisionRow {
  const writable = d.status === 1 && can(role, 'divisions.write');
  return {
    id: d.id,
    objectType: DIVISION_OBJECT_TYPE,
    tenantId: TENANT_ID,
    name: d.name,
    displayName: d.displayName,
    acronymCode: d.acronymCode,
    description: d.description,
    attributeForm: d.attributeForm,
    status: d.status,
    createdDate: d.createdAt.toISOString(),
    modifiedDate: d.modifiedAt.toISOString(),
    settingWithMetadata: envelope(d),
    can: { edit: writable, delete: writable },
  };
}

async function list(ctx: RequestContext, query: ListQuery): Promise<DivisionRow[]> {
  const rows = await listActiveDivisions(ctx.db, ctx.scope, query);
  return rows.map((d) => divisionRow(d, ctx.user.role));
}

/** Serialises division saves of a namespace, so two saves cannot both pass the duplicate check. */
const lockDivisions = (tx: Db, namespaceId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('divisions'), ${namespaceId}::int)`);

export async function saveDivision(ctx: RequestContext, body: unknown): Promise<DivisionRow> {
  const input = parseBody(DivisionSaveBody, body);
  const id = input.id && input.id > 0 ? input.id : null;
  const values = {
    name: input.name,
    // A display name the form leaves empty follows the name (the seed does the same).
    displayName: input.displayName ?? input.name,
    acronymCode: input.acronymCode ?? input.acronym_code ?? null,
    description: input.description ?? null,
    attributeForm: input.attributeForm ?? input.attribute_form ?? null,
  };
  const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    await lockDivisions(tx, ctx.scope.namespaceId);
    if (id !== null) {
      const existing = await findDivision(tx, ctx.scope, id);
      if (!existing) throw notFound(SHELL.notFound);
      if (existing.status !== 1) throw conflict(DIVISIONS.notActive);
    }
    if (await activeNameTaken(tx, ctx.scope, values.name, id)) throw conflict(DIVISIONS.duplicateName, { name: DIVISIONS.duplicateName });
    if (id === null) {
      const [row] = await tx
        .insert(divisions)
        .values({ ...values, namespaceId: ctx.scope.namespaceId })
        .returning();
      return row;
    }
    const [row] = await tx
      .update(divisions)
      .set({ ...values, modifiedAt: sql`now()` })
      .where(and(eq(divisions.id, id), eq(divisions.namespaceId, ctx.scope.namespaceId)))
      .returning();
    return row;
  });
  return divisionRow(saved, ctx.user.role);
}

/** Delete means archive (status 0); the division leaves the lists and pickers. Repeating it is harmless. */
export async function archiveDivision(ctx: RequestContext, id: number): Promise<{ message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    await tx
      .update(divisions)
      .set({ status: 0, modifiedAt: sql`now()` })
      .where(and(eq(divisions.id, id), eq(divisions.namespaceId, ctx.scope.namespaceId), eq(divisions.status, 1)));
  });
  return { message: DIVISIONS.archived };
}

registerSettingType({
  objectType: DIVISION_OBJECT_TYPE,
  aliases: ['DIVISION', 'Divisions'],
  list: { permission: 'divisions.read', run: list },
  options: { permission: 'divisions.options', run: (ctx) => divisionOptions(ctx.db, ctx.scope) },
  save: { permission: 'divisions.write', run: saveDivision },
  archive: {
    permission: 'divisions.write',
    find: async (ctx, id) => (await findDivision(ctx.db, ctx.scope, id)) !== null,
    run: archiveDivision,
  },
  get: {
    permission: 'divisions.options',
    run: async (ctx, id) => {
      const division = await findDivision(ctx.db, ctx.scope, id);
      return division ? divisionRow(division, ctx.user.role) : null;
    },
  },
});
