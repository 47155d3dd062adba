import { describe, expect, it } from 'vitest';
import type { ComplianceOverview } from '@portal/contracts';
import { toCsv } from '../common/list/csv';
import { assetsTable, csvFileName, groupsTable, monthLabel, monthsTable, statusTable } from './complianceTables';

const data: ComplianceOverview = {
  companyId: null,
  siteId: null,
  today: '2026-11-28',
  itemStatus: { valid: 6, dueShortly: 2, expired: 1, failed: 1, none: 0, total: 10 },
  groups: {
    total: 1,
    rows: [
      {
        companyId: 1,
        company: 'Gulf, "Marine"',
        siteId: 2,
        site: 'Yard',
        valid: 6,
        dueShortly: 2,
        expired: 1,
        failed: 1,
        none: 0,
        total: 10,
      },
    ],
  },
  examinations: [{ month: '2026-11', pass: 3, fail: 1 }],
  overdue: {
    total: 1,
    rows: [
      {
        id: 9,
        name: '=Crane',
        companyId: 1,
        company: 'Gulf',
        siteId: 2,
        site: 'Yard',
        assetType: 'Crane',
        dueDate: '2026-11-20T00:00:00Z',
        days: -8,
        itemStatus: 'Expired',
      },
    ],
  },
  dueSoon: { total: 0, rows: [] },
  openTasks: [],
};

describe('compliance tables', () => {
  it('gives each status its count and share, in the table and the CSV alike', () => {
    const table = statusTable(data);
    expect(table.rows.map((r) => [r.status, r.assets, r.share])).toEqual([
      ['Valid', 6, '60%'],
      ['Due Shortly', 2, '20%'],
      ['Expired', 1, '10%'],
      ['Failed', 1, '10%'],
      ['No due date', 0, '0%'],
    ]);
    expect(toCsv(table.rows, table.columns).split('\r\n')[1]).toBe('Valid,6,60%');
  });

  it('quotes names and neutralises formulas in the CSV', () => {
    const groups = groupsTable(data);
    expect(toCsv(groups.rows, groups.columns).split('\r\n')[1]).toBe('"Gulf, ""Marine""",Yard,6,2,1,1,0,10');
    const overdue = assetsTable('overdue', data);
    expect(toCsv(overdue.rows, overdue.columns).split('\r\n')[1]).toBe("'=Crane,Gulf,Yard,Crane,2026-11-20,8,Expired");
  });

  it('totals pass and fail per month, and names the file by table and day', () => {
    const months = monthsTable(data);
    expect(toCsv(months.rows, months.columns)).toBe('Month,Pass,Fail,Total\r\n2026-11,3,1,4');
    expect(monthLabel('2026-01')).toBe('Jan 26');
    expect(csvFileName('examinations', data.today)).toBe('Compliance_examinations_2026-11-28');
  });
});
