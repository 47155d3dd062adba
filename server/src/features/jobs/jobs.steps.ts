import { sql } from 'drizzle-orm';
import {
  JOB_STATUS,
  JOB_TEXT,
  type JobFacts,
  type JobRefusal,
  type JobRowAction,
  jobRefusal,
  jobStatusFromTasks,
  TASK_STATUS,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import type { RequestContext } from '../context';

/** The steps the job save and the task save share: the locked job, its rules, cancelling, mails after the commit, the job status. */

export const expectationFailed = (message: string) => new AppError(417, message);
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

export interface StoredJob {
  id: number;
  job_number: string;
  status: number;
  type: number;
  customer_id: number;
  site_id: number;
  office_id: number;
  main_inspector_id: number;
  requester_id: number | null;
  sales_person_id: number | null;
  po_number: string | null;
  quotation_number: string | null;
  is_day_job: boolean;
  is_day_job_closed: boolean;
}

/** The job, locked for the rest of the transaction; 404 when the caller may not see it. */
export async function lockJob(tx: Db, scope: Scope, id: number): Promise<StoredJob> {
  const [job] = await queryRows<StoredJob>(
    tx,
    sql`select id, job_number, status, type, customer_id, site_id, office_id, main_inspector_id, requester_id, sales_person_id,
               po_number, quotation_number, is_day_job, is_day_job_closed
          from jobs where id = ${id}::int and namespace_id = ${scope.namespaceId}::int
           ${scope.companyId !== null ? sql`and customer_id = ${scope.companyId}::int` : sql``}
           for update`,
  );
  if (!job) throw notFound(JOB_TEXT.notFound);
  return job;
}

export const factsOf = (job: StoredJob | null): JobFacts =>
  job
    ? { id: job.id, status: job.status, isDayJob: job.is_day_job, isDayJobClosed: job.is_day_job_closed }
    : { id: null, status: JOB_STATUS.ACTIVE, isDayJob: false, isDayJobClosed: false };

const ROLE_REFUSAL: Record<JobRowAction, string> = {
  edit: JOB_TEXT.createNotAllowed,
  cancel: JOB_TEXT.cancelNotAllowed,
  close: JOB_TEXT.closeNotAllowed,
  addTasks: JOB_TEXT.tasksOnlyDayJob,
  editInspectors: JOB_TEXT.poNumberLocked,
};

/** Refuses what the jobs policy refuses (contracts jobs/policy.ts), each reason with its status and text. */
export function requireJobAction(role: RequestContext['user']['role'], job: StoredJob | null, action: JobRowAction, field: string): void {
  const refusal: JobRefusal | null = jobRefusal(role, factsOf(job), action);
  if (refusal === null) return;
  if (refusal === 'role') throw forbidden(ROLE_REFUSAL[action]);
  if (refusal === 'locked') throw expectationFailed(lockedMessage(job?.status ?? JOB_STATUS.ACTIVE));
  if (refusal === 'dayJobClosed') throw expectationFailed(JOB_TEXT.alreadyDayJobClosed);
  if (action === 'addTasks') throw forbidden(JOB_TEXT.tasksOnlyDayJob);
  throw fieldError(field, action === 'cancel' ? JOB_TEXT.cancelNewJob : JOB_TEXT.closeOnlyDayJob);
}

export function lockedMessage(status: number): string {
  if (status === JOB_STATUS.CLOSED) return JOB_TEXT.lockedClosed;
  if (status === JOB_STATUS.CANCELLED) return JOB_TEXT.lockedCancelled;
  return JOB_TEXT.lockedDeleted;
}

export async function idsPresent(tx: Db, statement: ReturnType<typeof sql>): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(tx, statement);
  return new Set(rows.map((r) => Number(r.id)));
}

/** The caller's offices: primary and other offices (Lo Office for Job choices). */
export async function callerOffices(tx: Db, userId: number): Promise<Set<number>> {
  return idsPresent(
    tx,
    sql`select office_id as id from users where id = ${userId}::int and office_id is not null
        union select office_id from user_offices where user_id = ${userId}::int`,
  );
}

export const sameList = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Cancels a job: the job 64 and its open tasks (status 1) 64. Answers the new status. */
export async function cancelJobTasks(tx: Db, jobId: number, userId: number): Promise<number> {
  await tx.execute(
    sql`update tasks set status = ${TASK_STATUS.CANCELLED}::int, modified_by = ${userId}::int, modified_at = now()
         where job_id = ${jobId}::int and status = ${TASK_STATUS.OPEN}::int`,
  );
  await tx.execute(
    sql`update jobs set status = ${JOB_STATUS.CANCELLED}::int, modified_by = ${userId}::int, modified_at = now() where id = ${jobId}::int`,
  );
  return JOB_STATUS.CANCELLED;
}

/**
 * Sends mails once the save has committed: a failed mail is logged and undoes nothing.
 * Answers how many mails went.
 */
export async function mailAfterCommit(ctx: RequestContext, scheduleId: number, what: string, send: () => Promise<number>): Promise<number> {
  try {
    return await send();
  } catch (error) {
    ctx.app.log.error({ err: error, scheduleId }, `${what} failed`);
    return 0;
  }
}

/** The job status follows its tasks (DECISIONS 5); closed, cancelled and deleted jobs keep theirs. */
export async function refreshJobStatus(tx: Db, jobId: number): Promise<number> {
  const [job] = await queryRows<{ status: number; statuses: number[] | null }>(
    tx,
    sql`select j.status, (select array_agg(t.status) from tasks t where t.job_id = j.id) as statuses from jobs j where j.id = ${jobId}::int`,
  );
  const next = jobStatusFromTasks(job.status, (job.statuses ?? []).map(Number));
  if (next !== job.status) await tx.execute(sql`update jobs set status = ${next}::int, modified_at = now() where id = ${jobId}::int`);
  return next;
}
