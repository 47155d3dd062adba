import { describe, expect, it } from 'vitest';
import { SEQUENCE_NUMBER_MAX, SEQUENCES } from '@portal/contracts';
import { currentNumberError } from './sequenceForm';

describe('currentNumberError', () => {
  it('accepts the current value and anything above it up to the ceiling', () => {
    expect(currentNumberError(42, 42)).toBeUndefined();
    expect(currentNumberError(43, 42)).toBeUndefined();
    expect(currentNumberError(SEQUENCE_NUMBER_MAX, 0)).toBeUndefined();
  });
  it('refuses a lower value with the server wording, and non-whole or missing numbers', () => {
    expect(currentNumberError(41, 42)).toBe(SEQUENCES.belowCurrent(42));
    expect(currentNumberError(42.5, 42)).toMatch(/whole number/);
    expect(currentNumberError(null, 42)).toMatch(/required/);
    expect(currentNumberError(SEQUENCE_NUMBER_MAX + 1, 0)).toMatch(/exceed/);
  });
});
