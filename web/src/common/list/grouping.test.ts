import { describe, expect, it } from 'vitest';
import { groupRows } from './grouping';

const rows = [
  { id: 1, type: 'Crane' },
  { id: 2, type: 'Boiler' },
  { id: 3, type: 'Crane' },
];
const byType = { of: (row: { type: string }) => row.type };

describe('groupRows', () => {
  it('puts each group A to Z under a header with its count, rows in the list order', () => {
    expect(groupRows(rows, byType, new Set())).toEqual([
      { group: 'Boiler', count: 1, open: true },
      { record: rows[1], index: 0 },
      { group: 'Crane', count: 2, open: true },
      { record: rows[0], index: 1 },
      { record: rows[2], index: 2 },
    ]);
  });

  it('leaves out the rows of a folded group but keeps its header and count', () => {
    expect(groupRows(rows, byType, new Set(['Crane']))).toEqual([
      { group: 'Boiler', count: 1, open: true },
      { record: rows[1], index: 0 },
      { group: 'Crane', count: 2, open: false },
    ]);
  });
});
