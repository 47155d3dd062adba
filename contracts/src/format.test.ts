import { describe, expect, it } from 'vitest';
import { formatUtcShort, initials, parseIdList, withDefaultDomain } from './format';
import { normalizeRole } from './roles';

describe('formats', () => {
  it('writes office dates in UTC as D-MMM-YY HH:mm', () => {
    expect(formatUtcShort('2026-03-05T04:07:00Z')).toBe('5-Mar-26 04:07');
    expect(formatUtcShort(null)).toBe('');
    expect(formatUtcShort('not a date')).toBe('');
  });

  it('appends the default domain only to bare names', () => {
    expect(withDefaultDomain(' demo ', 'demo.test')).toBe('demo@demo.test');
    expect(withDefaultDomain('a@b.c', 'demo.test')).toBe('a@b.c');
  });

  it('takes initials from the first and last names', () => {
    expect(initials('Sana Sheikh')).toBe('SS');
    expect(initials('Madonna')).toBe('M');
    expect(initials('')).toBe('?');
  });

  it('reads comma lists of ids, ignoring junk', () => {
    expect(parseIdList('1, 2,,x,-3,4')).toEqual([1, 2, 4]);
    expect(parseIdList(null)).toEqual([]);
  });

  it('maps the spec aliases of CLIENT-USER', () => {
    expect(normalizeRole('customer-user')).toBe('CLIENT-USER');
    expect(normalizeRole('CLIENT_USER')).toBe('CLIENT-USER');
    expect(normalizeRole('nobody')).toBeNull();
  });
});
