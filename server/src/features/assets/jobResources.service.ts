import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  ASSETS,
  inspectorRoles,
  type JobClientQuery,
  type JobSiteBody,
  type JobSiteOption,
  type JobUserOption,
  type SiteUsersQuery,
  USER_TYPE,
} from '@portal/contracts';
import { offices, sites } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/errors';
import { actorOf, mayUseSite, type Scope } from '../../lib/scope';
import { contains } from '../../lib/search';
import { findClient, findSite, siteLocation, siteScope, formatAddress } from '../clients';
import type { RequestContext } from '../context';

type SiteRecord = {
  id: number;
  name: string;
  companyId: number;
  parentId: number | null;
  locationLevel: number;
  timeZone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  pin: number | null;
  phone: string | null;
};

const toJobSite = (s: SiteRecord): JobSiteOption => ({
  id: s.id,
  name: s.name,
  objectType: 'SITE',
  companyId: s.companyId,
  parentId: s.parentId,
  locationLevel: s.locationLevel,
  timeZone: s.timeZone,
  street: s.street,
  city: s.city,
  state: s.state,
  country: s.country,
  pin: s.pin,
  phone: s.phone,
  address: formatAddress(s),
});

const siteColumns = {
  id: sites.id,
  name: sites.name,
  companyId: sites.companyId,
  parentId: sites.parentId,
  locationLevel: sites.locationLevel,
  timeZone: sites.timeZone,
  street: sites.street,
  city: sites.city,
  state: sites.state,
  country: sites.country,
  pin: sites.pin,
  phone: sites.phone,
};

/** street, city, state, country and pin on one line, as rows.ts formatAddress, in SQL. */
const addressSql = (t: string) =>
  sql.raw(
    `concat_ws(', ', nullif(trim(${t}.street), ''), nullif(trim(${t}.city), ''), nullif(trim(${t}.state), ''), nullif(trim(${t}.country), ''), ${t}.pin::text)`,
  );
const addressFields = (t: string) =>
  sql.raw(`'street', ${t}.street, 'city', ${t}.city, 'state', ${t}.state, 'country', ${t}.country, 'pin', ${t}.pin, 'phone', ${t}.phone`);

/** The site conditions of the caller's scope over sites `s` (siteScope of the clients area, by alias). */
function siteScopeSql(scope: Scope): SQL {
  const parts: SQL[] = [sql`s.namespace_id = ${scope.namespaceId}`];
  if (scope.companyId !== null) parts.push(sql`s.company_id = ${scope.companyId}`);
  if (scope.siteIds !== null) parts.push(scope.siteIds.length ? sql`s.id = any(${sql.param(scope.siteIds)}::int[])` : sql`false`);
  return sql.join(parts, sql` and `);
}

/**
 * `GET /api/Location/Client?locationLevel=0[&companyId=][&name=]`: the clients the caller may
 * pick for a job, each with the active top-level sites the caller may see, by name; SITE-USER
 * and REQUESTER only clients where they have a site. Built as JSON text by the database in one
 * statement, so a namespace of 20,000 clients stays one query.
 */
export async function jobClientsJson(ctx: RequestContext, query: JobClientQuery): Promise<string> {
  const { scope } = ctx;
  if (query.companyId && !(await findClient(ctx.db, scope, query.companyId))) throw notFound(ASSETS.clientNotFound);
  const clientWhere: SQL[] = [sql`c.namespace_id = ${scope.namespaceId}`, sql`c.status = 1`];
  if (scope.companyId !== null) clientWhere.push(sql`c.id = ${scope.companyId}`);
  if (query.companyId) clientWhere.push(sql`c.id = ${query.companyId}`);
  if (query.name?.trim()) clientWhere.push(contains(sql`c.name`, query.name));
  if (scope.siteIds !== null) clientWhere.push(sql`ts.sites is not null`);
  const rows = await queryRows<{ json: string }>(
    ctx.db,
    sql`select coalesce(json_agg(json_build_object(
          'id', c.id, 'name', c.name, 'objectType', 'CLIENT_COMPANY', 'acronymCode', c.acronym_code, 'timeZone', c.time_zone,
          ${addressFields('c')}, 'address', ${addressSql('c')}, 'sites', coalesce(ts.sites, '[]'::json)
        ) order by c.name, c.id), '[]')::text as json
        from client_companies c
        left join lateral (
          select json_agg(json_build_object(
                   'id', s.id, 'name', s.name, 'objectType', 'SITE', 'companyId', s.company_id, 'parentId', s.parent_id,
                   'locationLevel', s.location_level, 'timeZone', s.time_zone, ${addressFields('s')}, 'address', ${addressSql('s')}
                 ) order by s.name, s.id) as sites
            from sites s
           where s.company_id = c.id and s.parent_id is null and s.status = 1 and ${siteScopeSql(scope)}
        ) ts on true
       where ${sql.join(clientWhere, sql` and `)}`,
  );
  return rows[0]?.json ?? '[]';
}

