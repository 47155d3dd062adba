import { describe, expect, it } from 'vitest';
import { dashboardQuery } from './api';

describe('dashboardQuery', () => {
  it('sends the sites as a list and a date range only with both ends', () => {
    expect(
      dashboardQuery({ companyId: 4, siteIds: [7, 9], inspFrom: '2026-01-01', dueFrom: '2026-02-01', dueTo: '2026-02-28', result: 2 }),
    ).toEqual({
      companyId: 4,
      siteId: '7,9',
      inspFrom: undefined,
      inspTo: undefined,
      dueFrom: '2026-02-01',
      dueTo: '2026-02-28',
      result: 2,
      itemStatus: undefined,
    });
  });
});
