import { and, eq, sql } from 'drizzle-orm';
import {
  OFFICE_OBJECT_TYPE,
  type OfficeOption,
  type OfficeRow,
  type OfficeSaveBody,
  OFFICES,
  type Role,
  SHELL,
  settingsRowCan,
} from '@portal/contracts';
import type { z } from 'zod';
import { offices } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import { activeJobsOfOffice } from '../catalogue';
import { effectiveCode } from '../sequences';
import type { RequestContext } from '../context';
import { defineLocationType } from '../locations';
import { activeOffices, countActivePrimaryUsers, findOffice, listOffices, type OfficeRecord } from './offices.queries';

type OfficeInput = z.output<typeof OfficeSaveBody>;

/** One line for the Address tooltip: the non-empty parts, comma separated. */
export function formatAddress(o: Pick<OfficeRecord, 'street' | 'city' | 'state' | 'country' | 'pin'>): string {
  return [o.street, o.city, o.state, o.country, o.pin === null ? null : String(o.pin)]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

export function officeRow(o: OfficeRecord, role: Role): OfficeRow {
  return {
    id: o.id,
    objectType: OFFICE_OBJECT_TYPE,
    locationLevel: 0,
    name: o.name,
    acronymCode: o.acronymCode,
    code: o.code,
    street: o.street,
    city: o.city,
    state: o.state,
    country: o.country,
    pin: o.pin,
    phone: o.phone,
    externalId: o.externalId,
    status: o.status,
    timeZone: o.timeZone,
    address: formatAddress(o),
    createdDate: o.createdAt.toISOString(),
    modifiedDate: o.modifiedAt.toISOString(),
    can: settingsRowCan(role, 'offices.write', o),
  };
}

export async function officeList(ctx: RequestContext, filter: { name?: string; code?: string; acronym_code?: string }) {
  const rows = await listOffices(ctx.db, ctx.scope, { name: filter.name, code: filter.code ?? filter.acronym_code });
  return rows.map((o) => officeRow(o, ctx.user.role));
}

export async function saveOffice(ctx: RequestContext, input: OfficeInput): Promise<OfficeRow> {
  const id = input.id && input.id > 0 ? input.id : null;
  const values = {
    name: input.name,
    street: input.street,
    city: input.city ?? null,
    state: input.state ?? null,
    country: input.country ?? null,
    pin: input.pin ?? null,
    phone: input.phone ?? null,
    acronymCode: input.acronymCode ?? null,
    externalId: input.externalId ?? null,
    timeZone: input.timeZone?.trim() || null,
  };
  const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = id === null ? null : await findOffice(tx, ctx.scope, id);
    if (id !== null && !existing) throw notFound(SHELL.notFound);
    if (existing && existing.status !== 1) throw conflict(OFFICES.notActive);
    // The code numbers print: typed (refused when another office holds it) or derived (DUB, DUB2...).
    const code = await effectiveCode(
      tx,
      offices,
      { namespaceId: ctx.scope.namespaceId, id, name: values.name, acronymCode: values.acronymCode, existing },
      (taken, holder) => conflict(OFFICES.codeTaken(taken, holder), { acronymCode: OFFICES.codeTaken(taken, holder) }),
    );
    // A name another active office has is refused by the index (officeLocation.unique).
    return officeLocation.guard(values, async () => {
      if (id === null) {
        const [row] = await tx
          .insert(offices)
          .values({ ...values, code, namespaceId: ctx.scope.namespaceId })
          .returning();
        return row;
      }
      const [row] = await tx
        .update(offices)
        .set({ ...values, code, modifiedAt: sql`now()` })
        .where(and(eq(offices.id, id), eq(offices.namespaceId, ctx.scope.namespaceId)))
        .returning();
      return row;
    });
  });
  return officeRow(saved, ctx.user.role);
}

/** Delete means archive; refused while active users work from the office. Repeating it is harmless. */
export async function archiveOffice(ctx: RequestContext, id: number): Promise<{ message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = await findOffice(tx, ctx.scope, id);
    if (!existing) throw notFound(SHELL.notFound);
    if (existing.status !== 1) return;
    if ((await countActivePrimaryUsers(tx, ctx.scope, id)) > 0) throw conflict(OFFICES.inUse);
    const jobs = await activeJobsOfOffice(tx, ctx.scope, id);
    if (jobs.length) throw conflict(OFFICES.inUseByJobs(jobs));
    await tx
      .update(offices)
      .set({ status: 0, modifiedAt: sql`now()` })
      .where(and(eq(offices.id, id), eq(offices.namespaceId, ctx.scope.namespaceId)));
  });
  return { message: OFFICES.deleted };
}

async function officeOptions(ctx: RequestContext): Promise<OfficeOption[]> {
  const rows = await activeOffices(ctx.db, ctx.scope);
  return rows.map((o) => ({ ...o, objectType: OFFICE_OBJECT_TYPE }));
}

export const officeLocation = defineLocationType<{ name: string }>({
  objectType: OFFICE_OBJECT_TYPE,
  table: offices,
  unique: [
    {
      index: 'offices_active_name_key',
      scope: ['namespace_id'],
      value: 'lower(name)',
      field: 'name',
      message: () => OFFICES.duplicateName,
    },
  ],
  objects: { permission: 'locations.read', run: (ctx) => officeOptions(ctx) },
  get: {
    permission: 'locations.read',
    run: async (ctx, id) => {
      const office = await findOffice(ctx.db, ctx.scope, id);
      return office ? officeRow(office, ctx.user.role) : null;
    },
  },
});
