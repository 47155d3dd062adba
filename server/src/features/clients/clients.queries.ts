import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clientCompanies, sites } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import type { Paging } from '@portal/contracts';
import { contains } from '../../lib/search';

/** The filter header of the location lists: name and code (or acronym_code), contains, case-insensitive. */
export interface NameCodeFilter {
  name?: string;
  code?: string;
  acronym_code?: string;
}

/** Client companies the caller may see: client roles only their own. */
export function clientScope(scope: Scope): SQL {
  const inNamespace = eq(clientCompanies.namespaceId, scope.namespaceId);
  return scope.companyId === null ? inNamespace : (and(inNamespace, eq(clientCompanies.id, scope.companyId)) as SQL);
}

/** Sites the caller may see: client roles their company's, SITE-USER and REQUESTER their own sites. */
export function siteScope(scope: Scope): SQL {
  const conditions: SQL[] = [eq(sites.namespaceId, scope.namespaceId)];
  if (scope.companyId !== null) conditions.push(eq(sites.companyId, scope.companyId));
  if (scope.siteIds !== null) conditions.push(scope.siteIds.length ? inArray(sites.id, scope.siteIds) : sql`false`);
  return and(...conditions) as SQL;
}

function nameCode(name: AnyPgColumn, code: AnyPgColumn, filter: NameCodeFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.name?.trim()) conditions.push(contains(name, filter.name));
  const codeText = filter.code ?? filter.acronym_code;
  if (codeText?.trim()) conditions.push(contains(code, codeText));
  return conditions;
}

const clientOffices = sql<
  string[] | null
>`(select array[string_agg(o.id::text, ',' order by o.id), string_agg(o.name, ', ' order by o.name)]
  from client_offices co join offices o on o.id = co.office_id where co.client_id = ${sql.raw('"client_companies"."id"')})`;

const clientColumns = {
  id: clientCompanies.id,
  name: clientCompanies.name,
  acronymCode: clientCompanies.acronymCode,
  street: clientCompanies.street,
  city: clientCompanies.city,
  state: clientCompanies.state,
  country: clientCompanies.country,
  pin: clientCompanies.pin,
  phone: clientCompanies.phone,
  externalId: clientCompanies.externalId,
  timeZone: clientCompanies.timeZone,
  status: clientCompanies.status,
  createdAt: clientCompanies.createdAt,
  modifiedAt: clientCompanies.modifiedAt,
  logoFileId: clientCompanies.logoFileId,
  offices: clientOffices,
};
export type ClientRecord = NonNullable<Awaited<ReturnType<typeof findClient>>>;

/** Active clients of the dashboard (archived clients are deleted for the user), by name then id. */
function clientListWhere(scope: Scope, filter: NameCodeFilter): SQL {
  return and(
    clientScope(scope),
    eq(clientCompanies.status, 1),
    ...nameCode(clientCompanies.name, clientCompanies.acronymCode, filter),
  ) as SQL;
}

export async function listClients(db: Db, scope: Scope, filter: NameCodeFilter, paging: Paging) {
  const where = clientListWhere(scope, filter);
  const query = db.select(clientColumns).from(clientCompanies).orderBy(asc(clientCompanies.name), asc(clientCompanies.id));
  if (paging.limit < 0) return query.where(where);
  // Cut the page first, so the office subqueries run only for its rows.
  const page = db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(where)
    .orderBy(asc(clientCompanies.name), asc(clientCompanies.id))
    .limit(paging.limit)
    .offset(Math.max(0, paging.offset));
  return query.where(sql`${clientCompanies.id} in (${page})`);
}

export async function countClients(db: Db, scope: Scope, filter: NameCodeFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clientCompanies).where(clientListWhere(scope, filter));
  return Number(row?.n ?? 0);
}

/** One client in the caller's scope, whatever its status. */
export async function findClient(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select(clientColumns)
    .from(clientCompanies)
    .where(and(clientScope(scope), eq(clientCompanies.id, id)));
  return rows[0] ?? null;
}

/** Active clients for pickers: no office lists, so that thousands of clients stay one cheap query. */
export async function clientOptions(db: Db, scope: Scope) {
  const { offices: _offices, ...columns } = clientColumns;
  return db
    .select(columns)
    .from(clientCompanies)
    .where(and(clientScope(scope), eq(clientCompanies.status, 1)))
    .orderBy(asc(clientCompanies.name), asc(clientCompanies.id));
}

const siteColumns = {
  id: sites.id,
  name: sites.name,
  acronymCode: sites.acronymCode,
  street: sites.street,
  city: sites.city,
  state: sites.state,
  country: sites.country,
  pin: sites.pin,
  phone: sites.phone,
  externalId: sites.externalId,
  timeZone: sites.timeZone,
  status: sites.status,
  createdAt: sites.createdAt,
  modifiedAt: sites.modifiedAt,
  companyId: sites.companyId,
  companyName: clientCompanies.name,
  parentId: sites.parentId,
  locationLevel: sites.locationLevel,
  type: sites.type,
};
export type SiteRecord = NonNullable<Awaited<ReturnType<typeof findSite>>>;

export interface SiteListQuery {
  companyId?: number;
  parentId?: number;
}

function siteListWhere(scope: Scope, query: SiteListQuery, filter: NameCodeFilter): SQL {
  return and(
    siteScope(scope),
    eq(sites.status, 1),
    query.companyId ? eq(sites.companyId, query.companyId) : undefined,
    query.parentId ? eq(sites.parentId, query.parentId) : undefined,
    ...nameCode(sites.name, sites.acronymCode, filter),
  ) as SQL;
}

export async function listSites(db: Db, scope: Scope, query: SiteListQuery, filter: NameCodeFilter, paging: Paging) {
  const select = db
    .select(siteColumns)
    .from(sites)
    .innerJoin(clientCompanies, eq(clientCompanies.id, sites.companyId))
    .where(siteListWhere(scope, query, filter))
    .orderBy(asc(sites.name), asc(sites.id));
  return paging.limit < 0 ? select : select.limit(paging.limit).offset(Math.max(0, paging.offset));
}

export async function countSites(db: Db, scope: Scope, query: SiteListQuery, filter: NameCodeFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sites)
    .where(siteListWhere(scope, query, filter));
  return Number(row?.n ?? 0);
}

export async function findSite(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select(siteColumns)
    .from(sites)
    .innerJoin(clientCompanies, eq(clientCompanies.id, sites.companyId))
    .where(and(siteScope(scope), eq(sites.id, id)));
  return rows[0] ?? null;
}
