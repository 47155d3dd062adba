import { describe, expect, it } from 'vitest';
import { formatIsoDay, parseDayText } from './dates';

describe('days in the spec format', () => {
  it('shows an ISO day as 05-Mar-2026 and leaves other text alone', () => {
    expect(formatIsoDay('2026-03-05')).toBe('05-Mar-2026');
    expect(formatIsoDay('2026-12-31')).toBe('31-Dec-2026');
    expect(formatIsoDay('')).toBe('');
  });

  it('takes the spec format in any case and spacing, and an ISO day', () => {
    expect(parseDayText('5-Mar-2026')).toBe('2026-03-05');
    expect(parseDayText(' 05 mar 2026 ')).toBe('2026-03-05');
    expect(parseDayText('29-November-2026')).toBe('2026-11-29');
    expect(parseDayText('2026-11-29')).toBe('2026-11-29');
  });

  it('refuses what is not a real day', () => {
    for (const text of ['31-Feb-2026', '29-Feb-2025', '2026-13-01', '0-Jan-2026', '12/03/2026', 'Mar 5 2026', '5-Foo-2026', 'x']) {
      expect(parseDayText(text)).toBeNull();
    }
    expect(parseDayText('29-Feb-2024')).toBe('2024-02-29');
  });
});
