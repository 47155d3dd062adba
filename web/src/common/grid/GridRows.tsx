import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Row } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { GRID_TEXT } from '@portal/contracts';
import { type GridColumn, textOf } from './types';

/** A group's header row: fold toggle, 'Label: value (count)'. */
export function GroupRow<R>({
  row,
  column,
  span,
  open,
  onToggle,
  testId,
}: {
  row: Row<R>;
  column: GridColumn<R> | undefined;
  span: number;
  open: boolean;
  onToggle(id: string): void;
  testId: string;
}) {
  const value = String(row.groupingValue ?? '') || GRID_TEXT.blank;
  const count = row.getLeafRows().filter((r) => !r.getIsGrouped()).length;
  const label = column?.label ?? '';
  const Icon = open ? ExpandMore : ChevronRight;
  return (
    <tr
      className="dg-group"
      data-testid={testId}
      data-group={value}
      data-column={row.groupingColumnId}
      data-depth={row.depth}
      data-count={count}
      onClick={() => onToggle(row.id)}
    >
      <td colSpan={span} style={{ paddingLeft: 8 + row.depth * 24 }}>
        <button
          type="button"
          className="dg-icon"
          aria-expanded={open}
          aria-label={open ? GRID_TEXT.collapse(value) : GRID_TEXT.expand(value)}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(row.id);
          }}
        >
          <Icon fontSize="small" />
        </button>
        <span className="dg-group-label">{label}:</span> <span className="dg-group-value">{value}</span>{' '}
        <span className="dg-group-count" data-testid="grid-group-count">
          ({count})
        </span>
      </td>
    </tr>
  );
}

/** One row of data. Memoised: a row re-renders only when its record or the columns change. */
export const DataRow = memo(function DataRow<R>({
  row,
  columns,
  odd,
  testId,
}: {
  row: R;
  columns: GridColumn<R>[];
  odd: boolean;
  testId?: string;
}) {
  return (
    <tr className={`dg-row${odd ? ' dg-odd' : ''}`} data-testid={testId}>
      {columns.map((column) => {
        const text = textOf(column, row);
        return (
          <td key={column.id} className={`dg-cell column-${column.id}`} title={text || undefined}>
            {column.cell ? column.cell(row) : text}
          </td>
        );
      })}
      <td className="dg-filler" />
    </tr>
  );
}) as <R>(props: { row: R; columns: GridColumn<R>[]; odd: boolean; testId?: string }) => ReactNode;
