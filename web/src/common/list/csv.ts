/** One column of a CSV export: its header and how a row's cell is read. */
export interface CsvColumn<R> {
  label: string;
  value(record: R): string | number | null | undefined;
}

/**
 * Cells a spreadsheet would run as a formula (OWASP, "CSV injection"): starting with `=`, `-`,
 * `@`, a tab or a carriage return, or `+` followed by something other than a digit or a space.
 * A phone number such as +968 2444 5555 is data, not a formula, and stays as it is.
 */
const FORMULA = /^(?:[=\-@\t\r]|\+[^\d\s])/;

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<R>(rows: R[], columns: CsvColumn<R>[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return lines.join('\r\n');
}
