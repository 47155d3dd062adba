import { z } from 'zod';
import { MAX_ID } from '../common/schemas';
import {
  CURRENCIES,
  JOB_DEFAULT_DURATION,
  JOB_DETAILS_MAX,
  JOB_PAGE_SIZE,
  JOB_STATUSES,
  type JobStatus,
  TASK_STATUSES,
  type TaskStatus,
} from './statuses';

export * from './statuses';

/**
 * Jobs (schedules) and the tasks of a job (shell document sections 3, 4, 5, 7, 9; DECISIONS 5, 6).
 * The API keeps the spec's names: a job is a "schedule", a task is an "observation".
 * Statuses, the job status rule and the fixed lists live in `./statuses` (re-exported here).
 */

/*
 * Who may add, edit, cancel and close jobs lives in the permission registry (permissions.ts):
 * Add is disabled without `jobs.create`, the Action column hidden without `jobs.update`,
 * Cancel Job needs `jobs.cancel`, Close Job `jobs.close`, an existing job's PO Number and
 * inspectors `jobs.editInspectors`, tasks on a job that is not a day job `jobs.tasksAnyJob`.
 */

// ---------------------------------------------------------------------------------------------
// Building blocks

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

/** An optional id: absent, null, '', 0 and -1 mean "none". */
const optId = (label: string) =>
  z.preprocess((v) => (v === '' || v === 0 || v === -1 || v === '0' || v === '-1' ? null : v), id(label).nullish());