/**
 * `POST /api/Location/Job`: a new top-level site of the job's client (shell document 3 "New
 * site"): active at once so the job can use it; its name must not repeat an active top-level
 * site of the client (409); with `copyClientAddress` the client's address is copied.
 */
export async function saveJobSite(ctx: RequestContext, body: JobSiteBody): Promise<JobSiteOption> {
  const id = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const client = await findClient(tx, ctx.scope, body.companyId);
    if (client?.status !== 1) throw notFound(ASSETS.clientNotFound);
    const address = body.copyClientAddress
      ? { street: client.street, city: client.city, state: client.state, country: client.country, pin: client.pin, phone: client.phone }
      : {
          street: body.street ?? null,
          city: body.city ?? null,
          state: body.state ?? null,
          country: body.country ?? null,
          pin: body.pin ?? null,
          phone: body.phone ?? null,
        };
    // A name an active top-level site of the client has is refused by the index (siteLocation.unique).
    const [row] = await siteLocation.guard(body, () =>
      tx
        .insert(sites)
        .values({
          ...address,
          namespaceId: ctx.scope.namespaceId,
          companyId: client.id,
          parentId: null,
          name: body.name,
          timeZone: body.timeZone ?? client.timeZone ?? null,
          locationLevel: 0,
          type: 1,
          status: 1,
        })
        .returning({ id: sites.id }),
    );
    return row.id;
  });
  const [saved] = await ctx.db.select(siteColumns).from(sites).where(eq(sites.id, id));
  return toJobSite(saved);
}

// ---------------------------------------------------------------------------------------------
// User pickers of the job wizard (shell document 5 "Option filters").

const idsOf = (column: string, table: string, key: string) =>
  sql.raw(`coalesce((select string_agg(x.${column}::text, ',' order by x.${column}) from ${table} x where x.${key} = u.id), '')`);

function userOptionsSql(where: SQL): SQL {
  return sql`
    select u.id, u.name, u.email, u.phone, u.type, u.role_id as "roleId", r.name as designation, r.base_role as role,
           case when u.type = ${USER_TYPE.LO} then u.namespace_id else u.company_id end as "companyId",
           u.office_id as "officeId",
           ${idsOf('office_id', 'user_offices', 'user_id')} as "secondaryOfficeIds",
           ${idsOf('division_id', 'user_divisions', 'user_id')} as "divisionIds",
           ${idsOf('site_id', 'user_sites', 'user_id')} as "siteIds"
      from users u join roles r on r.id = u.role_id
     where ${where}
     order by u.name, u.id`;
}

/** An active office of the namespace, or 404. */
async function officeOf(db: Db, scope: Scope, officeId: number): Promise<void> {
  const [office] = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.id, officeId), eq(offices.namespaceId, scope.namespaceId)));
  if (!office) throw notFound(ASSETS.officeNotFound);
}

/**
 * The inspector rule as SQL over users `u`: an active LO user with role FIELD-ENGG or
 * FIELD-JUNIOR whose offices include `officeId` and who shares a division with `actorId`
 * (an actor without divisions is not limited by division).
 */
