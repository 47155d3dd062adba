import { z } from 'zod';
import { MAX_ID, pagingFields } from '../common/schemas';
import { TASK_STATUSES, type TaskStatus } from '../jobs/schemas';
import { EXAMINATION_BASES, TestEquipmentRow } from './inspection';
import { TASK_ACTIONS } from './transitions';

export * from './checklistApi';

/**
 * Tasks (the spec's "observations"): the task dashboard, task details, the workflow, the
 * checklist and the job details (tasks document sections 2.1, 2.2, 3, 4, 5, 7; DECISIONS 4 to 6).
 * The checklist read and save shapes live in `./checklistApi` (re-exported here).
 */

/** The Active/Inactive toggle of the task dashboard (section 2.1). */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = [1, 2, 4, 8, 32];
export const INACTIVE_TASK_STATUSES: readonly TaskStatus[] = [16, 64, 1024];
/** Page size of the task dashboard (section 9). */
export const TASK_PAGE_SIZE = 200;
export const REVISION_COMMENTS_MAX = 500;
export const END_USER_NAME_MAX = 200;
export const END_USER_ADDRESS_MAX = 500;
/** The statuses in which the checklist may be saved (INSPECT's enable rule). */
export const CHECKLIST_SAVE_STATUSES: readonly TaskStatus[] = [1, 2, 4, 32];
/** The status job details may be changed in (section 5). */
export const JOB_DETAILS_STATUS = 8;

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

const boolFlag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

const searchText = (max: number) => z.string().max(max).nullish();

// ---------------------------------------------------------------------------------------------
// GET /api/Observation?offset&limit, GET /api/Observation/count (filter query parameter or header)

/** Filter of the task dashboard (strict: unknown keys are 400). Texts match "contains, any case". */
export const TaskFilter = z
  .object({
    /** One status, or a list; absent, null or '' = every status of the toggle. */
    status: z
      .union([z.number(), z.string().max(200), z.array(z.union([z.number(), z.string()])).max(10)])
      .transform((v, ctx): number[] | null => {
        if (v === '' || v === null) return null;
        const list = (Array.isArray(v) ? v : String(v).split(',')).map((s) => Number(String(s).trim()));
        if (list.some((s) => !TASK_STATUSES.includes(s as TaskStatus))) {
          ctx.addIssue({ code: 'custom', message: 'status is not a task status' });
          return z.NEVER;
        }
        return list;
      })
      .nullish(),
    /** The Active/Inactive toggle: true = 1, 2, 4, 8, 32; false = 16, 64, 1024; absent = all. */
    active: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .nullish(),
    assetTypeId: z.preprocess((v) => (v === '' || v === 0 || v === -1 ? null : v), id('assetTypeId').nullish()),
    jobNumber: searchText(100),
    /** Asset name contains. */
    asset: searchText(200),
    client: searchText(200),
    site: searchText(200),
    certificateNumber: searchText(100),
    quotationNumber: searchText(100),
    observationType: z.coerce.number().int().min(0).max(100_000).nullish(),
    /** 'My tasks' (DECISIONS 9): only the tasks whose inspector is the caller. */
    mine: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .nullish(),
  })
  .strict();
export type TaskFilter = z.output<typeof TaskFilter>;

/** Paging of the dashboard; -1/-1 means every matching row (the CSV export). */
export const TaskListQuery = z.object({
  ...pagingFields({ offset: 0, limit: TASK_PAGE_SIZE }),
  filter: z.string().max(4_000).optional(),
});
export const TaskCountQuery = TaskListQuery.pick({ filter: true });

export const TaskFileLink = z.object({ blobKey: z.string(), fileName: z.string() });
export type TaskFileLink = z.infer<typeof TaskFileLink>;

/** The server's rights flags of a task for the caller (the web never guesses). */
export const TaskCan = z.object({
  /** The action icon of the dashboard / the detail view itself. */
  open: z.boolean(),
  inspect: z.boolean(),
  submit: z.boolean(),
  complete: z.boolean(),
  hold: z.boolean(),
  reopen: z.boolean(),
  amend: z.boolean(),
  approve: z.boolean(),
  generate: z.boolean(),
  cancel: z.boolean(),
  editJobDetails: z.boolean(),
  /** Ask the documents again (POST /api/addasynctask). */
  regenerate: z.boolean(),
});
export type TaskCan = z.infer<typeof TaskCan>;

