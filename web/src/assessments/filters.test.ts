import { describe, expect, it } from 'vitest';
import { emptyFilter, toServerFilter, toServerSort } from './filters';

describe('the Assessments filter header', () => {
  it('asks nothing before a client is chosen', () => {
    expect(toServerFilter(emptyFilter(null), { location: 'ali' })).toBeNull();
  });

  it('sends the client, the sites, ranges with both ends only and the non-blank column filters', () => {
    const state = {
      ...emptyFilter(7),
      siteIds: [3, 4],
      issue: ['2026-01-01', '2026-01-31'] as [string, string],
      expiry: ['2026-02-01', ''] as [string, string],
      result: 2 as const,
    };
    expect(toServerFilter(state, { location: ' Ali ', site: '', taskType: 'crane', history: 'x' })).toEqual({
      clientNumber: 7,
      siteNumbers: [3, 4],
      actualInspectionDate: '2026-01-01#2026-01-31',
      result: 2,
      location: 'Ali',
      taskType: 'crane',
    });
    // No site chosen: every site of the client the caller may see (the key is left out).
    expect(toServerFilter(emptyFilter(7), {})).toEqual({ clientNumber: 7 });
  });

  it("sends the grid's sort when the server can sort by that column", () => {
    expect(toServerSort([{ id: 'dueDate', desc: true }])).toEqual({ sortColumn: 'dueDate', sortOrder: 'desc' });
    expect(toServerSort([{ id: 'report', desc: false }])).toEqual({});
    expect(toServerSort([])).toEqual({});
  });
});
