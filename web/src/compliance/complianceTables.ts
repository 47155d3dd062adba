import {
  COMPLIANCE_TEXT as T,
  type ComplianceAsset,
  type ComplianceGroup,
  type ComplianceInspector,
  type ComplianceMonth,
  type ComplianceOverview,
} from '@portal/contracts';
import type { CsvColumn } from '../common/list/csv';

/**
 * The overview's tables: each chart's numbers as rows and columns, the one source of the table
 * beside the chart and of its CSV download (so the two always agree).
 */
export interface FigureTable<R> {
  key: string;
  title: string;
  columns: (CsvColumn<R> & { numeric?: boolean })[];
  rows: R[];
}

export const STATUS_COLORS = { valid: '#2e7d32', dueShortly: '#ed6c02', expired: '#c62828', failed: '#7b1fa2', none: '#90a4ae' } as const;
export type StatusKey = keyof typeof STATUS_COLORS;
export const STATUS_LABELS: Record<StatusKey, string> = {
  valid: 'Valid',
  dueShortly: 'Due Shortly',
  expired: 'Expired',
  failed: 'Failed',
  none: T.noStatus,
};
export const STATUS_KEYS = Object.keys(STATUS_COLORS) as StatusKey[];

export interface StatusRow {
  key: StatusKey;
  status: string;
  assets: number;
  share: string;
}

const share = (n: number, total: number) => (total ? `${Math.round((n / total) * 1000) / 10}%` : '0%');

export function statusTable(data: ComplianceOverview): FigureTable<StatusRow> {
  const total = data.itemStatus.total;
  return {
    key: 'item-status',
    title: T.itemStatusTitle,
    columns: [
      { label: T.status, value: (r) => r.status },
      { label: T.assets, value: (r) => r.assets, numeric: true },
      { label: 'Share', value: (r) => r.share, numeric: true },
    ],
    rows: STATUS_KEYS.map((key) => ({
      key,
      status: STATUS_LABELS[key],
      assets: data.itemStatus[key],
      share: share(data.itemStatus[key], total),
    })),
  };
}

export function groupsTable(data: ComplianceOverview): FigureTable<ComplianceGroup> {
  return {
    key: 'by-site',
    title: T.itemStatusBySite,
    columns: [
      { label: T.client, value: (r) => r.company },
      { label: T.site, value: (r) => r.site },
      ...STATUS_KEYS.map((key) => ({ label: STATUS_LABELS[key], value: (r: ComplianceGroup) => r[key], numeric: true })),
      { label: T.total, value: (r) => r.total, numeric: true },
    ],
    rows: data.groups.rows,
  };
}

export function monthsTable(data: ComplianceOverview): FigureTable<ComplianceMonth> {
  return {
    key: 'examinations',
    title: T.examinationsTitle,
    columns: [
      { label: T.month, value: (r) => r.month },
      { label: T.pass, value: (r) => r.pass, numeric: true },
      { label: T.fail, value: (r) => r.fail, numeric: true },
      { label: T.total, value: (r) => r.pass + r.fail, numeric: true },
    ],
    rows: data.examinations,
  };
}

export function inspectorsTable(data: ComplianceOverview): FigureTable<ComplianceInspector> {
  return {
    key: 'open-tasks',
    title: T.openTasksTitle,
    columns: [
      { label: T.inspector, value: (r) => r.inspector },
      { label: T.open, value: (r) => r.open, numeric: true },
      { label: T.ongoing, value: (r) => r.ongoing, numeric: true },
      { label: T.hold, value: (r) => r.hold, numeric: true },
      { label: T.total, value: (r) => r.total, numeric: true },
    ],
    rows: data.openTasks,
  };
}

export function assetsTable(key: 'overdue' | 'due-soon', data: ComplianceOverview): FigureTable<ComplianceAsset> {
  return {
    key,
    title: key === 'overdue' ? T.overdueTitle : T.dueSoonTitle,
    columns: [
      { label: T.asset, value: (r) => r.name },
      { label: T.client, value: (r) => r.company },
      { label: T.site, value: (r) => r.site },
      { label: 'Asset Type', value: (r) => r.assetType },
      { label: T.dueDate, value: (r) => r.dueDate.slice(0, 10) },
      // Days overdue (0: due today) or days left, never negative (a leading '-' would be quoted as a formula in the CSV).
      key === 'overdue'
        ? { label: T.daysOverdue, value: (r) => -r.days, numeric: true }
        : { label: T.daysLeft, value: (r) => r.days, numeric: true },
      { label: T.status, value: (r) => r.itemStatus ?? '' },
    ],
    rows: (key === 'overdue' ? data.overdue : data.dueSoon).rows,
  };
}

/** "January 2026" style label of a YYYY-MM month for charts (short: "Jan 26"). */
export function monthLabel(month: string, short = true): string {
  const [year, mon] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, mon - 1, 1));
  return date.toLocaleString('en-GB', { month: short ? 'short' : 'long', year: short ? '2-digit' : 'numeric', timeZone: 'UTC' });
}

/** The file name of a table's CSV: `Compliance_<table>_<yyyy-mm-dd>` (react-admin adds .csv). */
export const csvFileName = (key: string, today: string) => `Compliance_${key}_${today}`;