/** A row of the task dashboard (section 2.1's seventeen columns and what they link to). */
export const TaskRow = z.object({
  id: z.number(),
  status: z.number(),
  jobNumber: z.string(),
  /** The asset's name (the site's for the LLG task). */
  location: z.string().nullable(),
  locationId: z.number().nullable(),
  assetType: z.string().nullable(),
  assetTypeId: z.number().nullable(),
  /** The activity: the task type's name. */
  taskType: z.string(),
  taskTypeId: z.number(),
  client: z.string(),
  site: z.string(),
  observationInspector: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  certificateFile: TaskFileLink.nullable(),
  quotationNumber: z.string().nullable(),
  observationType: z.number(),
  actualInspectionDate: z.string().nullable(),
  modifiedDate: z.string(),
  endUserName: z.string().nullable(),
  endUserAddress: z.string().nullable(),
  scheduleId: z.number(),
  certificateStatus: z.number().nullable(),
  result: z.number().nullable(),
  isLlg: z.boolean(),
  can: TaskCan,
});
export type TaskRow = z.infer<typeof TaskRow>;

/** Which tabs of task details are enabled (section 2.2). */
export const TaskTabs = z.object({
  preview: z.boolean(),
  jobDetails: z.boolean(),
  assetDetails: z.boolean(),
  fieldReport: z.boolean(),
  inspect: z.boolean(),
  attachAsset: z.boolean(),
  fullChecklistReport: z.boolean(),
});
export type TaskTabs = z.infer<typeof TaskTabs>;

/** The detail view's action buttons: `can` minus the roles whose buttons are all disabled there (FIELD-ENGG). */
export const TaskButtons = z.object(
  Object.fromEntries(TASK_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof TASK_ACTIONS)[number], z.ZodBoolean>,
);
export type TaskButtons = z.infer<typeof TaskButtons>;

export const TaskJobFile = z.object({ blobKey: z.string(), fileName: z.string(), fileType: z.string().nullable() });

