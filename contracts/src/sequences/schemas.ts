import { z } from 'zod';
import { MAX_ID, numberError, numberFromForm } from '../common/schemas';
import { SEQUENCES } from './messages';

/** Sequence numbering (administration document, "Sequence Numbering"; DECISIONS 6). */
/** Names of the sequences the portal allocates from (DECISIONS 6). */
export const SEQUENCE_NAME = { JOB: 'JOB', CERTIFICATE: 'CERTIFICATE' } as const;

/** Highest Current Number a user may set: leaves room for allocations without overflow. */
export const SEQUENCE_NUMBER_MAX = 2_000_000_000;

/** A Current Number: a whole number from `min` (refused with `below`) up to the ceiling. */
const currentNumber = (min: number, below: string) =>
  numberFromForm(
    z
      .number(numberError('Current Number'))
      .int('Current Number must be a whole number')
      .min(min, below)
      .max(SEQUENCE_NUMBER_MAX, `Current Number can not exceed ${SEQUENCE_NUMBER_MAX}`),
  );

/** POST /api/sequence: only sequenceNumber (Current Number) changes; other fields are ignored. */
export const SequenceSaveBody = z.object({
  id: z.number(numberError('id')).int('id is not valid').positive('id is not valid').max(MAX_ID, 'id is not valid'),
  sequenceNumber: currentNumber(0, 'Current Number can not be negative'),
});
export type SequenceSaveBody = z.input<typeof SequenceSaveBody>;

/**
 * The Current Number a sequence now at `current` may take: never lower, since the numbers up
 * to it may be on jobs and certificates (spec section 5). The service refuses a save with it
 * and the edit panel validates with it.
 */
export const SequenceNumberFrom = (current: number) =>
  z.object({ sequenceNumber: currentNumber(current, SEQUENCES.belowCurrent(current)) });

export const SequenceRow = z.object({
  id: z.number(),
  sequenceName: z.string(),
  officeId: z.number(),
  officeName: z.string(),
  divisionId: z.number().nullable(),
  divisionName: z.string().nullable(),
  /** The last number taken; the next allocation answers sequenceNumber + 1. */
  sequenceNumber: z.number(),
  modifiedDate: z.string(),
});
export type SequenceRow = z.infer<typeof SequenceRow>;
