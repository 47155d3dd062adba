import { can, type Permission } from '../permissions';
import type { Role } from '../roles';
import { isJobLocked, JOB_STATUSES } from './schemas';

/**
 * The jobs policy: what a role may do with one job, from the job's facts (DECISIONS 4 and 5).
 * The server answers these flags on every job row (`can`) and refuses with the same rule
 * (`jobRefusal`); the web reads the flags, or asks `jobCan` about the job it is editing.
 */
export interface JobFacts {
  /** null (or absent) for a job not saved yet. */
  id?: number | null;
  status: number;
  isDayJob: boolean;
  isDayJobClosed: boolean;
}

export const JOB_ROW_ACTIONS = ['edit', 'cancel', 'close', 'addTasks', 'editInspectors'] as const;
export type JobRowAction = (typeof JOB_ROW_ACTIONS)[number];

/** A job row's `can` flags (contracts JobRow.can). */
export type JobCan = Record<JobRowAction, boolean>;

/** The registry permission behind each flag: a flag is never true for a role without it. */
export const JOB_ACTION_PERMISSION = {
  /** Save the job (a closed or cancelled job opens read only). */
  edit: 'jobs.update',
  /** Cancel Job: cancels its open tasks too, so the task Cancel's roles (DECISIONS 4). */
  cancel: 'jobs.cancel',
  /** Close Job: a saved day job not yet closed. */
  close: 'jobs.close',
  /** Add task rows: to any open job with jobs.tasksAnyJob, else to day jobs only. */
  addTasks: 'jobs.update',
  /** Change the PO Number and the inspectors of a saved job (shell document 6). */
  editInspectors: 'jobs.editInspectors',
} as const satisfies Record<JobRowAction, Permission>;

/** Why an action is refused, first rule first: the server maps each to its status and text. */
export type JobRefusal = 'role' | 'new' | 'locked' | 'notDayJob' | 'dayJobClosed';

/** Whether the role may ever do the action (the role part of the policy, before the job is read). */
export const jobRoleMay = (role: Role | null | undefined, action: JobRowAction | 'create'): boolean =>
  can(role, action === 'create' ? 'jobs.create' : JOB_ACTION_PERMISSION[action]);

export function jobRefusal(role: Role | null | undefined, job: JobFacts, action: JobRowAction): JobRefusal | null {
  if (!jobRoleMay(role, action)) return 'role';
  const saved = job.id !== null && job.id !== undefined;
  if (!saved && action !== 'edit' && action !== 'addTasks') return 'new';
  if (isJobLocked(job.status)) return 'locked';
  if (action === 'close' && !job.isDayJob) return 'notDayJob';
  if (action === 'close' && job.isDayJobClosed) return 'dayJobClosed';
  if (action === 'addTasks' && !job.isDayJob && !can(role, 'jobs.tasksAnyJob')) return 'notDayJob';
  return null;
}

export function jobCan(role: Role | null | undefined, job: JobFacts): JobCan {
  return Object.fromEntries(JOB_ROW_ACTIONS.map((action) => [action, jobRefusal(role, job, action) === null])) as JobCan;
}

/** Every combination of a saved job's facts: the server builds the flags in SQL from it; tests walk it. */
export const JOB_FACT_SPACE: readonly JobFacts[] = JOB_STATUSES.flatMap((status) =>
  [false, true].flatMap((isDayJob) => [false, true].map((isDayJobClosed) => ({ id: 1, status, isDayJob, isDayJobClosed }))),
);
