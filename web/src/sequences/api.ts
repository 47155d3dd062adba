import type { SequenceRow, SequenceSaveBody } from '@portal/contracts';
import { get, post } from '../api/http';

/** Sequence numbering calls (administration document 7, "Sequence"): every sequence at once. */
export const listSequences = () => get<SequenceRow[]>('/sequence');

/** Only the Current Number changes, and never below its value (400) or past a newer one (409). */
export const saveSequence = (body: SequenceSaveBody) => post<SequenceRow>('/sequence', body);
