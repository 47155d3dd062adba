import { type SQL, sql } from 'drizzle-orm';
import {
  COMPLIANCE_DUE_SOON_DAYS,
  COMPLIANCE_GROUPS_MAX,
  COMPLIANCE_LIST_MAX,
  COMPLIANCE_MONTHS,
  COMPLIANCE_TEXT,
  type ComplianceAsset,
  type ComplianceGroup,
  type ComplianceInspector,
  type ComplianceMonth,
  type ItemStatus,
  TASK_STATUS,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { taskScopeSql } from '../../lib/taskScope';
import type { Scope } from '../../lib/scope';
import { daysLeftSql, iso, itemStatusSql } from '../assets';

/**
 * The Compliance overview's aggregate SQL (issue 23). Every figure is counted by the database;
 * no asset or task row travels to the caller except the two bounded lists. Each function takes
 * the caller's scope first and the resolved filter (company and site already checked).
 */
export interface ComplianceFilter {
  companyId: number | null;
  siteId: number | null;
}

/** Active assets the caller sees under the filter (alias `a`). */
function assetWhere(scope: Scope, filter: ComplianceFilter): SQL {
  const parts: SQL[] = [sql`a.namespace_id = ${scope.namespaceId}::int`, sql`a.status = 1`];
  const companyId = scope.companyId ?? filter.companyId;
  if (companyId !== null) parts.push(sql`a.company_id = ${companyId}::int`);
  if (filter.siteId !== null) parts.push(sql`a.site_id = ${filter.siteId}::int`);
  if (scope.siteIds !== null) parts.push(sql`a.site_id = any(${sql.param(scope.siteIds)}::int[])`);
  return sql.join(parts, sql` and `);
}

/**
 * Tasks the caller sees (lib/taskScope: the one rule) under the filter (aliases `t`, `j`). The
 * queries join `jobs j` as a left join: every task has its job (`job_id` not null, a foreign
 * key), so it is the same rows, and the database leaves the join out when nothing here names `j`
 * (an LO role without a client filter).
 */
function taskWhere(scope: Scope, filter: ComplianceFilter): SQL {
  const parts: SQL[] = [taskScopeSql(scope)];
  if (filter.companyId !== null) parts.push(sql`j.customer_id = ${filter.companyId}::int`);
  if (filter.siteId !== null) parts.push(sql`t.site_id = ${filter.siteId}::int`);
  return sql.join(parts, sql` and `);
}

/** Midnight (UTC) of today plus `days`, as a timestamp: due dates compare by UTC day (DECISIONS 5). */
const utcMidnight = (days: number) => sql`((date_trunc('day', now() at time zone 'UTC') + ${`${days} days`}::interval) at time zone 'UTC')`;

/** The summary rows the caller sees under the filter (alias `d`): `assetWhere` on `compliance_due_counts`. */
function countWhere(scope: Scope, filter: ComplianceFilter): SQL {
  const parts: SQL[] = [sql`d.namespace_id = ${scope.namespaceId}::int`];
  const companyId = scope.companyId ?? filter.companyId;
  if (companyId !== null) parts.push(sql`d.company_id = ${companyId}::int`);
  if (filter.siteId !== null) parts.push(sql`d.site_id = ${filter.siteId}::int`);
  if (scope.siteIds !== null) parts.push(sql`d.site_id = any(${sql.param(scope.siteIds)}::int[])`);
  return sql.join(parts, sql` and `);
}

interface GroupRecord extends ComplianceGroup {
  groups: number;
  overdue: number;
  due_soon: number;
}

/**
 * Item status (the assets area's `itemStatusSql`) per client and site, the worst first, with the
 * totals over every group (window sums, so the cap on groups does not cut the totals), and how
 * many assets the overdue and due-soon lists match.
 *
 * Counted from `compliance_due_counts` (kept by triggers on `assets`, schema/assets.ts), not
 * from the assets: each asset once, through its month row when no boundary of today's figures
 * falls in that month (every day of it is then on the same side of each), else through its day
 * row. The boundaries are today (Expired and overdue: due today or before), today + 15 (Due
 * Shortly) and today + 30 (due soon), so day rows are read for two or three months at most.
 */
export async function itemStatusGroups(db: Db, scope: Scope, filter: ComplianceFilter) {
  const rows = await queryRows<GroupRecord>(
    db,
    sql`with b as (
          select t.today, date_trunc('month', t.today::timestamp)::date as first,
                 (date_trunc('month', (t.today + ${COMPLIANCE_DUE_SOON_DAYS}::int)::timestamp) + interval '1 month')::date as after
            from (select (now() at time zone 'UTC')::date as today) t
        ), g as (
          select d.company_id, d.site_id,
                 coalesce(sum(d.n) filter (where not d.failed and d.due_day > b.today + 15), 0)::int as valid,
                 coalesce(sum(d.n) filter (where not d.failed and d.due_day > b.today and d.due_day <= b.today + 15), 0)::int as due_shortly,
                 coalesce(sum(d.n) filter (where not d.failed and d.due_day <= b.today), 0)::int as expired,
                 coalesce(sum(d.n) filter (where d.failed), 0)::int as failed,
                 coalesce(sum(d.n) filter (where not d.failed and d.due_day is null), 0)::int as none,
                 sum(d.n)::int as total,
                 coalesce(sum(d.n) filter (where d.due_day <= b.today), 0)::int as overdue,
                 coalesce(sum(d.n) filter (where d.due_day > b.today and d.due_day <= b.today + ${COMPLIANCE_DUE_SOON_DAYS}::int), 0)::int as due_soon
            from compliance_due_counts d cross join b
           where ${countWhere(scope, filter)}
             and ((d.grain = 'm' and (d.due_day is null or d.due_day < b.first or d.due_day >= b.after))
                  or (d.grain = 'd' and d.due_day >= b.first and d.due_day < b.after))
           group by d.company_id, d.site_id
          having sum(d.n) > 0
        )
        select g.company_id as "companyId", c.name as company, g.site_id as "siteId", s.name as site,
               g.valid, g.due_shortly as "dueShortly", g.expired, g.failed, g.none, g.total,
               count(*) over ()::int as groups,
               sum(g.valid) over ()::int as sum_valid, sum(g.due_shortly) over ()::int as sum_due_shortly,
               sum(g.expired) over ()::int as sum_expired, sum(g.failed) over ()::int as sum_failed,
               sum(g.none) over ()::int as sum_none, sum(g.total) over ()::int as sum_total,
               sum(g.overdue) over ()::int as sum_overdue, sum(g.due_soon) over ()::int as sum_due_soon
          from g
          join client_companies c on c.id = g.company_id
          join sites s on s.id = g.site_id
         order by g.expired + g.failed desc, g.total desc, c.name, s.name, g.site_id
         limit ${COMPLIANCE_GROUPS_MAX}::int`,
  );
  const first = rows[0] as unknown as Record<string, number> | undefined;
  const totals = {
    valid: first?.sum_valid ?? 0,
    dueShortly: first?.sum_due_shortly ?? 0,
    expired: first?.sum_expired ?? 0,
    failed: first?.sum_failed ?? 0,
    none: first?.sum_none ?? 0,
    total: first?.sum_total ?? 0,
  };
  const groups: ComplianceGroup[] = rows.map((r) => ({
    companyId: r.companyId,
    company: r.company,
    siteId: r.siteId,
    site: r.site,
    valid: r.valid,
    dueShortly: r.dueShortly,
    expired: r.expired,
    failed: r.failed,
    none: r.none,
    total: r.total,
  }));
  return {
    totals,
    groups: { total: first?.groups ?? 0, rows: groups },
    overdue: first?.sum_overdue ?? 0,
    dueSoon: first?.sum_due_soon ?? 0,
  };
}

type AssetRecord = Omit<ComplianceAsset, 'itemStatus'> & { itemStatus: ItemStatus | null };

/**
 * A bounded list of assets by due date: overdue (due today or before, `daysLeft <= 0`) or due
 * in the next 30 days (`1..30`); how many match comes with the item status counts. The ranges
 * are on `due_date` itself (UTC midnights), so `assets_due_idx` serves them.
 */
async function assetList(db: Db, scope: Scope, filter: ComplianceFilter, range: SQL) {
  const where = sql`${assetWhere(scope, filter)} and ${range}`;
  return queryRows<AssetRecord>(
    db,
    sql`select a.id, a.name, a.company_id as "companyId", c.name as company, a.site_id as "siteId", s.name as site,
               at.name as "assetType", ${iso(sql`a.due_date`)} as "dueDate", ${daysLeftSql} as days, ${itemStatusSql} as "itemStatus"
          from (select a.* from assets a where ${where} order by a.due_date, a.id limit ${COMPLIANCE_LIST_MAX}::int) a
          join client_companies c on c.id = a.company_id
          join sites s on s.id = a.site_id
          join asset_types at on at.id = a.asset_type_id
         order by a.due_date, a.id`,
  );
}

export const overdueAssets = (db: Db, scope: Scope, filter: ComplianceFilter) =>
  assetList(db, scope, filter, sql`a.due_date < ${utcMidnight(1)}`);

export const dueSoonAssets = (db: Db, scope: Scope, filter: ComplianceFilter) =>
  assetList(db, scope, filter, sql`a.due_date >= ${utcMidnight(1)} and a.due_date < ${utcMidnight(COMPLIANCE_DUE_SOON_DAYS + 1)}`);

/**
 * Examinations per month of the last 12 (this month included), pass versus fail: approved tasks
 * (Approved or Amended) with a Pass or Fail result, by their actual inspection date (UTC month).
 * LLG parents are left out (their children are the examinations).
 */
export async function examinationsPerMonth(db: Db, scope: Scope, filter: ComplianceFilter): Promise<ComplianceMonth[]> {
  const since = sql`(date_trunc('month', now() at time zone 'UTC') - ${`${COMPLIANCE_MONTHS - 1} months`}::interval)`;
  return queryRows<ComplianceMonth>(
    db,
    sql`with m as (
          select d from generate_series(${since}, date_trunc('month', now() at time zone 'UTC'), interval '1 month') d
        ), e as (
          select date_trunc('month', t.actual_inspection_date at time zone 'UTC') as d,
                 count(*) filter (where t.result = 1)::int as pass,
                 count(*) filter (where t.result = 2)::int as fail
            from tasks t left join jobs j on j.id = t.job_id
           where ${taskWhere(scope, filter)}
             and t.status in (${TASK_STATUS.APPROVED}::int, ${TASK_STATUS.AMENDED}::int)
             and t.result in (1, 2) and not t.is_llg
             and t.actual_inspection_date >= (${since} at time zone 'UTC')
           group by 1
        )
        select to_char(m.d, 'YYYY-MM') as month, coalesce(e.pass, 0)::int as pass, coalesce(e.fail, 0)::int as fail
          from m left join e on e.d = m.d
         order by m.d`,
  );
}

/** Open tasks (Open, Ongoing, On Hold) per inspector, the busiest first; tasks without one as "Not assigned". */
export async function openTasksPerInspector(db: Db, scope: Scope, filter: ComplianceFilter): Promise<ComplianceInspector[]> {
  const { OPEN, ONGOING, HOLD } = TASK_STATUS;
  return queryRows<ComplianceInspector>(
    db,
    sql`select t.inspector_id as "inspectorId", coalesce(min(u.name), ${COMPLIANCE_TEXT.unassigned}) as inspector,
               count(*) filter (where t.status = ${OPEN}::int)::int as open,
               count(*) filter (where t.status = ${ONGOING}::int)::int as ongoing,
               count(*) filter (where t.status = ${HOLD}::int)::int as hold,
               count(*)::int as total
          from tasks t left join jobs j on j.id = t.job_id
          left join users u on u.id = t.inspector_id
         where ${taskWhere(scope, filter)}
           and t.status in (${OPEN}::int, ${ONGOING}::int, ${HOLD}::int) and t.parent_id is null
         group by t.inspector_id
         order by total desc, inspector, t.inspector_id nulls last
         limit 100`,
  );
}

/** Today (UTC) as the figures read it. */
export async function todayUtc(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`);
  return row.today;
}
