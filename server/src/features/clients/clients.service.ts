import { and, eq, inArray, sql } from 'drizzle-orm';
import { ClientBody, LOCATION_OBJECT_TYPE, LOCATIONS, SHELL, SiteBody } from '@portal/contracts';
import { clientCompanies, clientOffices, offices, sites } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { actorOf, mayUseSite } from '../../lib/scope';
import type { RequestContext } from '../context';
import { defineLocationType } from '../locations';
import { parseBody } from '../../lib/parseBody';
import {
  clientOptions,
  countClients,
  countSites,
  findClient,
  findSite,
  listClients,
  listSites,
  type NameCodeFilter,
} from './clients.queries';
import { toClientOption, toClientRow, toSiteOption, toSiteRow } from './rows';
import { queryRows } from '../../db/rows';

/** Offices of a client: active offices of the namespace, or ones it already has (kept if archived since). */
export async function checkOffices(tx: Db, namespaceId: number, officeIds: number[], held: number[] = []): Promise<void> {
  const wanted = officeIds.filter((id) => !held.includes(id));
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.namespaceId, namespaceId), eq(offices.status, 1), inArray(offices.id, wanted)));
  const bad = wanted.filter((id) => !rows.some((r) => r.id === id));
  if (bad.length) {
    const message = `LO Offices ${bad.join(', ')} are not active offices of this namespace`;
    throw badRequest(message, { officeIds: message });
  }
}

export async function replaceClientOffices(tx: Db, clientId: number, officeIds: number[]): Promise<void> {
  await tx.delete(clientOffices).where(eq(clientOffices.clientId, clientId));
  if (officeIds.length) await tx.insert(clientOffices).values(officeIds.map((officeId) => ({ clientId, officeId })));
}

/** `POST /api/Location` with objectType CLIENT_COMPANY: edits a client (new ones come through Add Client). */
async function saveClient(ctx: RequestContext, raw: Record<string, unknown>) {
  if (raw.id === undefined || raw.id === null || raw.id === '' || Number(raw.id) <= 0) {
    throw badRequest(LOCATIONS.addThroughAddClient, { id: LOCATIONS.addThroughAddClient });
  }
  const body = parseBody(ClientBody, raw);
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = await findClient(tx, ctx.scope, body.id);
    if (!existing) throw notFound(SHELL.notFound);
    if (existing.status !== 1) throw conflict(LOCATIONS.clientNotActive);
    const held = (existing.offices?.[0] ?? '').split(',').filter(Boolean).map(Number);
    await checkOffices(tx, ctx.scope.namespaceId, body.officeIds, held);
    const { id, officeIds, objectType: _type, tenantId: _tenant, ...fields } = body;
    // A name or code another active client has is refused by the index (clientLocation.unique).
    await clientLocation.guard(body, () =>
      tx
        .update(clientCompanies)
        .set({ ...fields, modifiedAt: sql`now()` })
        .where(eq(clientCompanies.id, id)),
    );
    const sameOffices = officeIds.length === held.length && officeIds.every((officeId) => held.includes(officeId));
    if (!sameOffices) await replaceClientOffices(tx, id, officeIds);
  });
  const saved = await findClient(ctx.db, ctx.scope, body.id);
  return toClientRow(saved!, ctx.user);
}

