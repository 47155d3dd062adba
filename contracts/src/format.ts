/** Date formats of the spec. Dates are shown in the browser's time zone unless stated as UTC. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD-MMM-YYYY, e.g. 05-Mar-2026 (jobs and lists). */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}-${MONTHS[d.getMonth()]}-${d.getFullYear()}`;
}

/**
 * D-MMM-YYYY of the UTC day, e.g. 5-Mar-2026 (the tasks document's dates): for facts that are
 * days (inspection and due dates of the Loose Gear register), so that the grid, its Excel file
 * and the date filters (UTC days) name the same day wherever the browser is.
 */
export function formatDayUtc(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getUTCDate()}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/** D-MMM-YY HH:mm in UTC, e.g. 5-Mar-26 14:07 (LO offices). */
export function formatUtcShort(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const yy = String(d.getUTCFullYear()).slice(-2);
  return `${d.getUTCDate()}-${MONTHS[d.getUTCMonth()]}-${yy} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** D MMM, YYYY HH:mm:ss (timestamps in the tasks document). */
export function formatTimestamp(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getDate()} ${MONTHS[d.getMonth()]}, ${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Initials for the header avatar: first letters of the first and last words. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A bare name gets the default mail domain (DECISIONS section 2). */
export function withDefaultDomain(login: string, domain: string): string {
  const trimmed = login.trim();
  if (!trimmed || trimmed.includes('@') || !domain) return trimmed;
  return `${trimmed}@${domain}`;
}

/** Parses a spec comma list ("1,2,3") into numbers, ignoring blanks and junk. */
export function parseIdList(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export function toIdList(ids: readonly number[] | null | undefined): string {
  return (ids ?? []).join(',');
}

/** A moment in a file name: YYYYMMDD_HHmmss of UTC (the exports' `{timestamp}`). */
export function fileStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
}

/**
 * The product name prefix of the CSV file names the administration document gives one
 * (clients, locations, roles, divisions; "the exact prefix is withheld"): ours.
 */
export const CSV_PRODUCT_PREFIX = 'InspectionPortal_';