/** GET /api/Observation/{id}: the task (section 3) with its rights and tabs. */
export const TaskDetail = TaskRow.extend({
  name: z.string(),
  description: z.string().nullable(),
  divisionId: z.number(),
  division: z.string(),
  siteId: z.number(),
  siteStreet: z.string().nullable(),
  siteCity: z.string().nullable(),
  siteState: z.string().nullable(),
  siteCountry: z.string().nullable(),
  sitePin: z.string().nullable(),
  siteTimeZone: z.string().nullable(),
  companyId: z.number(),
  inspectorId: z.number().nullable(),
  mainInspectorId: z.number(),
  approverId: z.number().nullable(),
  approver: z.string().nullable(),
  certificateDate: z.string().nullable(),
  /** `/api/filedownload?id=<blobKey>&observationId=<id>` of the current certificate, or null. */
  certificateLink: z.string().nullable(),
  fieldReportFile: TaskFileLink.nullable(),
  fieldReportLink: z.string().nullable(),
  fullReportFile: TaskFileLink.nullable(),
  fullReportLink: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** The asset's next due date (set at approval). */
  assetDueDate: z.string().nullable(),
  vendorDetails: z.string().nullable(),
  subVendorDetails: z.string().nullable(),
  revisionComments: z.string().nullable(),
  revision: z.number(),
  otherFiles: z.array(TaskJobFile),
  parentId: z.number().nullable(),
  timeZone: z.string().nullable(),
  hasChecklist: z.boolean(),
  /** The basis of examination (DECISIONS 9), the task type's default until chosen. */
  basisOfExamination: z.enum(EXAMINATION_BASES),
  testEquipment: z.array(TestEquipmentRow),
  /** Who performed the inspection: the users who saved its results, first first (DECISIONS 9). */
  performedBy: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The public verification page of the latest final certificate, or null before one is issued. */
  verificationUrl: z.string().nullable(),
  createdDate: z.string(),
  tabs: TaskTabs,
  buttons: TaskButtons,
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const TaskIdParams = z.object({ id: id('id') });

// ---------------------------------------------------------------------------------------------
// PUT /api/Observation/{id}/{status}?revisionComments&newInspector&isWebInspection&isToUpdateChecklist

export const TaskStatusParams = z.object({
  id: id('id'),
  status: z.coerce
    .number({ error: 'status must be a number' })
    .refine((s) => [2, 4, 8, 16, 32, 64].includes(s), 'status must be one of 2, 4, 8, 16, 32, 64'),
});
export const TaskStatusQuery = z.object({
  revisionComments: z
    .string()
    .max(REVISION_COMMENTS_MAX, `Revision comments may be at most ${REVISION_COMMENTS_MAX} characters`)
    .optional(),
  /** Amend: the new inspector (sent only when different from the current one). */
  newInspector: z.preprocess((v) => (v === '' || v === '0' || v === '-1' ? undefined : v), id('newInspector').optional()),
  isWebInspection: boolFlag.optional(),
  /** With 4: open the task for inspection (copy the task type's checklist when it has none). */
  isToUpdateChecklist: boolFlag.optional(),
  /** The spec's "sent with an 'approve' flag when target is 8"; accepted and ignored. */
  approve: boolFlag.optional(),
});
export type TaskStatusQuery = z.output<typeof TaskStatusQuery>;

export const TaskStatusAnswer = z.object({
  id: z.number(),
  status: z.number(),
  /** 'Task <status> successfully' or 'Task in <status> and Checklist updated successfully'. */
  message: z.string(),
  /** True when a notification mail went (the web adds 'Please check email for notification'). */
  notification: z.boolean(),
  checklistUpdated: z.boolean(),
  certificateStatus: z.number().nullable(),
  inspectorId: z.number().nullable(),
  scheduleStatus: z.number(),
});
export type TaskStatusAnswer = z.infer<typeof TaskStatusAnswer>;

// ---------------------------------------------------------------------------------------------
// POST /api/approvetaskweb?id=

export const ApproveQuery = z.object({ id: id('id') });
export const ApproveAnswer = z.object({
  id: z.number(),
  status: z.number(),
  message: z.string(),
  certificateNumber: z.string(),
  certificateStatus: z.number().nullable(),
  revision: z.number(),
  scheduleStatus: z.number(),
});
export type ApproveAnswer = z.infer<typeof ApproveAnswer>;

// POST /api/addasynctask?id&preview=true&isLLG (regenerate the documents of the task's phase)
export const RegenerateQuery = z.object({ id: id('id'), preview: boolFlag.optional(), isLLG: boolFlag.optional() });
export const RegenerateAnswer = z.object({
  id: z.number(),
  phase: z.enum(['preview', 'final']),
  certificateStatus: z.number(),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------
// POST /api/Observation/changejobdetails

const detailText = (max: number) => z.string().max(max, `At most ${max} characters`).nullish();

export const ChangeJobDetailsBody = z.object({
  observationDetails: z
    .object({
      id: id('id'),
      /** ISO date and time (the date and time fields together). */
      actualInspectionDate: z.union([z.string().max(40), z.number()]).nullish(),
      isLLG: z.boolean().nullish(),
    })
    .loose(),
  scheduleDetails: z
    .object({
      scheduleId: id('scheduleId').nullish(),
      vendorDetails: detailText(200),
      subVendorDetails: detailText(200),
    })
    .loose(),
  siteDetails: z
    .object({
      id: id('site id').nullish(),
      name: detailText(200),
      street: detailText(300),
      city: detailText(100),
      state: detailText(100),
      country: detailText(100),
      pin: z.union([z.string().max(20), z.number()]).nullish(),
      timeZone: z.string().max(64).nullish(),
      locationLevel: z.number().nullish(),
      type: z.number().nullish(),
      status: z.number().nullish(),
      objectType: z.string().max(30).nullish(),
      companyId: z.number().nullish(),
    })
    .loose(),
});
export type ChangeJobDetailsBody = z.input<typeof ChangeJobDetailsBody>;

export const ChangeJobDetailsAnswer = z.object({ message: z.string(), id: z.number(), certificateStatus: z.number().nullable() });

// GET /api/Users/tasktype/{id}: the inspectors a task may be reassigned to.
export const TaskInspectorOption = z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.string() });
export type TaskInspectorOption = z.infer<typeof TaskInspectorOption>;

// ---------------------------------------------------------------------------------------------
// POST /api/Observation/Asset/{taskId}/{assetId}?isShiftAndAttach: ATTACH ASSET (tasks document 2.2)

/** `assetId` 0 creates the asset from the body (an asset save on the task's client and site) and attaches it. */
export const AttachAssetParams = z.object({
  taskId: id('taskId'),
  assetId: z.coerce
    .number({ error: 'assetId must be a number' })
    .int('assetId is not a valid id')
    .min(0, 'assetId is not a valid id')
    .max(MAX_ID, 'assetId is not a valid id'),
});
/** `isShiftAndAttach=true` moves an asset of another site of the task's client to the task's site first. */
export const AttachAssetQuery = z.object({ isShiftAndAttach: boolFlag.optional() });
export const AttachAssetAnswer = z.object({
  id: z.number(),
  locationId: z.number(),
  location: z.string(),
  /** 'Location <name> attached successfully' or 'New Asset added and attached successfully to observation'. */
  message: z.string(),
  shifted: z.boolean(),
});
export type AttachAssetAnswer = z.infer<typeof AttachAssetAnswer>;
