import { describe, expect, it } from 'vitest';
import { headerProblems, nameStamp, newHeader } from './editorForm';

describe('data form editor header', () => {
  it('starts as New Form <time> with Min 1 and Max 2, and needs a Form Object', () => {
    const h = newHeader(new Date(2026, 10, 3, 9, 5, 7));
    expect(h.name).toBe('New Form 3-Nov-26_09:05:07');
    expect([h.samplesMin, h.samplesMax]).toEqual(['1', '2']);
    expect(headerProblems(h)).toEqual({ formObject: 'Form Object is required' });
    expect(headerProblems({ ...h, formObject: 'TASK TYPE' })).toEqual({});
  });

  it('refuses the disabled form objects and bounds Min and Max by each other', () => {
    const h = { ...newHeader(), formObject: 'ASSET TYPE' };
    expect(headerProblems({ ...h, formObject: 'JOB' }).formObject).toBeDefined();
    expect(headerProblems({ ...h, samplesMin: '0' }).samplesMin).toBe('Min must be at least 1');
    expect(headerProblems({ ...h, samplesMin: '3' })).toEqual({
      samplesMin: 'Min must not be more than Max',
      samplesMax: 'Max must not be less than Min',
    });
    expect(headerProblems({ ...h, samplesMin: '2', samplesMax: '2' })).toEqual({});
    expect(headerProblems({ ...h, samplesMax: '1.5' }).samplesMax).toBe('Max must be a whole number');
    expect(headerProblems({ ...h, name: '  ' }).name).toBe('Name is required');
  });

  it('stamps names as D-MMM-YY_HH:mm:ss', () => {
    expect(nameStamp(new Date(2027, 0, 21, 23, 59, 0))).toBe('21-Jan-27_23:59:00');
  });
});
