import { describe, expect, it } from 'vitest';
import { INITIAL_FILTER, toggled, toServerFilter, withStatus } from './filters';
import { canSaveUser } from './userForm';

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

  it('sends ids as numbers and leaves blanks out', () => {
    expect(toServerFilter({ ...INITIAL_FILTER, name: 'ali', role: '12', location: '', division: '7' })).toEqual({
      name: 'ali',
      role: 12,
      division: 7,
      active: true,
    });
  });
});

describe('user panel save rule (shell document 5)', () => {
  const base = { name: 'A', email: 'a@b.c', roleId: 1, companyId: 2 } as const;
  it('needs name, email, role and company, then a primary office (LO) or client sites (client)', () => {
    expect(canSaveUser({ ...base, type: 0 })).toBe(false);
    expect(canSaveUser({ ...base, type: 0, officeId: 5 })).toBe(true);
    expect(canSaveUser({ ...base, type: 1, siteIds: [] })).toBe(false);
    expect(canSaveUser({ ...base, type: 1, siteIds: [9] })).toBe(true);
    expect(canSaveUser({ ...base, name: ' ', type: 0, officeId: 5 })).toBe(false);
  });
});
