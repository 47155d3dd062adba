import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { can, type Paging, TENANT_ID, USER_TYPE, type UserFilter, type UserRow } from '@portal/contracts';
import { yieldTurn } from '../../db/queue';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { containsPattern, contains } from '../../lib/search';
import type { AuthUser } from '../../lib/sessions';
import { actionFlagsSql } from './rows';
import { queryRows } from '../../db/rows';

/** Users the caller may see: the namespace; CLIENT-ADMIN (any client role) only its company's client users. */
export function userScope(scope: Scope): SQL {
  const inNamespace = eq(users.namespaceId, scope.namespaceId);
  if (scope.companyId === null) return inNamespace;
  return and(inNamespace, eq(users.type, USER_TYPE.CLIENT), eq(users.companyId, scope.companyId)) as SQL;
}

// Correlated subqueries name the outer row explicitly: Drizzle leaves columns unqualified in
// single-table queries, where "id" would bind to the subquery's own table.
const userId = sql.raw('"users"."id"');

export function userFilterWhere(scope: Scope, filter: UserFilter): SQL {
  const conditions: SQL[] = [userScope(scope)];
  if (filter.name?.trim()) conditions.push(contains(users.name, filter.name));
  if (filter.email?.trim()) conditions.push(sql`${users.email} like ${containsPattern(filter.email)}`);
  if (filter.role) conditions.push(eq(users.roleId, filter.role));
  if (filter.location) {
    conditions.push(
      sql`(${users.officeId} = ${filter.location} or exists (select 1 from user_offices uo where uo.user_id = ${userId} and uo.office_id = ${filter.location}))`,
    );
  }
  if (filter.division) {
    conditions.push(sql`exists (select 1 from user_divisions ud where ud.user_id = ${userId} and ud.division_id = ${filter.division})`);
  }
  if (filter.status !== null && filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.active === true) conditions.push(eq(users.status, 1));
  if (filter.active === false) conditions.push(ne(users.status, 1));
  return and(...conditions) as SQL;
}

/**
 * Lists are built as JSON by the database: on the embedded database, handing over thousands of
 * rows column by column costs several times more than one JSON text, and the CSV export of
 * every user must stay well under 3 s. The route sends that text as it is.
 *
 * The office, division and site lists come either from one grouped pass over the namespace's
 * links (every row: exports, pickers) or from a lateral subquery per row (pages and single
 * rows, where the filter has already cut the rows down).
 */
type Links = 'grouped' | 'perRow' | { ids: number[] };

/** The link lists of many rows in one grouped pass: the namespace's, or those of the given users. */
function grouped(mode: Links, namespaceId: number, userColumn: SQL, namespaceColumn: SQL): SQL {
  return typeof mode === 'object' ? sql`${userColumn} = any(${sql.param(mode.ids)}::int[])` : sql`${namespaceColumn} = ${namespaceId}`;
}

function officeLinks(mode: Links, namespaceId: number): SQL {
  const lists = sql`string_agg(o.id::text, ',' order by o.id) as ids, string_agg(o.name, ', ' order by o.name) as names`;
  return mode !== 'perRow'
    ? sql`left join (select uo.user_id, ${lists} from user_offices uo join offices o on o.id = uo.office_id
        where ${grouped(mode, namespaceId, sql`uo.user_id`, sql`o.namespace_id`)} group by uo.user_id) so on so.user_id = ${userId}`
    : sql`left join lateral (select ${lists} from user_offices uo join offices o on o.id = uo.office_id where uo.user_id = ${userId}) so on true`;
}

function divisionLinks(mode: Links, namespaceId: number): SQL {
  const lists = sql`string_agg(d.id::text, ',' order by d.id) as ids, string_agg(d.name, ', ' order by d.name) as names`;
  return mode !== 'perRow'
    ? sql`left join (select ud.user_id, ${lists} from user_divisions ud join divisions d on d.id = ud.division_id
        where ${grouped(mode, namespaceId, sql`ud.user_id`, sql`d.namespace_id`)} group by ud.user_id) dv on dv.user_id = ${userId}`
    : sql`left join lateral (select ${lists} from user_divisions ud join divisions d on d.id = ud.division_id where ud.user_id = ${userId}) dv on true`;
}

function siteLinks(mode: Links, namespaceId: number): SQL {
  const lists = sql`string_agg(us.site_id::text, ',' order by us.site_id) as ids`;
  return mode !== 'perRow'
    ? sql`left join (select us.user_id, ${lists} from user_sites us join sites s on s.id = us.site_id
        where ${grouped(mode, namespaceId, sql`us.user_id`, sql`s.namespace_id`)} group by us.user_id) st on st.user_id = ${userId}`
    : sql`left join lateral (select ${lists} from user_sites us where us.user_id = ${userId}) st on true`;
}

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it. */
const isoDate = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What a list reads: every user the filter matches, or one page of them. A page is cut first,
 * in a derived table (its LIMIT keeps PostgreSQL from flattening it), so the joins and link
 * lists run for the page's rows only.
 */
function source(scope: Scope, filter: UserFilter, paging: Paging): { from: SQL; where: SQL } {
  const where = userFilterWhere(scope, filter);
  if (paging.limit < 0) return { from: sql`users`, where };
  // A one-table select: Drizzle leaves its columns unqualified, so they bind to the inner "users".
  const page = sql`(select "id" from users where ${where} order by "name", "id" limit ${paging.limit} offset ${Math.max(0, paging.offset)}) page`;
  return { from: sql`${page} join users on users.id = page.id`, where: sql`true` };
}

async function jsonText(db: Db, query: SQL): Promise<string> {
  const rows = await queryRows<{ json: string }>(db, query);
  return rows[0]?.json ?? '[]';
}

