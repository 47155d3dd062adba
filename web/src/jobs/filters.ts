import { ACTIVE_JOB_STATUSES, INACTIVE_JOB_STATUSES, type JobFilter } from '@portal/contracts';
import { jobStatusLabel } from './JobStatusIcon';

export interface JobFilterState {
  active: boolean;
  status: string;
  jobNumber: string;
  client: string;
  site: string;
  quotationNumber: string;
}

export const INITIAL_JOB_FILTER: JobFilterState = { active: true, status: '', jobNumber: '', client: '', site: '', quotationNumber: '' };

/** The status dropdown lists the statuses of the toggle's side (Active 1, 2, 4, 8; Inactive 16, 64, 1024). */
export const statusChoices = (active: boolean) =>
  (active ? ACTIVE_JOB_STATUSES : INACTIVE_JOB_STATUSES).map((s) => ({ id: String(s), name: jobStatusLabel(s) }));

/** The filter header of GET /api/Schedule and /count. */
export function toServerFilter(state: JobFilterState): Record<string, unknown> {
  const filter: Partial<Record<keyof JobFilter, unknown>> = {
    active: state.active,
    status: state.status === '' ? undefined : Number(state.status),
    jobNumber: state.jobNumber.trim() || undefined,
    client: state.client.trim() || undefined,
    site: state.site.trim() || undefined,
    quotationNumber: state.quotationNumber.trim() || undefined,
  };
  return filter;
}

/** The toggle flips the side and drops a status of the other side. */
export const toggled = (state: JobFilterState): JobFilterState => ({ ...state, active: !state.active, status: '' });
