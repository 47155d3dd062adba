import { SEQUENCE_NUMBER_MAX, SEQUENCES } from '@portal/contracts';

/**
 * Current Number (spec section 5): a whole number, never below the value it has now (numbers
 * up to it may already be on jobs and certificates), and not past the server's ceiling.
 * Answers the message to show under the field before anything is saved.
 */
export function currentNumberError(value: unknown, current: number): string | undefined {
  if (value === null || value === undefined || value === '') return 'Current Number is required';
  const n = Number(value);
  if (!Number.isInteger(n)) return 'Current Number must be a whole number';
  if (n < current) return SEQUENCES.belowCurrent(current);
  if (n > SEQUENCE_NUMBER_MAX) return `Current Number can not exceed ${SEQUENCE_NUMBER_MAX}`;
  return undefined;
}
