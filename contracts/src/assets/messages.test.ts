import { describe, expect, it } from 'vitest';
import { formatDate } from '../format';
import { AFTER_REPAIR, nextDueText } from './messages';

describe('nextDueText (DECISIONS 9: what a history row shows as Next Due Date)', () => {
  it("shows the certificate's date for a Pass, 'After repair' for a Fail, nothing otherwise", () => {
    expect(nextDueText('2027-03-01T08:00:00Z', 1, formatDate)).toBe(formatDate('2027-03-01T08:00:00Z'));
    expect(nextDueText(null, 2, formatDate)).toBe(AFTER_REPAIR);
    expect(nextDueText(null, 1, formatDate)).toBe('');
    expect(nextDueText(null, null, formatDate)).toBe('');
  });
});
