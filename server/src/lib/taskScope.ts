import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import type { Db } from '../db/types';
import type { Scope } from './scope';

/**
 * Which tasks a caller may see (docs/decisions.md "Tasks: who sees which task"): every LO role
 * the namespace's tasks (FIELD-ENGG and FIELD-JUNIOR included, as for jobs); client roles their
 * own company's (the job's client); SITE-USER and REQUESTER only tasks on their sites (the task's
 * site or the job's top-level site).
 *
 * `taskScopeSql(scope, t, j)` is the condition on a `tasks` alias and a joined `jobs` alias.
 */
export function taskScopeSql(scope: Scope, t = 't', j = 'j'): SQL {
  const ta = sql.raw(t);
  const ja = sql.raw(j);
  const parts: SQL[] = [sql`${ta}.namespace_id = ${scope.namespaceId}::int`];
  if (scope.companyId !== null) parts.push(sql`${ja}.customer_id = ${scope.companyId}::int`);
  if (scope.siteIds !== null) {
    const ids = sql.param(scope.siteIds);
    parts.push(sql`(${ta}.site_id = any(${ids}::int[]) or ${ja}.site_id = any(${ids}::int[]))`);
  }
  return sql.join(parts, sql` and `);
}

/** The same condition as a stand-alone `exists` on a task id expression (no join needed by the caller). */
export function taskVisibleSql(scope: Scope, taskId: SQL): SQL {
  return sql`exists (select 1 from tasks vt join jobs vj on vj.id = vt.job_id where vt.id = ${taskId} and ${taskScopeSql(scope, 'vt', 'vj')})`;
}

/** Whether the caller may see the task (another namespace's, another company's or an unknown id: false). */
export async function canSeeTask(db: Db, scope: Scope, taskId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select t.id from tasks t join jobs j on j.id = t.job_id where t.id = ${taskId}::int and ${taskScopeSql(scope)}`,
  );
  return rows.length > 0;
}
