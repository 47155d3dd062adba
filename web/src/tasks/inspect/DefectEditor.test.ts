import { describe, expect, it } from 'vitest';
import { defectErrors } from './DefectEditor';

describe('the defect of a node (DECISIONS 9)', () => {
  const defect = (patch: Partial<Parameters<typeof defectErrors>[1] & object> = {}) => ({
    description: 'Hook latch missing',
    danger: 1 as 1 | 2 | 3,
    remedialAction: null,
    remedyBy: null,
    ...patch,
  });

  it('is required for a failed node and complete once described', () => {
    expect(defectErrors('fail', null)).toEqual({ description: 'A failed item must record its defect' });
    expect(defectErrors('fail', defect({ description: '  ' }))).toHaveProperty('description');
    expect(defectErrors('fail', defect())).toEqual({});
  });

  it('needs a remedy-by date when it will become dangerous, and at most 500 characters', () => {
    expect(defectErrors('fail', defect({ danger: 2 }))).toHaveProperty('remedyBy');
    expect(defectErrors('fail', defect({ danger: 2, remedyBy: '2026-12-15' }))).toEqual({});
    expect(defectErrors('fail', defect({ description: 'x'.repeat(501) }))).toHaveProperty('description');
    expect(defectErrors('fail', defect({ remedialAction: 'x'.repeat(501) }))).toHaveProperty('remedialAction');
  });

  it('is optional for a passed node (an observation) and nothing for one without a result', () => {
    expect(defectErrors('pass', null)).toEqual({});
    expect(defectErrors('pass', defect({ danger: 3, description: 'Paint faded' }))).toEqual({});
    expect(defectErrors(null, null)).toEqual({});
  });
});
