import type { ReactNode } from 'react';

/** One column of a DataGrid (README.md). Keep the array stable (a module constant or useMemo). */
export interface GridColumn<R> {
  /** Unique, stable id (letters, digits, '_', '.', '-'): the key of the saved layout and of the server's sort and filter. */
  id: string;
  label: string;
  /** Width in px (default 140); the user may resize. */
  width?: number;
  /** The value sorted and grouped on (default `row[id]`). */
  value?: (row: R) => unknown;
  /** The text shown, filtered on, printed in a group header and in a tooltip (default `String(value)`). */
  text?: (row: R) => string;
  /** The cell's content when it is more than text (a link, a chip). */
  cell?: (row: R) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** A text filter ('contains') under the header. Default true. */
  filterable?: boolean;
  /** May be grouped on. Default true. */
  groupable?: boolean;
  /** Hidden until picked in the column picker. */
  hidden?: boolean;
  /** Always shown: left out of the column picker and of "Hide column". */
  pinned?: boolean;
}

export const DEFAULT_COLUMN_WIDTH = 140;

/** The display text of a column for a row. */
export function textOf<R>(column: GridColumn<R>, row: R): string {
  if (column.text) return column.text(row);
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.id];
  return value === null || value === undefined ? '' : String(value);
}

/** The sort and group value of a column for a row. */
export function sortValueOf<R>(column: GridColumn<R>, row: R): unknown {
  if (column.value) return column.value(row);
  if (column.text) return column.text(row);
  return (row as Record<string, unknown>)[column.id];
}
