import { ACTIVE_TASK_STATUSES, INACTIVE_TASK_STATUSES, TASK_STATUS_LABEL, type TaskStatus } from '@portal/contracts';

export const taskStatusLabel = (status: number) => TASK_STATUS_LABEL[status as TaskStatus] ?? String(status);

/** The task dashboard's filters as the page keeps them (tasks document 2.1). */
export interface TaskFilterState {
  active: boolean;
  /** 'My tasks': the caller's own (DECISIONS 9). */
  mine: boolean;
  status: string;
  assetTypeId: string;
  jobNumber: string;
  asset: string;
  client: string;
  site: string;
  certificateNumber: string;
  quotationNumber: string;
}

export const INITIAL_TASK_FILTER: TaskFilterState = {
  active: true,
  mine: false,
  status: '',
  assetTypeId: '',
  jobNumber: '',
  asset: '',
  client: '',
  site: '',
  certificateNumber: '',
  quotationNumber: '',
};

/** The six search boxes, in the spec's order, with their labels. */
export const TASK_SEARCHES = [
  ['jobNumber', 'Job Number'],
  ['asset', 'Asset'],
  ['client', 'Client'],
  ['site', 'Site'],
  ['certificateNumber', 'Certificate Number'],
  ['quotationNumber', 'Quotation Number'],
] as const satisfies readonly (readonly [keyof TaskFilterState, string])[];

/** The status dropdown lists the statuses of the toggle's side (Active 1, 2, 4, 8, 32; Inactive 16, 64, 1024). */
export const statusChoices = (active: boolean) =>
  (active ? ACTIVE_TASK_STATUSES : INACTIVE_TASK_STATUSES).map((s) => ({ id: String(s), name: taskStatusLabel(s) }));

/** The filter of GET /api/Observation and /count (contracts TaskFilter). */
export function toServerFilter(state: TaskFilterState): Record<string, unknown> {
  const text = (value: string) => value.trim() || undefined;
  return {
    active: state.active,
    mine: state.mine || undefined,
    status: state.status === '' ? undefined : Number(state.status),
    assetTypeId: state.assetTypeId === '' ? undefined : Number(state.assetTypeId),
    jobNumber: text(state.jobNumber),
    asset: text(state.asset),
    client: text(state.client),
    site: text(state.site),
    certificateNumber: text(state.certificateNumber),
    quotationNumber: text(state.quotationNumber),
  };
}

/** The toggle flips the side and drops a status of the other side. */
export const toggled = (state: TaskFilterState): TaskFilterState => ({ ...state, active: !state.active, status: '' });

/** The CSV file name: tasks with the date (tasks document 9). */
export function csvFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Tasks_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Observation types (tasks document 4 and 9). */
export const OBSERVATION_TYPE_LABEL: Readonly<Record<number, string>> = { 1024: 'Task', 512: 'Service Report', 256: 'Special' };
export const observationTypeLabel = (type: number) => OBSERVATION_TYPE_LABEL[type] ?? String(type);

/** Result codes (DECISIONS 5): 1 Pass, 2 Fail, 3 Pending, 0 or null none. */
export const resultLabel = (result: number | null | undefined) => ({ 1: 'Pass', 2: 'Fail', 3: 'Pending' })[result ?? 0] ?? '';
