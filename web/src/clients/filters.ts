/** The search boxes of the Clients and Locations lists; blank means "no filter". */
export interface NameCodeFilterState {
  name: string;
  code: string;
}

export const INITIAL_FILTER: NameCodeFilterState = { name: '', code: '' };

/** The filter header of GET /api/Location/view: {name, code}, both server-side. */
export function toServerFilter(state: NameCodeFilterState): Record<string, unknown> {
  return { name: state.name || undefined, code: state.code || undefined };
}
