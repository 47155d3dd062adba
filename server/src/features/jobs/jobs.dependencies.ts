import { sql } from 'drizzle-orm';
import { ACTIVE_JOB_STATUSES, TASK_STATUS, USERS } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { registerUserDependency } from '../users';

/** Tasks still to be worked on: open, ongoing, on hold, submitted or amended. */
const OPEN_TASK_STATUSES = [TASK_STATUS.OPEN, TASK_STATUS.ONGOING, TASK_STATUS.HOLD, TASK_STATUS.SUBMITTED, TASK_STATUS.AMENDED];

/**
 * Removing or archiving a user who is an inspector of open work answers 424 (shell document 8,
 * DECISIONS 1): the main or another inspector of an active job, or the inspector of an open task.
 * Suspending stays possible (a suspension is temporary).
 */
registerUserDependency('job-inspector', async (tx, target, action) => {
  if (action !== 'remove' && action !== 'archive') return null;
  const active = sql.param([...ACTIVE_JOB_STATUSES]);
  const [row] = await queryRows<{ busy: boolean }>(
    tx,
    sql`select exists (select 1 from jobs j where j.main_inspector_id = ${target.id}::int and j.status = any(${active}::int[]))
            or exists (select 1 from job_inspectors ji join jobs j on j.id = ji.job_id
                        where ji.user_id = ${target.id}::int and j.status = any(${active}::int[]))
            or exists (select 1 from tasks t where t.inspector_id = ${target.id}::int and t.status = any(${sql.param(OPEN_TASK_STATUSES)}::int[]))
            as busy`,
  );
  return row?.busy ? USERS.dependentWork : null;
});
