/** One line of the bench table. `ok` undefined: a figure without a target (or not measured). */
export interface Row {
  id: string;
  figure: string;
  result: string;
  target: string;
  ok?: boolean;
  detail?: string;
}

const verdict = (row: Row) => (row.ok === undefined ? '' : row.ok ? 'ok' : 'MISSED');

/** A Markdown table padded so that it also reads well in a terminal. */
export function markdownTable(rows: Row[]): string {
  const header = ['', 'figure', 'result', 'target', '', 'detail'];
  const cells = rows.map((r) => [r.id, r.figure, r.result, r.target, verdict(r), r.detail ?? ''].map((c) => c.replaceAll('|', '\\|')));
  const widths = header.map((h, i) => Math.max(h.length, 3, ...cells.map((c) => c[i].length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

export const ms = (value: number) =>
  value >= 10_000
    ? `${(value / 1000).toFixed(1)} s`
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const count = (n: number) => Math.round(n).toLocaleString('en-US');
