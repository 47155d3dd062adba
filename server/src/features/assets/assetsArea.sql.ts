import { type SQL, sql } from 'drizzle-orm';

/** SQL pieces shared by the asset dashboard and the asset panel (`assetDashboard.service.ts`, `assetsArea.service.ts`). */

export const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Days left until the due date (whole days, UTC dates), as the item status reads it (DECISIONS 5). */
export const daysLeftSql = sql`((a.due_date at time zone 'UTC')::date - (now() at time zone 'UTC')::date)`;
/**
 * The item status: Failed while the last approved result is Fail (DECISIONS 9: a Fail leaves the
 * due date where it was, so the date alone would still say Valid), else from the due date.
 */
export const itemStatusSql = sql`case when a.last_result = 2 then 'Failed' when a.due_date is null then null when ${daysLeftSql} <= 0 then 'Expired' when ${daysLeftSql} <= 15 then 'Due Shortly' else 'Valid' end`;
