import {
  type ColumnDef,
  type ColumnFiltersState,
  functionalUpdate,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getSortedRowModel,
  type Row,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { clampWidth } from './layout';
import { type GridColumn, sortValueOf, textOf } from './types';
import type { GridLayout } from './useGridLayout';

function compare(a: unknown, b: unknown): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The DataGrid's TanStack table: the columns as TanStack's definitions, the user's layout
 * (order, widths, grouping, hidden) as its state, sorting and the column filters (the grid's
 * own, or the server's with `manual`), and the folded groups (`collapsed`, `toggleGroup`).
 */
export function useGridTable<R>({
  columns,
  rows,
  rowId,
  grid,
  sorting,
  setSorting,
  filters,
  manual,
}: {
  columns: GridColumn<R>[];
  rows: R[];
  rowId(row: R): string;
  grid: GridLayout;
  sorting: SortingState;
  setSorting(next: SortingState): void;
  filters: Record<string, string>;
  manual: boolean;
}) {
  const { layout, change } = grid;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const defs = useMemo<ColumnDef<R>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.label,
        accessorFn: (row: R) => sortValueOf(c, row),
        getGroupingValue: (row: R) => textOf(c, row),
        enableSorting: c.sortable !== false,
        enableGrouping: c.groupable !== false,
        enableColumnFilter: c.filterable !== false,
        enableResizing: true,
        sortingFn: (a: Row<R>, b: Row<R>, id: string) => compare(a.getValue(id), b.getValue(id)),
        filterFn: (row: Row<R>, _id: string, value: string) => textOf(c, row.original).toLowerCase().includes(value.toLowerCase()),
        minSize: 48,
        maxSize: 1200,
      })),
    [columns],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      Object.entries(filters)
        .filter(([, v]) => v.trim())
        .map(([id, value]) => ({ id, value: value.trim() })),
    [filters],
  );
  const collapsedState = useMemo(
    () => (collapsed.size === 0 ? true : Object.fromEntries([...collapsed].map((id) => [id, false]))),
    [collapsed],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(columns.map((c) => [c.id, !layout.hidden.has(c.id)])),
    [columns, layout.hidden],
  );

  const table = useReactTable<R>({
    data: rows,
    columns: defs,
    getRowId: (row) => rowId(row),
    state: {
      sorting,
      columnFilters,
      grouping: layout.grouping,
      columnOrder: layout.order,
      columnSizing: layout.widths,
      columnVisibility,
      // The folded groups live in `collapsed` (read by getIsRowExpanded); a new object per change
      // makes TanStack's memoised expanded row model compute again (`true` when nothing is folded).
      expanded: collapsedState,
    },
    onSortingChange: (updater: Updater<SortingState>) => setSorting(functionalUpdate(updater, sorting)),
    onColumnSizingChange: (updater) =>
      change((current) => {
        const next = functionalUpdate(updater, current.widths);
        const widths = { ...current.widths };
        for (const [id, width] of Object.entries(next)) widths[id] = clampWidth(width);
        return { ...current, widths };
      }),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getGroupedRowModel: getGroupedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getIsRowExpanded: (row) => !collapsed.has(row.id),
    manualSorting: manual,
    manualFiltering: manual,
    groupedColumnMode: false,
    enableMultiSort: false,
    columnResizeMode: 'onChange',
    autoResetExpanded: false,
  });

  const toggleGroup = useCallback(
    (id: string) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  return { table, collapsed, toggleGroup };
}
