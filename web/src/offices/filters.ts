/** The office search boxes; blank means "no filter". */
export interface OfficeFilterState {
  name: string;
  code: string;
}

export const INITIAL_FILTER: OfficeFilterState = { name: '', code: '' };

/** The filter header of GET /api/Location/view/loOffice (spec: name and code). */
export function toServerFilter(state: OfficeFilterState): Record<string, unknown> {
  return { name: state.name || undefined, code: state.code || undefined };
}
