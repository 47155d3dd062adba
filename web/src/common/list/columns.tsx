import type { ReactNode } from 'react';

/**
 * A column of a ListScreen: the table column (sortable on the loaded rows, in the column
 * picker) and, on a phone, its place on the row's card.
 */
export interface ListColumn<R> {
  /** The record field: sort key and the column picker's id. */
  source: string;
  label: string;
  /** What the cell shows; by default the field as text, cut with an ellipsis and whole in the tooltip. */
  render?: (record: R) => ReactNode;
  /** The cell's plain text for the tooltip of a custom `render` (and the phone card). */
  text?: (record: R) => string | number | null | undefined;
  /**
   * The column's width in px. Tables lay their columns out at these widths and stretch them
   * in proportion to fill the card; text that does not fit is cut with an ellipsis.
   */
  width?: number;
  /** Hidden until the user picks it in the column picker. */
  hidden?: boolean;
  /** Always shown: the column picker does not offer it (a job's number and status, say). */
  pinned?: boolean;
  sortable?: boolean;
  /** Where the column goes on a phone card: the title, the line below, the status corner, or a labelled field. */
  card?: 'title' | 'subtitle' | 'status' | 'field';
}

export const DEFAULT_WIDTH = 120;

export function textOf<R>(column: ListColumn<R>, record: R): string {
  const value = column.text ? column.text(record) : (record as Record<string, unknown>)[column.source];
  return value === null || value === undefined ? '' : String(value);
}

/** A plain text cell: one line, cut to the column, the whole text in the native tooltip. */
export function TextCell({ text }: { text: string }) {
  return text ? <span title={text}>{text}</span> : null;
}

/** The content of a cell: the column's own render, or its text. */
export function cellOf<R>(column: ListColumn<R>, record: R): ReactNode {
  if (column.render) {
    const text = column.text ? textOf(column, record) : '';
    return text ? <span title={text}>{column.render(record)}</span> : column.render(record);
  }
  return <TextCell text={textOf(column, record)} />;
}