/** The parent of a site: absent or the client itself means top level; otherwise a site of the same client. */
async function resolveParent(tx: Db, companyId: number, parentId: number | null, siteId: number | null): Promise<number | null> {
  if (parentId === null || parentId === companyId) return null;
  const [parent] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, parentId), eq(sites.companyId, companyId)));
  if (!parent || parent.id === siteId) throw badRequest(LOCATIONS.parentNotOfClient, { parentId: 'is not a location of this client' });
  if (siteId !== null) {
    // A site cannot move under one of its own descendants: the tree would become a loop.
    const loop = await queryRows<{ found: number }>(
      tx,
      sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from sites where id = ${parent.id}
        union all
        select s.id, s.parent_id, up.depth + 1 from sites s join up on s.id = up.parent_id where up.depth < 1000
      )
      select 1 as found from up where id = ${siteId} limit 1`,
    );
    if (loop.length > 0) {
      throw badRequest(LOCATIONS.parentIsDescendant, {
        parentId: 'is one of the locations under this one',
      });
    }
  }
  return parent.id;
}

/** `POST /api/Location` with objectType SITE: creates or edits a client's location. */
async function saveSite(ctx: RequestContext, raw: Record<string, unknown>) {
  const body = parseBody(SiteBody, raw);
  const id = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = body.id ? await findSite(tx, ctx.scope, body.id) : null;
    if (body.id && !existing) throw notFound(SHELL.notFound);
    if (existing && existing.status !== 1) throw conflict(LOCATIONS.siteNotActive);
    if (existing && existing.companyId !== body.companyId) {
      throw badRequest(LOCATIONS.siteMovesClient, { companyId: LOCATIONS.siteMovesClient });
    }
    const client = await findClient(tx, ctx.scope, body.companyId);
    if (!client || (client.status !== 1 && !existing)) {
      throw badRequest(LOCATIONS.clientNotInNamespace, { companyId: 'is not a client of this namespace' });
    }
    const parentId = await resolveParent(tx, body.companyId, body.parentId ?? null, body.id ?? null);
    const { id: _id, objectType: _type, tenantId: _tenant, companyId, parentId: _parent, ...fields } = body;
    // A name an active sibling (same client and parent) has is refused by the index (siteLocation.unique).
    return siteLocation.guard(body, async () => {
      if (existing) {
        await tx
          .update(sites)
          .set({ ...fields, parentId, modifiedAt: sql`now()` })
          .where(eq(sites.id, existing.id));
        return existing.id;
      }
      const [row] = await tx
        .insert(sites)
        .values({ ...fields, namespaceId: ctx.scope.namespaceId, companyId, parentId, locationLevel: 0, type: 1, status: 1 })
        .returning({ id: sites.id });
      return row.id;
    });
  });
  const saved = await findSite(ctx.db, ctx.scope, id);
  return toSiteRow(saved!, ctx.user);
}

export const clientLocation = defineLocationType<{ name: string }>({
  objectType: LOCATION_OBJECT_TYPE.CLIENT_COMPANY,
  table: clientCompanies,
  unique: [
    {
      index: 'client_companies_active_name_key',
      scope: ['namespace_id'],
      value: 'lower(name)',
      field: 'name',
      message: () => LOCATIONS.duplicateClientName,
    },
    {
      index: 'client_companies_code_active_key',
      scope: ['namespace_id'],
      value: 'lower(acronym_code)',
      field: 'acronymCode',
      message: () => LOCATIONS.duplicateClientCode,
    },
  ],
  view: {
    permission: 'clients.read',
    async list(ctx, query, filter) {
      const rows = await listClients(ctx.db, ctx.scope, filter as NameCodeFilter, query);
      return rows.map((row) => toClientRow(row, ctx.user));
    },
    count: (ctx, _query, filter) => countClients(ctx.db, ctx.scope, filter as NameCodeFilter),
  },
  objects: {
    permission: 'locations.read',
    async run(ctx) {
      return (await clientOptions(ctx.db, ctx.scope)).map(toClientOption);
    },
  },
  get: {
    permission: 'locations.read',
    async run(ctx, id) {
      const found = await findClient(ctx.db, ctx.scope, id);
      return found ? toClientRow(found, ctx.user) : null;
    },
  },
  save: { permission: 'clients.update', run: saveClient },
});

export const siteLocation = defineLocationType<{ name: string }>({
  objectType: LOCATION_OBJECT_TYPE.SITE,
  table: sites,
  unique: [
    {
      index: 'sites_active_name_key',
      scope: ['company_id', 'COALESCE(parent_id, 0)'],
      value: 'lower(name)',
      field: 'name',
      message: () => LOCATIONS.duplicateSiteName,
    },
  ],
  view: {
    permission: 'clients.locations',
    async list(ctx, query, filter) {
      const rows = await listSites(ctx.db, ctx.scope, query, filter as NameCodeFilter, query);
      return rows.map((row) => toSiteRow(row, ctx.user));
    },
    count: (ctx, query, filter) => countSites(ctx.db, ctx.scope, query, filter as NameCodeFilter),
  },
  objects: {
    permission: 'locations.read',
    async run(ctx, query) {
      const rows = await listSites(ctx.db, ctx.scope, { companyId: query.companyId }, {}, { offset: 0, limit: -1 });
      return rows.map(toSiteOption);
    },
  },
  get: {
    permission: 'locations.read',
    async run(ctx, id) {
      const found = await findSite(ctx.db, ctx.scope, id);
      return found && mayUseSite(ctx.scope, found) ? toSiteRow(found, ctx.user) : null;
    },
  },
  save: { permission: 'clients.update', run: saveSite },
});
