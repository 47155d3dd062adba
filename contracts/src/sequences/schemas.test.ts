import { describe, expect, it } from 'vitest';
import { SEQUENCES } from './messages';
import { SEQUENCE_NUMBER_MAX, SequenceNumberFrom } from './schemas';

const messageOf = (current: number, value: unknown) => {
  const result = SequenceNumberFrom(current).safeParse({ sequenceNumber: value });
  return result.success ? undefined : result.error.issues[0].message;
};

describe('SequenceNumberFrom', () => {
  it('accepts the current value and anything above it up to the ceiling, also as form text', () => {
    expect(messageOf(42, 42)).toBeUndefined();
    expect(messageOf(42, '43')).toBeUndefined();
    expect(messageOf(0, SEQUENCE_NUMBER_MAX)).toBeUndefined();
  });
  it('refuses a lower value with the server wording, and non-whole, missing or too large numbers', () => {
    expect(messageOf(42, 41)).toBe(SEQUENCES.belowCurrent(42));
    expect(messageOf(42, 42.5)).toBe('Current Number must be a whole number');
    expect(messageOf(42, null)).toBe('Current Number is required');
    expect(messageOf(42, '')).toBe('Current Number is required');
    expect(messageOf(0, SEQUENCE_NUMBER_MAX + 1)).toBe(`Current Number can not exceed ${SEQUENCE_NUMBER_MAX}`);
  });
});
