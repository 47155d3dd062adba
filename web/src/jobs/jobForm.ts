import {
  FILES,
  isJobLocked,
  jobCan,
  JOB_DETAILS_MAX,
  JOB_FILE_EXTENSIONS,
  JOB_FILES_MAX_BYTES,
  JOB_STATUS,
  JOB_TYPE,
  type Job,
  type JobFile,
  type JobTask,
  parseIdList,
  type Role,
  type ScheduleBody,
  type TaskPayload,
  toIdList,
} from '@portal/contracts';
import { megabytes, sortPick } from '../common/filePick';

export const TASK_DELETED = 1024;

/** A row of the TASKS table (shell document 3 "Task row in a job"). */
export interface TaskRowState {
  key: string;
  id?: number;
  divisionId: number | null;
  taskTypeId: number | null;
  assetTypeId: number | null;
  assetId: number | null;
  inspectorId: number | null;
  dueDate: string;
  dueTime: string;
  status: number;
  isNew: boolean;
  isDirty: boolean;
}

/** The job form state (shell document 3 "Job form state"). */
export interface JobFormState {
  id?: number;
  jobNumber: string;
  status: number;
  type: 1 | 2;
  customerId: number | null;
  siteId: number | null;
  startDate: string;
  startTime: string;
  duration: number;
  requesterId: number | null;
  clientUserIds: number[];
  officeId: number | null;
  salesPerson: number | null;
  price: string;
  currency: string;
  poNumber: string;
  quotationNumber: string;
  comments: string;
  mainInspectorId: number | null;
  inspectorIds: number[];
  vendorDetails: string;
  subVendorDetails: string;
  isDayJob: boolean;
  isDayJobClosed: boolean;
  otherFiles: JobFile[];
  tasks: TaskRowState[];
  /** A saved job's own inspectors (main, others, its tasks'), kept in the pickers. */
  savedInspectors?: number[];
  /** The special LLG task: -1 not present, 1 active, 1024 removed. */
  llg: number;
  llgTask?: JobTask;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timeInput = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let keys = 0;
export const newTaskRow = (inspectorId: number | null = null, start?: Date): TaskRowState => ({
  key: `new-${++keys}`,
  divisionId: null,
  taskTypeId: null,
  assetTypeId: null,
  assetId: null,
  inspectorId,
  dueDate: dateInput(start ?? new Date()),
  dueTime: timeInput(start ?? new Date()),
  status: 1,
  isNew: true,
  isDirty: false,
});

export function emptyJob(now = new Date()): JobFormState {
  return {
    jobNumber: '',
    status: JOB_STATUS.ACTIVE,
    type: JOB_TYPE.JOB,
    customerId: null,
    siteId: null,
    startDate: dateInput(now),
    startTime: timeInput(now),
    duration: 1,
    requesterId: null,
    clientUserIds: [],
    officeId: null,
    salesPerson: null,
    price: '',
    currency: 'INR',
    poNumber: '',
    quotationNumber: '',
    comments: '',
    mainInspectorId: null,
    inspectorIds: [],
    vendorDetails: '',
    subVendorDetails: '',
    isDayJob: false,
    isDayJobClosed: false,
    otherFiles: [],
    tasks: [newTaskRow(null, now)],
    llg: -1,
  };
}

/** Start as a local Date from the date and 24 h time inputs. */
export function startOf(form: Pick<JobFormState, 'startDate' | 'startTime'>): Date | null {
  if (!form.startDate) return null;
  const d = new Date(`${form.startDate}T${form.startTime || '00:00'}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** End date = start + 24 h per day of duration (shell document 9). */
export function endOf(form: Pick<JobFormState, 'startDate' | 'startTime' | 'duration'>): Date | null {
  const start = startOf(form);
  if (!start || !(form.duration >= 1)) return null;
  return new Date(start.getTime() + form.duration * 24 * 3_600_000);
}

export const isLocked = isJobLocked;

/** A row the user has left blank (a new row with nothing chosen). */
const blankRow = (row: TaskRowState) => row.isNew && row.divisionId === null && row.taskTypeId === null;

/** Next/Save rules per step (shell document 4 "Wizard"). */
export function stepReady(step: number, form: JobFormState, extra: { hasOffices: boolean; assetsLoading: boolean }): boolean {
  switch (step) {
    case 0:
      return Boolean(form.customerId && form.siteId && form.startDate && form.duration >= 1 && (form.id || extra.hasOffices));
    case 1:
      return Boolean(form.officeId) && (form.price === '' || Number(form.price) >= 1);
    case 2:
      return (
        Boolean(form.mainInspectorId) && form.vendorDetails.length <= JOB_DETAILS_MAX && form.subVendorDetails.length <= JOB_DETAILS_MAX
      );
    default: {
      if (extra.assetsLoading) return false;
      const live = form.tasks.filter((row) => !(form.llg === 1 && blankRow(row)));
      // A saved job may keep no task (its other details still save); a new one needs a task or the LLG task.
      if (live.length === 0) return form.llg === 1 || Boolean(form.id);
      return live.every((row) => row.divisionId !== null && row.taskTypeId !== null);
    }
  }
}

/** The jobs policy (contracts jobs/policy.ts) asked about the job in the form. */
type JobFormFacts = Pick<JobFormState, 'status'> & Partial<Pick<JobFormState, 'id' | 'isDayJob' | 'isDayJobClosed'>>;
export const jobCanOfForm = (role: Role, form: JobFormFacts) =>
  jobCan(role, {
    id: form.id ?? null,
    status: form.status,
    isDayJob: Boolean(form.isDayJob),
    isDayJobClosed: Boolean(form.isDayJobClosed),
  });

/** Whether the role may add task rows to this job (DECISIONS 4). */
export const canAddTasks = (role: Role, form: JobFormFacts) => jobCanOfForm(role, form).addTasks;

export const canCloseJob = (role: Role, form: JobFormFacts) => jobCanOfForm(role, form).close;

/** Cancel Job: a saved job that is not closed or cancelled, for the roles with jobs.cancel (DECISIONS 4). */
export const canCancelJob = (role: Role, form: JobFormFacts) => jobCanOfForm(role, form).cancel;

/** Remove Last New Item: at least two rows with at least one new. */
export const canRemoveLastNew = (tasks: TaskRowState[]) => tasks.length >= 2 && tasks.some((t) => t.isNew);

export function toSchedule(form: JobFormState): ScheduleBody {
  const start = startOf(form) ?? new Date();
  const end = endOf(form) ?? start;
  return {
    ...(form.id ? { id: form.id, jobNumber: form.jobNumber } : {}),
    name: `Job ${dateInput(start)}`,
    tenantId: 2,
    objectType: 'schedule',
    type: form.type,
    status: form.status,
    customerId: form.customerId as number,
    siteId: form.siteId as number,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    duration: form.duration,
    requesterId: form.requesterId,
    clientUserIds: toIdList(form.clientUserIds),
    secondaryOfficeId: form.officeId as number,
    officeId: form.officeId as number,
    salesPerson: form.salesPerson,
    price: form.price === '' ? null : Number(form.price),
    currency: form.currency || null,
    poNumber: form.poNumber.trim() || null,
    quotationNumber: form.quotationNumber.trim() || null,
    comments: form.comments.trim() || null,
    mainInspectorId: form.mainInspectorId as number,
    inspectorIds: toIdList(form.inspectorIds),
    vendorDetails: form.vendorDetails.trim() || null,
    subVendorDetails: form.subVendorDetails.trim() || null,
    isDayJob: form.isDayJob,
    isDayJobClosed: form.isDayJobClosed,
    timeZone: browserTimeZone(),
  };
}

/** The form of a saved job and its tasks (the LLG task apart). */
export function fromSchedule(job: Job, tasks: JobTask[]): JobFormState {
  const start = new Date(job.startDate);
  const llgTask = tasks.find((t) => t.isLlg && !t.parentId);
  const rows = tasks
    .filter((t) => t !== llgTask && !t.parentId)
    .map<TaskRowState>((t) => {
      const due = t.dueDate ? new Date(t.dueDate) : new Date();
      return {
        key: `task-${t.id}`,
        id: t.id,
        divisionId: t.divisionId,
        taskTypeId: t.taskTypeId,
        assetTypeId: t.assetTypeId,
        assetId: t.locationId,
        inspectorId: t.inspectorId,
        dueDate: dateInput(due),
        dueTime: timeInput(due),
        status: t.status,
        isNew: false,
        isDirty: false,
      };
    });
  return {
    id: job.id,
    jobNumber: job.jobNumber ?? '',
    status: job.status,
    type: job.type === JOB_TYPE.JOB_LITE ? 2 : 1,
    customerId: job.customerId,
    siteId: job.siteId,
    startDate: dateInput(start),
    startTime: timeInput(start),
    duration: job.duration || 1,
    requesterId: job.requesterId,
    clientUserIds: parseIdList(job.clientUserIds),
    officeId: job.secondaryOfficeId,
    salesPerson: job.salesPerson,
    price: job.price === null ? '' : String(job.price),
    currency: job.currency ?? '',
    poNumber: job.poNumber ?? '',
    quotationNumber: job.quotationNumber ?? '',
    comments: job.comments ?? '',
    mainInspectorId: job.mainInspectorId,
    inspectorIds: parseIdList(job.inspectorIds),
    vendorDetails: job.vendorDetails ?? '',
    subVendorDetails: job.subVendorDetails ?? '',
    isDayJob: job.isDayJob,
    isDayJobClosed: job.isDayJobClosed,
    otherFiles: job.otherFiles,
    tasks: rows,
    llg: llgTask ? (llgTask.status === TASK_DELETED ? TASK_DELETED : 1) : -1,
    llgTask,
    savedInspectors: [
      ...new Set([job.mainInspectorId, ...parseIdList(job.inspectorIds), ...rows.flatMap((r) => (r.inspectorId ? [r.inspectorId] : []))]),
    ],
  };
}

/** The tasks to send: new or changed rows (blank new rows left out), and the LLG task when new or changed. */
export function tasksToSave(
  form: JobFormState,
  /** The job's id; null for a new job (POST /api/Schedule/withTasks saves it with them). */
  scheduleId: number | null,
  names: (row: TaskRowState) => string,
  llg: { taskTypeId: number | null; assetTypeId: number | null },
): TaskPayload[] {
  const timeZone = browserTimeZone();
  const out: TaskPayload[] = form.tasks
    .filter((row) => (row.isNew && row.divisionId !== null && row.taskTypeId !== null) || (!row.isNew && row.isDirty))
    .map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      scheduleId,
      type: 1,
      name: names(row),
      objectType: 'TASK',
      inspectorId: row.inspectorId ?? form.mainInspectorId,
      taskTypeId: row.taskTypeId as number,
      assetTypeId: row.assetTypeId,
      locationId: row.assetId,
      archived: 0,
      observationType: 1024,
      dueDate: new Date(`${row.dueDate}T${row.dueTime || '00:00'}`).toISOString(),
      timeZone,
      status: row.status,
      divisionId: row.divisionId ?? undefined,
    }));
  const llgWanted = form.llg === 1 ? 1 : TASK_DELETED;
  const llgChanged = form.llgTask ? form.llgTask.status !== llgWanted : form.llg === 1;
  if (llgChanged && llg.taskTypeId !== null) {
    out.push({
      ...(form.llgTask?.id ? { id: form.llgTask.id } : {}),
      scheduleId,
      type: 1,
      name: 'LLG',
      objectType: 'TASK',
      inspectorId: null,
      taskTypeId: llg.taskTypeId,
      assetTypeId: llg.assetTypeId,
      locationId: form.siteId,
      archived: 0,
      observationType: 1024,
      dueDate: new Date().toISOString(),
      timeZone,
      status: llgWanted,
    });
  }
  return out;
}

/** Comments cut to 12 characters plus an ellipsis (shell document 9). */
export const cutComment = (text: string | null | undefined) => {
  const value = text ?? '';
  return value.length > 12 ? `${value.slice(0, 12)}...` : value;
};

/**
 * Sorts a pick of job files before upload (the server checks their content): a file of another
 * type, or one that would take the job's files over the total, is named and left out; the rest
 * are kept. `already` is the size of the files already waiting.
 */
export function pickJobFiles(files: File[], already = 0) {
  return sortPick(files, (file, kept) => {
    if (!(JOB_FILE_EXTENSIONS as readonly string[]).includes((file.name.split('.').pop() ?? '').toLowerCase()))
      return FILES.reasonType(JOB_FILE_EXTENSIONS.join(', '));
    const total = kept.reduce((sum, f) => sum + f.size, already) + file.size;
    return total > JOB_FILES_MAX_BYTES ? FILES.reasonTotal(megabytes(JOB_FILES_MAX_BYTES)) : null;
  });
}

export { dateInput, timeInput };