/** A required id with "<label> is required" when missing; numeric strings are taken as numbers. */
const reqId = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === 0 || v === -1 || v === '0' || v === '-1' || v === null) return undefined;
      if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
      return v;
    },
    z
      .number({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .int(`${label} is not a valid id`)
      .positive(`${label} is not a valid id`)
      .max(MAX_ID, `${label} is not a valid id`),
  );

/** A comma list or array of ids, as an array. */
const idList = (label: string) =>
  z
    .union([z.string().max(20_000), z.array(z.union([z.number(), z.string()])).max(1_000), z.null()])
    .optional()
    .transform((value, ctx): number[] => {
      if (value === null || value === undefined || value === '') return [];
      const parts = Array.isArray(value) ? value.map(String) : value.split(',');
      const ids = parts
        .map((p) => p.trim())
        .filter(Boolean)
        .map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a list of ids` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/** A date as an ISO string or epoch milliseconds; answered as an ISO string. */
const dateInput = (label: string) =>
  z.union([z.string().max(40), z.number()], { error: `${label} must be a date` }).transform((v, ctx): string => {
    const d = new Date(v);
    const year = d.getUTCFullYear();
    if (Number.isNaN(d.getTime()) || year < 1970 || year > 2200) {
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid date` });
      return z.NEVER;
    }
    return d.toISOString();
  });

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} may be at most ${max} characters`)
    .transform((s): string | null => s.trim() || null)
    .nullish();

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

export const JobFile = z.object({
  fileName: z.string().min(1).max(255),
  fileType: z.string().max(100).nullish(),
  blobKey: z.string().min(1).max(200),
});
export type JobFile = z.infer<typeof JobFile>;

// ---------------------------------------------------------------------------------------------
// POST /api/Schedule (create and update)

export const ScheduleBody = z.object({
  /** Absent, null, 0 or -1: a new job. */
  id: optId('id'),
  /** Ignored for a new job ('Job Number will be auto generated'); kept for an existing one. */
  jobNumber: z.string().max(50).nullish(),
  name: z.string().max(200).nullish(),
  tenantId: z.number().nullish(),
  objectType: z.string().max(20).nullish(),
  /** 1 job, 2 job lite. */
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  /** The new status: absent keeps it (or 1 for a new job); 64 cancels; 16 closes a day job. */
  status: z
    .number({ error: 'status must be a number' })
    .refine((s) => JOB_STATUSES.includes(s as JobStatus), 'status is not a job status')
    .nullish(),
  customerId: reqId('Client Name'),
  siteId: reqId('Site Details'),
  startDate: dateInput('Start Date'),
  endDate: dateInput('End Date').nullish(),
  duration: z.coerce
    .number({ error: 'Duration must be a number' })
    .int('Duration must be a whole number of days')
    .min(1, 'Duration must be at least 1 day')
    .max(3650, 'Duration is too long')
    .default(JOB_DEFAULT_DURATION),
  requesterId: optId('Requester Name'),
  clientUserIds: idList('Client Users'),
  /** The assigned office (Lo Office for Job). */
  secondaryOfficeId: reqId('Lo Office for Job'),
  /** Same as the assigned office; ignored when it differs. */
  officeId: optId('officeId'),
  salesPerson: optId('Sales Person'),
  price: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number({ error: 'Price must be a number' }).min(1, 'Price must be at least 1').max(1e12, 'Price is too large').nullish(),
  ),
  currency: z
    .string()
    .max(10)
    .refine((c) => (CURRENCIES as readonly string[]).includes(c), 'Currency is not in the list')
    .nullish()
    .or(z.literal('').transform(() => null)),
  poNumber: text(100, 'PO Number'),
  quotationNumber: text(100, 'Quotation Number'),
  comments: text(2000, 'Comments'),
  mainInspectorId: reqId('Main Inspector'),
  inspectorIds: idList('Other Inspectors'),
  vendorDetails: text(JOB_DETAILS_MAX, 'Vendor Name & Address'),
  subVendorDetails: text(JOB_DETAILS_MAX, 'Sub-Vendor Name & Address'),
  isDayJob: flag.default(false),
  isDayJobClosed: flag.default(false),
  timeZone: z.string().max(64).nullish(),
  /** Files already uploaded with POST /api/Schedule/attachment/{jobId}; the list kept on the job. */
  otherFiles: z.array(JobFile).max(200).nullish(),
});
export type ScheduleBody = z.input<typeof ScheduleBody>;
export type ScheduleInput = z.output<typeof ScheduleBody>;

/** The answer of POST /api/Schedule. notification is 1 when the main inspector changed. */
export const ScheduleSaveAnswer = z.object({
  schedule: z.object({ id: z.number(), jobNumber: z.string(), status: z.number() }),
  notification: z.union([z.literal(0), z.literal(1)]),
  inspectorId: z.number().nullable(),
});
export type ScheduleSaveAnswer = z.infer<typeof ScheduleSaveAnswer>;

/** A job as the API answers it: every field of the spec's Job plus display names. */
export const Job = z.object({
  id: z.number(),
  jobNumber: z.string(),
  name: z.string(),
  tenantId: z.number(),
  objectType: z.literal('schedule'),
  type: z.number(),
  status: z.number(),
  customerId: z.number(),
  siteId: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  duration: z.number(),
  requesterId: z.number().nullable(),
  clientUserIds: z.string(),
  secondaryOfficeId: z.number(),
  officeId: z.number(),
  salesPerson: z.number().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  poNumber: z.string().nullable(),
  quotationNumber: z.string().nullable(),
  comments: z.string().nullable(),
  mainInspectorId: z.number(),
  inspectorIds: z.string(),
  vendorDetails: z.string().nullable(),
  subVendorDetails: z.string().nullable(),
  isDayJob: z.boolean(),
  isDayJobClosed: z.boolean(),
  timeZone: z.string().nullable(),
  otherFiles: z.array(JobFile),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type Job = z.infer<typeof Job>;

/** A row of GET /api/Schedule: the job list row of the spec plus the whole job for the panel. */
export const JobRow = Job.extend({
  /** Client company name. */
  client: z.string(),
  /** Site name. */
  site: z.string(),
  /** Personnel: the main inspector's name, then the other inspectors'. */
  inspector: z.string(),
  officeName: z.string(),
  officeCode: z.string(),
  /** What the caller may do with this job (contracts jobs/policy.ts `jobCan`). */
  can: z.object({ edit: z.boolean(), cancel: z.boolean(), close: z.boolean(), addTasks: z.boolean(), editInspectors: z.boolean() }),
});
export type JobRow = z.infer<typeof JobRow>;

/**
 * Filter header JSON of GET /api/Schedule and /count (a `filter` query parameter or header,
 * percent-encoded JSON; unknown keys -> 400). Texts match case-insensitively anywhere.
 */
export const JobFilter = z
  .object({
    /** One status; absent, null or '' = every status of the toggle. */
    status: z
      .union([z.number(), z.string()])
      .transform((v) => (v === '' ? null : Number(v)))
      .refine((v) => v === null || JOB_STATUSES.includes(v as JobStatus), 'status is not a job status')
      .nullish(),
    /** The Active/Inactive toggle: true = 1, 2, 4, 8; false = 16, 64, 1024; absent = all. */
    active: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .nullish(),
    jobNumber: z.string().max(100).nullish(),
    /** Client name contains. */
    client: z.string().max(200).nullish(),
    /** Site name contains. */
    site: z.string().max(200).nullish(),
    quotationNumber: z.string().max(100).nullish(),
    /** 1 jobs, 2 job lites; absent = 1. */
    type: z.union([z.literal(1), z.literal(2), z.enum(['1', '2']).transform(Number)]).nullish(),
  })
  .strict();
export type JobFilter = z.output<typeof JobFilter>;

export const JobListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1_000).default(JOB_PAGE_SIZE.jobs),
  filter: z.string().max(4_000).optional(),
});

export const JOB_ACTIONS = ['close', 'cancel'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];
export const JobActionParams = z.object({ id: id('id'), action: z.enum(JOB_ACTIONS) });
export const JobActionAnswer = z.object({
  message: z.string(),
  schedule: z.object({ id: z.number(), jobNumber: z.string(), status: z.number(), isDayJobClosed: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Tasks of a job: GET /api/Observation/Schedule?scheduleId=, POST /api/Observation/All

export const TaskOfJobQuery = z.object({ scheduleId: id('scheduleId') });

/** One task payload of POST /api/Observation/All (the spec's "Task payload" plus divisionId). */
export const TaskPayload = z.object({
  /** Absent, null, 0 or -1: a new task. */
  id: optId('id'),
  scheduleId: optId('scheduleId'),
  type: z.number().nullish(),
  name: z.string().max(200).nullish(),
  objectType: z.string().max(20).nullish(),
  /** Empty for the LLG special task. */
  inspectorId: optId('Inspector'),
  /** Ignored on saved tasks: only new rows may change division and task type. */
  divisionId: optId('Division'),
  taskTypeId: reqId('Task Type'),
  assetTypeId: optId('Asset Type'),
  /** The asset; for the LLG task the site. */
  locationId: optId('Asset'),
  archived: z.number().nullish(),
  observationType: z.number().nullish(),
  dueDate: dateInput('Plan Date').nullish(),
  timeZone: z.string().max(64).nullish(),
  /** 1 or 1024 from the wizard (delete / restore); 64 when the job is cancelled. */
  status: z
    .number({ error: 'status must be a number' })
    .refine((s) => TASK_STATUSES.includes(s as TaskStatus), 'status is not a task status')
    .nullish(),
});
export type TaskPayload = z.input<typeof TaskPayload>;
export type TaskInput = z.output<typeof TaskPayload>;

export const TaskSaveQuery = z.object({
  /** -1 when the job is being cancelled, 1 otherwise. */
  cancelFlag: z.enum(['-1', '1']).transform(Number).default(1),
  scheduleId: id('scheduleId'),
});
export const TaskSaveBody = z.array(TaskPayload).max(1_000, 'At most 1000 tasks at a time');

/** A task of a job as the API answers it. */
export const JobTask = z.object({
  id: z.number(),
  scheduleId: z.number(),
  name: z.string(),
  type: z.number(),
  objectType: z.literal('TASK'),
  observationType: z.number(),
  divisionId: z.number(),
  divisionName: z.string(),
  taskTypeId: z.number(),
  taskTypeName: z.string(),
  assetTypeId: z.number().nullable(),
  assetTypeName: z.string().nullable(),
  /** The asset, or the site for the LLG task. */
  locationId: z.number().nullable(),
  locationName: z.string().nullable(),
  siteId: z.number(),
  inspectorId: z.number().nullable(),
  inspectorName: z.string().nullable(),
  parentId: z.number().nullable(),
  isLlg: z.boolean(),
  dueDate: z.string().nullable(),
  timeZone: z.string().nullable(),
  status: z.number(),
  archived: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type JobTask = z.infer<typeof JobTask>;

export const TaskSaveAnswer = z.object({
  /** The tasks this save created (the wizard sends them to POST /api/getNotification). */
  newObservations: z.array(JobTask),
  /** The job's status after the save (it follows its tasks). */
  scheduleStatus: z.number(),
});
export type TaskSaveAnswer = z.infer<typeof TaskSaveAnswer>;

// ---------------------------------------------------------------------------------------------
// Notifications

/** POST /api/getNotification[?messageType=]: the new observations (rows or ids). */
export const NotificationBody = z
  .array(z.union([z.number(), z.object({ id: id('id') }).loose()]))
  .min(1, 'No observations to notify')
  .max(1_000)
  .transform((items) => [...new Set(items.map((i) => (typeof i === 'number' ? i : i.id)))]);
export const NotificationQuery = z.object({ messageType: z.string().max(50).optional() });
export const ReassignParams = z.object({ scheduleId: id('scheduleId'), inspectorId: id('inspectorId') });
export const NotificationAnswer = z.object({ message: z.string(), sent: z.number() });

// Job files: POST /api/Schedule/attachment/{jobId} (multipart scheduleFile)
export const JobFileParams = z.object({ jobId: id('jobId') });
export const JobFilesAnswer = z.object({ otherFiles: z.array(JobFile), message: z.string() });

// ---------------------------------------------------------------------------------------------
// POST /api/Schedule/withTasks (ours, issue 20): a job and its tasks in one transaction

/**
 * The job (the body of POST /api/Schedule) and its new or changed tasks (the body of
 * POST /api/Observation/All), saved together or not at all. The mails go after the commit.
 */
export const ScheduleWithTasksBody = z.object({
  schedule: ScheduleBody,
  tasks: TaskSaveBody.default([]),
});
export type ScheduleWithTasksBody = z.input<typeof ScheduleWithTasksBody>;
export type ScheduleWithTasksInput = z.output<typeof ScheduleWithTasksBody>;

/** The job save's answer plus the task save's; `mailsSent` counts the notifications sent after the commit. */
export const ScheduleWithTasksAnswer = ScheduleSaveAnswer.extend({
  newObservations: z.array(JobTask),
  scheduleStatus: z.number(),
  mailsSent: z.number(),
  message: z.string(),
});
export type ScheduleWithTasksAnswer = z.infer<typeof ScheduleWithTasksAnswer>;
