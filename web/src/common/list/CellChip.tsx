import type { CellColor } from './listCss';

/**
 * A status chip in a table cell: the look of MUI's small outlined Chip (the `cell-chip` class
 * of listCss.ts) as one span, so a page of rows does not style a Chip per row.
 */
export function CellChip({ label, color = 'default' }: { label: string; color?: CellColor }) {
  return <span className={color === 'default' ? 'cell-chip' : `cell-chip cell-chip-${color}`}>{label}</span>;
}
