import { sql } from 'drizzle-orm';
import { type ClientRole, DUE_REMINDERS_CONFIG_NAME, isSiteLimitedRole, type ItemStatus } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { daysLeftSql, itemStatusSql } from '../assets';

/** The namespaces whose `dueReminders` document exists, with that document, and whether today's run is taken. */
export async function reminderNamespaces(db: Db, namespaceIds?: number[]) {
  return queryRows<{ id: number; config: unknown; ran: boolean }>(
    db,
    sql`select n.id, c.config_json as config,
               exists (select 1 from reminder_runs r where r.namespace_id = n.id and r.day = (now() at time zone 'UTC')::date) as ran
          from namespaces n join configurations c on c.namespace_id = n.id and c.status = 1 and lower(c.name) = ${DUE_REMINDERS_CONFIG_NAME.toLowerCase()}
         where n.status = 1 ${namespaceIds ? sql`and n.id = any(${sql.param(namespaceIds)}::int[])` : sql``}
         order by n.id`,
  );
}

/**
 * Takes the namespace's run of today (UTC): one row per namespace and day, so of several
 * instances (or timer ticks) looking at once exactly one gets it. Answers the day, or null.
 */
export async function claimRun(db: Db, namespaceId: number): Promise<string | null> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into reminder_runs (namespace_id, day) values (${namespaceId}::int, (now() at time zone 'UTC')::date)
        on conflict do nothing returning to_char(day, 'YYYY-MM-DD') as day`,
  );
  return rows[0]?.day ?? null;
}

export async function finishRun(db: Db, namespaceId: number, day: string, mails: number): Promise<void> {
  await db.execute(
    sql`update reminder_runs set finished_at = now(), mails = ${mails}::int where namespace_id = ${namespaceId}::int and day = ${day}::date`,
  );
}

export interface Recipient {
  user_id: number;
  email: string;
  user_name: string;
  company_id: number;
  company: string;
  /** The sites of a site-limited role (SITE-USER, REQUESTER); null: every site of the company. */
  site_ids: number[] | null;
}

/** Active client users of the roles, not opted out, of an active company. */
export async function recipients(db: Db, namespaceId: number, roles: readonly ClientRole[]): Promise<Recipient[]> {
  const limited = roles.filter((role) => isSiteLimitedRole(role));
  return queryRows<Recipient>(
    db,
    sql`select u.id as user_id, u.email, u.name as user_name, u.company_id, c.name as company,
               case when r.base_role = any(${sql.param(limited)}::text[])
                    then array(select us.site_id from user_sites us where us.user_id = u.id) end as site_ids
          from users u
          join roles r on r.id = u.role_id
          join client_companies c on c.id = u.company_id and c.status = 1
         where u.namespace_id = ${namespaceId}::int and u.type = 1 and u.status = 1
           and r.base_role = any(${sql.param([...roles])}::text[])
           and not exists (select 1 from reminder_opt_outs o where o.user_id = u.id)
         order by u.id`,
  );
}

export interface DueAsset {
  company_id: number;
  site_id: number;
  site: string;
  asset_id: number;
  asset: string;
  serial_number: string | null;
  asset_type: string;
  due_date: string | null;
  item_status: ItemStatus;
  days_left: number | null;
}

/**
 * The due assets of these companies, once per company rather than once per recipient (a
 * company's five admins share one list): active assets on active sites that failed their last
 * inspection, are expired, or are due within the window; by company, site name and urgency.
 */
export async function dueAssets(db: Db, namespaceId: number, companyIds: number[], windowDays: number): Promise<DueAsset[]> {
  if (companyIds.length === 0) return [];
  return queryRows<DueAsset>(
    db,
    sql`select a.company_id, s.id as site_id, s.name as site, a.id as asset_id, a.name as asset, a.serial_number, t.name as asset_type,
               to_char(a.due_date at time zone 'UTC', 'YYYY-MM-DD') as due_date,
               ${itemStatusSql} as item_status, ${daysLeftSql} as days_left
          from assets a
          join sites s on s.id = a.site_id and s.status = 1
          join asset_types t on t.id = a.asset_type_id
         where a.namespace_id = ${namespaceId}::int and a.status = 1
           and a.company_id = any(${sql.param(companyIds)}::int[])
           and (a.last_result = 2 or (a.due_date is not null and ${daysLeftSql} <= ${windowDays}::int))
         order by a.company_id, lower(s.name), s.id, (a.last_result = 2) desc, a.due_date nulls last, lower(a.name), a.id`,
  );
}

/** Whether the user turned their reminders off. */
export async function isOptedOut(db: Db, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from reminder_opt_outs where user_id = ${userId}::int`);
  return rows.length > 0;
}