function inspectorWhere(scope: Scope, actorId: number, officeId: number): SQL {
  return sql`u.namespace_id = ${scope.namespaceId} and u.status = 1 and u.type = ${USER_TYPE.LO}
    and r.base_role in (${sql.join(
      inspectorRoles().map((role) => sql`${role}`),
      sql`, `,
    )})
    and (u.office_id = ${officeId} or exists (select 1 from user_offices uo where uo.user_id = u.id and uo.office_id = ${officeId}))
    and (not exists (select 1 from user_divisions ad where ad.user_id = ${actorId})
         or exists (select 1 from user_divisions ad join user_divisions ud on ud.division_id = ad.division_id
                     where ad.user_id = ${actorId} and ud.user_id = u.id))`;
}

/**
 * `GET /api/Users/Inspectors?officeId=[&include=]`: Main and Other Inspector options, plus the
 * job's current inspectors (`include`) while they are active LO users of the namespace.
 */
export async function inspectorOptions(ctx: RequestContext, officeId: number, include: number[] = []): Promise<JobUserOption[]> {
  await officeOf(ctx.db, ctx.scope, officeId);
  const kept = include.length
    ? sql` or (u.namespace_id = ${ctx.scope.namespaceId} and u.status = 1 and u.type = ${USER_TYPE.LO}
              and u.id = any(${sql.param(include)}::int[]))`
    : sql``;
  return queryRows<JobUserOption>(ctx.db, userOptionsSql(sql`(${inspectorWhere(ctx.scope, ctx.user.id, officeId)})${kept}`));
}

/**
 * For the job save (jobs-core): which of `ids` may be inspectors of a job of `officeId` when
 * `actorId` saves it. The rest are refused (or, on an existing job, kept only if unchanged).
 */
export async function qualifyingInspectorIds(db: Db, scope: Scope, actorId: number, officeId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join roles r on r.id = u.role_id
         where ${inspectorWhere(scope, actorId, officeId)} and u.id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/** `GET /api/Users/SalesPersons`: Sales Person options, the namespace's active LO users. */
export function salesPersonOptions(ctx: RequestContext): Promise<JobUserOption[]> {
  return queryRows<JobUserOption>(
    ctx.db,
    userOptionsSql(sql`u.namespace_id = ${ctx.scope.namespaceId} and u.status = 1 and u.type = ${USER_TYPE.LO}`),
  );
}

/**
 * `GET /api/Users/Site?siteId=`: the active client users of a site (Client Users), with
 * `role=REQUESTER` the requesters only (Requester Name options). A site the caller may not
 * see answers 404.
 */
export async function siteUserOptions(ctx: RequestContext, query: SiteUsersQuery): Promise<JobUserOption[]> {
  const site = await findSite(ctx.db, ctx.scope, query.siteId);
  if (!site || !mayUseSite(ctx.scope, site)) throw notFound(ASSETS.siteNotFound);
  return queryRows<JobUserOption>(ctx.db, userOptionsSql(siteUserWhere(ctx.scope, site.id, query.role)));
}

function siteUserWhere(scope: Scope, siteId: number, role?: string): SQL {
  return sql`u.namespace_id = ${scope.namespaceId} and u.status = 1 and u.type = ${USER_TYPE.CLIENT}
    and exists (select 1 from user_sites us where us.user_id = u.id and us.site_id = ${siteId})
    ${role ? sql`and r.base_role = ${role}` : sql``}`;
}

/** For the job save (jobs-core): which of `ids` are active client users of the site (requesters with `role`). */
export async function siteUserIds(db: Db, scope: Scope, siteId: number, ids: number[], role?: 'REQUESTER'): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join roles r on r.id = u.role_id
         where ${siteUserWhere(scope, siteId, role)} and u.id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/** For the job save (jobs-core): which of `ids` are active LO users of the namespace (sales persons). */
export async function loUserIds(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.namespace_id = ${scope.namespaceId} and u.status = 1 and u.type = ${USER_TYPE.LO}
         and u.id = any(${sql.param(ids)}::int[])`,
  );
  return new Set(rows.map((r) => r.id));
}

/** For the job save (jobs-core): a top-level active site of the client that the caller may see, or null. */
export async function topLevelSiteOf(db: Db, scope: Scope, companyId: number, siteId: number) {
  const rows = await db
    .select(siteColumns)
    .from(sites)
    .where(and(siteScope(scope), eq(sites.id, siteId), eq(sites.companyId, companyId), isNull(sites.parentId), eq(sites.status, 1)));
  return rows[0] ? toJobSite(rows[0]) : null;
}
