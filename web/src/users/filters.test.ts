import { describe, expect, it } from 'vitest';
import { INITIAL_FILTER, statusShown, toggled, toServerFilter, withStatus } from './filters';

describe('users filter bar', () => {
  it('sends the toggle while All States is chosen', () => {
    expect(toServerFilter(INITIAL_FILTER)).toEqual({ active: true });
    expect(toServerFilter(toggled(INITIAL_FILTER))).toEqual({ active: false });
  });

  it('sends a chosen status instead of the toggle and moves the toggle to its side', () => {
    const suspended = withStatus(INITIAL_FILTER, '-3');
    expect(suspended.active).toBe(false);
    expect(toServerFilter(suspended)).toEqual({ status: -3 });
    expect(toggled(suspended).status).toBe('');
  });

  it('the Status dropdown and the toggle never contradict each other', () => {
    // The list opens on active users: the dropdown says Active, not All States.
    expect(statusShown(INITIAL_FILTER)).toBe('1');
    // Show Inactive: the dropdown says All Inactive States (its empty choice).
    const inactive = toggled(INITIAL_FILTER);
    expect(statusShown(inactive)).toBe('');
    expect(toServerFilter(inactive)).toEqual({ active: false });
    // Choosing the empty choice or Active moves the toggle with it.
    expect(withStatus(INITIAL_FILTER, '').active).toBe(false);
    expect(toServerFilter(withStatus(inactive, '1'))).toEqual({ active: true });
    expect(statusShown(withStatus(inactive, '1'))).toBe('1');
    // A chosen inactive status shows as itself, with the toggle on the inactive side.
    expect(statusShown(withStatus(INITIAL_FILTER, '-2'))).toBe('-2');
  });

  it('sends ids as numbers and leaves blanks out', () => {
    expect(toServerFilter({ ...INITIAL_FILTER, name: 'ali', role: '12', location: '', division: '7' })).toEqual({
      name: 'ali',
      role: 12,
      division: 7,
      active: true,
    });
  });
});
