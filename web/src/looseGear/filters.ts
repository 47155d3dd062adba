import type { LooseGearItemStatus } from '@portal/contracts';

/** What the Loose Gear filter bar holds (tasks document 2.7). */
export interface LooseGearFilterState {
  clientId: number | null;
  siteId: number | null;
  taskType: string;
  llgSerialNumber: string;
  specification: string;
  certificateNumber: string;
  acronymCode: string;
  insp: [string, string];
  due: [string, string];
  result: '' | 1 | 2;
  itemStatus: LooseGearItemStatus | '';
}

export const emptyFilter = (clientId: number | null): LooseGearFilterState => ({
  clientId,
  siteId: null,
  taskType: '',
  llgSerialNumber: '',
  specification: '',
  certificateNumber: '',
  acronymCode: '',
  insp: ['', ''],
  due: ['', ''],
  result: '',
  itemStatus: '',
});

/** A range 'YYYY-MM-DD#YYYY-MM-DD', only with both ends (tasks document 5). */
const range = ([from, to]: [string, string]) => (from && to ? `${from}#${to}` : undefined);

/**
 * The server's filter (`GET /api/Observation/llg`, the `filter` JSON), once a client and a site
 * are chosen; null before. Blank texts are left out.
 */
export function toServerFilter(state: LooseGearFilterState): Record<string, unknown> | null {
  if (!state.clientId || !state.siteId) return null;
  const text = (value: string) => value.trim() || undefined;
  const filter: Record<string, unknown> = {
    clientId: state.clientId,
    siteId: state.siteId,
    taskType: text(state.taskType),
    llgSerialNumber: text(state.llgSerialNumber),
    specification: text(state.specification),
    certificateNumber: text(state.certificateNumber),
    acronymCode: text(state.acronymCode),
    actualInspectionDate: range(state.insp),
    dueDate: range(state.due),
    result: state.result || undefined,
    itemStatus: state.itemStatus || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
}
