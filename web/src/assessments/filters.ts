import type { AssessmentSortColumn, AssessmentStatus } from '@portal/contracts';
import type { GridSort } from '../common/grid';

/** What the Assessments filter bar holds (tasks document 2.8), besides the grid's column filters. */
export interface AssessmentFilterState {
  clientId: number | null;
  siteIds: number[];
  /** Issue Date From/To and Expiry Date From/To, ISO days ('' = open). */
  issue: [string, string];
  expiry: [string, string];
  result: '' | 1 | 2;
  itemStatus: AssessmentStatus | '';
}

export const emptyFilter = (clientId: number | null): AssessmentFilterState => ({
  clientId,
  siteIds: [],
  issue: ['', ''],
  expiry: ['', ''],
  result: '',
  itemStatus: '',
});

/** The grid's text filters that the server takes as column filters (its keys are the column ids). */
export const TEXT_FILTER_COLUMNS = ['location', 'acronymCode', 'specifications', 'taskType', 'certificateNumber', 'site'] as const;
const SORTABLE = new Set<string>([
  'location',
  'acronymCode',
  'specifications',
  'taskType',
  'certificateNumber',
  'result',
  'actualInspectionDate',
  'dueDate',
  'site',
  'itemStatus',
]);

/** A range 'YYYY-MM-DD#YYYY-MM-DD', only with both ends (tasks document 5). */
const range = ([from, to]: [string, string]) => (from && to ? `${from}#${to}` : undefined);

/**
 * The server's filter header (`GET /api/Assessments`, section 7: clientNumber, siteNumbers, the
 * two 'start#end' ranges and the column filters) once a client is chosen; null before.
 */
export function toServerFilter(state: AssessmentFilterState, columns: Record<string, string>): Record<string, unknown> | null {
  if (!state.clientId) return null;
  const filter: Record<string, unknown> = {
    clientNumber: state.clientId,
    siteNumbers: state.siteIds.length > 0 ? state.siteIds : undefined,
    actualInspectionDate: range(state.issue),
    dueDate: range(state.expiry),
    result: state.result || undefined,
    itemStatus: state.itemStatus || undefined,
  };
  for (const key of TEXT_FILTER_COLUMNS) filter[key] = columns[key]?.trim() || undefined;
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
}

/** The grid's sort as the server's `sortColumn` and `sortOrder` (none: name, then course). */
export function toServerSort(sorting: GridSort): { sortColumn?: AssessmentSortColumn; sortOrder?: 'asc' | 'desc' } {
  const first = sorting[0];
  if (!first || !SORTABLE.has(first.id)) return {};
  return { sortColumn: first.id as AssessmentSortColumn, sortOrder: first.desc ? 'desc' : 'asc' };
}
