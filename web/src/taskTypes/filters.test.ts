import { describe, expect, it } from 'vitest';
import type { TaskTypeRow } from '@portal/contracts';
import { filterTaskTypes } from './filters';

const row = (name: string, divisionId: number, validity: number, referenceStandard: string | null, inspectionMethod: string | null) =>
  ({ name, divisionId, validity, referenceStandard, inspectionMethod }) as TaskTypeRow;
const rows = [
  row('Thorough Examination - Mobile Crane', 1, 12, 'LOLER 1998 Reg. 9', 'Visual and load test'),
  row('llg-shackle', 1, 6, 'EN 13889', 'Visual'),
  row('Written Scheme Examination', 2, 24, 'PSSR 2000', null),
];
const names = (filter: Parameters<typeof filterTaskTypes>[1]) => filterTaskTypes(rows, filter).map((r) => r.name);

describe('task type filters', () => {
  it('match the division and the validity exactly', () => {
    expect(names({ division: '1' })).toEqual(['Thorough Examination - Mobile Crane', 'llg-shackle']);
    expect(names({ division: '' })).toHaveLength(3);
    expect(names({ validity: '6' })).toEqual(['llg-shackle']);
    expect(names({ validity: '2' })).toEqual([]);
  });

  it('match name, reference standard and inspection method as contains, in any case', () => {
    expect(names({ name: 'LLG-' })).toEqual(['llg-shackle']);
    expect(names({ referenceStandard: 'pssr' })).toEqual(['Written Scheme Examination']);
    expect(names({ inspectionMethod: 'LOAD' })).toEqual(['Thorough Examination - Mobile Crane']);
    expect(names({ inspectionMethod: 'visual', division: '1', validity: '12' })).toEqual(['Thorough Examination - Mobile Crane']);
  });
});