/** The users list rows (UserRow of contracts) as a JSON array text, ordered by name then id. */
function userRowsJson(db: Db, actor: AuthUser, scope: Scope, rows: { from: SQL; where: SQL }, mode: Links): Promise<string> {
  const ns = scope.namespaceId;
  // Signatures, descriptions and external ids are hidden from client administrators (shell document 6).
  const clientAdmin = !can(actor.role, 'users.officeFields');
  const signature = clientAdmin ? sql`null` : sql`files.blob_key`;
  const hidden = (column: SQL) => (clientAdmin ? sql`null` : column);
  return jsonText(
    db,
    sql`select coalesce(json_agg(json_build_object(
      'id', users.id, 'name', users.name, 'email', users.email, 'phone', users.phone, 'description', ${hidden(sql`users.description`)},
      'type', users.type, 'tenantId', ${TENANT_ID}::int, 'roleId', users.role_id, 'designation', roles.name, 'role', roles.base_role,
      'companyId', case when users.type = ${USER_TYPE.LO} then users.namespace_id else users.company_id end,
      'company', case when users.type = ${USER_TYPE.LO} then namespaces.company_name else client_companies.name end,
      'officeId', users.office_id, 'location', concat_ws(', ', offices.name, so.names),
      'secondaryOfficeIds', coalesce(so.ids, ''), 'divisionIds', coalesce(dv.ids, ''), 'division', coalesce(dv.names, ''),
      'siteIds', coalesce(st.ids, ''), 'externalId', ${hidden(sql`users.external_id`)}, 'status', users.status,
      'createdDate', ${isoDate(sql`users.created_at`)}, 'modifiedDate', ${isoDate(sql`users.modified_at`)},
      'signature', ${signature}, 'can', ${actionFlagsSql(actor)}
    ) order by users.name, users.id), '[]')::text as json
    from ${rows.from}
    join roles on roles.id = users.role_id
    join namespaces on namespaces.id = users.namespace_id
    left join client_companies on client_companies.id = users.company_id
    left join offices on offices.id = users.office_id
    left join files on files.id = users.signature_file_id
    ${officeLinks(mode, ns)} ${divisionLinks(mode, ns)} ${siteLinks(mode, ns)}
    where ${userScope(scope)} and ${rows.where}`,
  );
}

/** Rows per statement of an export (limit -1); tests make it small. */
export const exportChunk = { rows: 5000 };

/**
 * Every row (the CSV export): the matching ids in list order first, then the rows in chunks
 * of exportChunk.rows, each chunk a statement of its own with a new turn in the database
 * queue (db/queue.ts). On the embedded database one statement over 50,000 users kept every
 * other request waiting for seconds; now they are served between the chunks.
 */
async function allUsersJson(db: Db, actor: AuthUser, scope: Scope, filter: UserFilter): Promise<string> {
  const ids = (await db.select({ id: users.id }).from(users).where(userFilterWhere(scope, filter)).orderBy(users.name, users.id)).map(
    (row) => row.id,
  );
  const parts: string[] = [];
  for (let start = 0; start < ids.length; start += exportChunk.rows) {
    yieldTurn();
    const chunk = ids.slice(start, start + exportChunk.rows);
    const json = await userRowsJson(
      db,
      actor,
      scope,
      { from: sql`users`, where: sql`users.id = any(${sql.param(chunk)}::int[])` },
      { ids: chunk },
    );
    if (json.length > 2) parts.push(json.slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

/** A page of the users list in the caller's scope (limit -1: every row), as JSON text. */
export function listUsersJson(db: Db, actor: AuthUser, scope: Scope, filter: UserFilter, paging: Paging): Promise<string> {
  if (paging.limit < 0) return allUsersJson(db, actor, scope, filter);
  return userRowsJson(db, actor, scope, source(scope, filter, paging), 'perRow');
}

/** One user in the caller's scope as a list row, or null. */
export async function findUserRow(db: Db, actor: AuthUser, scope: Scope, id: number): Promise<UserRow | null> {
  const one = { from: sql`users`, where: eq(users.id, id) };
  const rows = JSON.parse(await userRowsJson(db, actor, scope, one, 'perRow')) as UserRow[];
  return rows[0] ?? null;
}

export async function countUsers(db: Db, scope: Scope, filter: UserFilter): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(userFilterWhere(scope, filter));
  return Number(rows[0]?.n ?? 0);
}

/** Active users for pickers (`GET /api/Users/Others`), compact (UserOption of contracts), as JSON text. */
export function listUserOptionsJson(db: Db, scope: Scope, paging: Paging): Promise<string> {
  const ns = scope.namespaceId;
  const rows = source(scope, { active: true }, paging);
  const mode: Links = paging.limit < 0 ? 'grouped' : 'perRow';
  return jsonText(
    db,
    sql`select coalesce(json_agg(json_build_object(
      'id', users.id, 'name', users.name, 'email', users.email, 'type', users.type, 'roleId', users.role_id,
      'designation', roles.name, 'role', roles.base_role,
      'companyId', case when users.type = ${USER_TYPE.LO} then users.namespace_id else users.company_id end,
      'officeId', users.office_id, 'secondaryOfficeIds', coalesce(so.ids, ''), 'divisionIds', coalesce(dv.ids, ''),
      'siteIds', coalesce(st.ids, '')
    ) order by users.name, users.id), '[]')::text as json
    from ${rows.from} join roles on roles.id = users.role_id
    ${officeLinks(mode, ns)} ${divisionLinks(mode, ns)} ${siteLinks(mode, ns)}
    where ${userScope(scope)} and ${rows.where}`,
  );
}
