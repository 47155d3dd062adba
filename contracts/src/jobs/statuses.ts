import { DOCUMENT_MAX_BYTES } from '../limits';

/**
 * Job and task statuses, the job status rule and the fixed lists of the jobs area (DECISIONS 5;
 * shell document section 9). Re-exported by `./schemas`, which holds the request and answer shapes.
 */

/** Job status (DECISIONS 5). */
export const JOB_STATUS = {
  ACTIVE: 1,
  ONGOING: 2,
  COMPLETED: 4,
  SUBMITTED: 8,
  CLOSED: 16,
  CANCELLED: 64,
  DELETED: 1024,
} as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUSES = Object.values(JOB_STATUS) as JobStatus[];
export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  1: 'Active',
  2: 'Ongoing',
  4: 'Completed',
  8: 'Submitted',
  16: 'Closed',
  64: 'Cancelled',
  1024: 'Deleted',
};
/** The Active/Inactive toggle of the dashboards. */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = [1, 2, 4, 8];
export const INACTIVE_JOB_STATUSES: readonly JobStatus[] = [16, 64, 1024];
/** Jobs in these statuses lock Save, task adding and asset adding; the server answers 417. */
export const LOCKED_JOB_STATUSES: readonly JobStatus[] = [16, 64, 1024];
export const isJobLocked = (status: number) => LOCKED_JOB_STATUSES.includes(status as JobStatus);

/** Job type: 1 job, 2 job lite (DECISIONS 5). */
export const JOB_TYPE = { JOB: 1, JOB_LITE: 2 } as const;

/** Task status (tasks document section 4). */
export const TASK_STATUS = {
  OPEN: 1,
  ONGOING: 2,
  HOLD: 4,
  SUBMITTED: 8,
  APPROVED: 16,
  AMENDED: 32,
  CANCELLED: 64,
  DELETED: 1024,
} as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUSES = Object.values(TASK_STATUS) as TaskStatus[];
export const TASK_STATUS_LABEL: Record<TaskStatus, string> = {
  1: 'Open',
  2: 'Ongoing',
  4: 'Hold',
  8: 'Submitted',
  16: 'Approved',
  32: 'Amended',
  64: 'Cancelled',
  1024: 'Deleted',
};
/** Task statuses that lock the asset and dates of a row. */
export const LOCKED_TASK_STATUSES: readonly TaskStatus[] = [8, 16, 64, 1024];
/** Task observationType of a task (1024); 512 service report; 256 special. */
export const OBSERVATION_TYPE_TASK = 1024;

/**
 * The job status follows its tasks (DECISIONS 5). Closed, cancelled and deleted jobs keep
 * their status. Live tasks are those not cancelled or deleted. No live task: 1 Active; every
 * live task approved: 4 Completed; every live task submitted or approved: 8 Submitted; any live
 * task past Open: 2 Ongoing; otherwise 1 Active.
 */
export function jobStatusFromTasks(current: number, taskStatuses: readonly number[]): number {
  if (isJobLocked(current)) return current;
  const live = taskStatuses.filter((s) => s !== TASK_STATUS.CANCELLED && s !== TASK_STATUS.DELETED);
  if (live.length === 0) return JOB_STATUS.ACTIVE;
  if (live.every((s) => s === TASK_STATUS.APPROVED)) return JOB_STATUS.COMPLETED;
  if (live.every((s) => s === TASK_STATUS.SUBMITTED || s === TASK_STATUS.APPROVED)) return JOB_STATUS.SUBMITTED;
  if (live.some((s) => s !== TASK_STATUS.OPEN)) return JOB_STATUS.ONGOING;
  return JOB_STATUS.ACTIVE;
}

/** Page sizes (section 9). */
export const JOB_PAGE_SIZE = { jobs: 500, jobLites: 250 } as const;
export const JOB_COMMENTS_CUT = 12;
export const JOB_DEFAULT_DURATION = 1;
export const JOB_DETAILS_MAX = 200;
/** Job files: the spec's types, field scheduleFile, 45 MB in total. */
export const JOB_FILE_FIELD = 'scheduleFile';
export const JOB_FILES_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const JOB_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'] as const;

/** Currencies of the Currency picker (section 9: "a long list including ..."). */
export const CURRENCIES = [
  'INR',
  'USD',
  'EUR',
  'GBP',
  'AED',
  'KWD',
  'OMR',
  'QR',
  'SAR',
  'BHD',
  'SGD',
  'MYR',
  'AUD',
  'CAD',
  'CHF',
  'JPY',
  'CNY',
  'ZAR',
  'NOK',
  'EGP',
] as const;
