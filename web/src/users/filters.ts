import type { UserStatus } from '@portal/contracts';

/** What the Users filter bar holds; blank means "no filter". */
export interface UserFilterState {
  name: string;
  email: string;
  role: string;
  location: string;
  division: string;
  /** '' All States, or 1, -1, -2, -3. */
  status: string;
  /** The Show Active / Show Inactive toggle. */
  active: boolean;
}

export const INITIAL_FILTER: UserFilterState = { name: '', email: '', role: '', location: '', division: '', status: '', active: true };

export const STATUS_CHOICES: { id: UserStatus; name: string }[] = [
  { id: -1, name: 'Removed' },
  { id: -2, name: 'Archived' },
  { id: -3, name: 'Suspended' },
  { id: 1, name: 'Active' },
];

/**
 * The filter header of GET /api/Users. A chosen status wins over the toggle (which then
 * follows it); without one the toggle decides between active and inactive users.
 */
export function toServerFilter(state: UserFilterState): Record<string, unknown> {
  return {
    name: state.name || undefined,
    email: state.email || undefined,
    role: state.role ? Number(state.role) : undefined,
    location: state.location ? Number(state.location) : undefined,
    division: state.division ? Number(state.division) : undefined,
    ...(state.status ? { status: Number(state.status) } : { active: state.active }),
  };
}

/**
 * Choosing a status moves the toggle to the matching side. "Active" is the toggle's active
 * side; the empty choice ("All Inactive States") is its other side, so the dropdown and the
 * toggle always describe the same rows.
 */
export function withStatus(state: UserFilterState, status: string): UserFilterState {
  if (status === '' || status === '1') return { ...state, status: '', active: status === '1' };
  return { ...state, status, active: false };
}

/**
 * What the Status dropdown shows: the chosen status, or with none chosen the toggle's side
 * ('1' Active, or '' All Inactive States). Never "All States" over a list of active users only.
 */
export function statusShown(state: UserFilterState): string {
  return state.status || (state.active ? '1' : '');
}

/** The label of the dropdown's empty choice. */
export const ALL_INACTIVE = 'All Inactive States';

/** Flipping the toggle returns the dropdown to All States. */
export function toggled(state: UserFilterState): UserFilterState {
  return { ...state, active: !state.active, status: '' };
}
