/** One column of a CSV export: its header and how a row's cell is read. */
export interface CsvColumn<R> {
  label: string;
  value(record: R): string | number | null | undefined;
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<R>(rows: R[], columns: CsvColumn<R>[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return lines.join('\r\n');
}
