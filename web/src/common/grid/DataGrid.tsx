import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import MoreVert from '@mui/icons-material/MoreVert';
import ViewColumn from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type DragEvent, type KeyboardEvent, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GRID_TEXT } from '@portal/contracts';
import { FilterInput } from './FilterInput';
import { ColumnMenu, ColumnPickerMenu, type SortDirection } from './GridMenus';
import { DataRow, GroupRow } from './GridRows';
import { addGrouping, clampWidth, moveColumn, stepColumn } from './layout';
import { gridCss } from './gridCss';
import type { GridColumn } from './types';
import { useFitToWindow } from './useFitToWindow';
import type { GridLayout } from './useGridLayout';
import { useGridTable } from './useGridTable';

/** Every row (and group header) has this height, so positions need no measuring. */
export const GRID_ROW_HEIGHT = 40;
const OVERSCAN = 20;
/** The drag's data type: a column id. */
const DRAG_TYPE = 'application/x-grid-column';

export type GridSort = SortingState;

export interface DataGridProps<R> {
  /** Stable (a module constant or useMemo). */
  columns: GridColumn<R>[];
  rows: R[];
  rowId(row: R): string;
  /** `useGridLayout(screen, columns)`: order, widths, grouping, hidden, saved per user and screen. */
  grid: GridLayout;
  /** Controlled sorting (one column). Without it the grid keeps its own. */
  sorting?: GridSort;
  onSortingChange?(next: GridSort): void;
  /** Controlled column filters (column id -> text). Without them the grid keeps its own. */
  filters?: Record<string, string>;
  onFiltersChange?(next: Record<string, string>): void;
  /** The server sorts and filters (the rows come in order); the grid only groups them. */
  manual?: boolean;
  loading?: boolean;
  empty?: ReactNode;
  testId?: string;
  rowTestId?: string;
  groupTestId?: string;
}

/**
 * The one grid of issue 23 (README.md): TanStack Table for sorting, per-column text filters,
 * grouping with counts, column order, widths and visibility; @tanstack/react-virtual for the
 * body (only the rows near the visible part are rendered, whatever the count). Drag a header
 * onto another to move it, onto the strip above to group by it; every drag has a menu
 * alternative (the header's ⋮). The layout is the user's, saved per screen on the server.
 */
export function DataGrid<R>(props: DataGridProps<R>) {
  const { columns, rows, rowId, grid, manual = false } = props;
  const { layout, change } = grid;
  const [ownSorting, setOwnSorting] = useState<GridSort>([]);
  const [ownFilters, setOwnFilters] = useState<Record<string, string>>({});
  const sorting = props.sorting ?? ownSorting;
  const filters = props.filters ?? ownFilters;
  const setSorting = useCallback(
    (next: GridSort) => (props.onSortingChange ? props.onSortingChange(next) : setOwnSorting(next)),
    [props.onSortingChange],
  );
  const setFilters = useCallback(
    (next: Record<string, string>) => (props.onFiltersChange ? props.onFiltersChange(next) : setOwnFilters(next)),
    [props.onFiltersChange],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const { table, collapsed, toggleGroup } = useGridTable({ columns, rows, rowId, grid, sorting, setSorting, filters, manual });

  const shown = table.getVisibleLeafColumns().map((c) => byId.get(c.id)!);
  const tableWidth = shown.reduce((sum, c) => sum + layout.widths[c.id], 0);
  const items = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  useFitToWindow(scroller);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    const head = scroller.current?.querySelector('thead');
    if (head && Math.abs(head.offsetHeight - headHeight) > 0.5) setHeadHeight(head.offsetHeight);
  });
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
    initialRect: { width: 1000, height: 800 },
  });
  const windowRows = virtualizer.getVirtualItems();
  const start = windowRows[0]?.index ?? 0;
  const end = windowRows.length ? windowRows[windowRows.length - 1].index + 1 : Math.min(items.length, 30);

  // Drag and drop: a header onto a header moves it; onto the strip groups by it.
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const dragId = (event: DragEvent) => (event.dataTransfer.types.includes(DRAG_TYPE) ? (dragging ?? '') : null);
  const onHeaderDrop = (target: string) => (event: DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData(DRAG_TYPE) || dragging;
    setDropOn(null);
    setDragging(null);
    if (id && id !== target && byId.has(id)) change((l) => ({ ...l, order: moveColumn(l.order, id, target) }));
  };
  const onStripDrop = (event: DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData(DRAG_TYPE) || dragging;
    setDropOn(null);
    setDragging(null);
    if (id && byId.get(id)?.groupable !== false && byId.has(id)) change((l) => ({ ...l, grouping: addGrouping(l.grouping, id) }));
  };

  const [menu, setMenu] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const [picker, setPicker] = useState<HTMLElement | null>(null);
  const menuColumn = menu ? byId.get(menu.id) : undefined;
  const sortOf = (id: string): SortDirection => {
    const s = sorting.find((x) => x.id === id);
    return s ? (s.desc ? 'desc' : 'asc') : false;
  };
  const sortBy = (id: string, direction: SortDirection) => setSorting(direction ? [{ id, desc: direction === 'desc' }] : []);
  const cycleSort = (id: string) => {
    const now = sortOf(id);
    sortBy(id, now === false ? 'asc' : now === 'asc' ? 'desc' : false);
  };
  const emptyRows = !props.loading && rows.length === 0;

  return (
    <Box sx={gridCss} className="dg-root" data-testid={props.testId} aria-busy={props.loading || undefined}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the column menu's Group by is its keyboard and touch alternative */}
      <div
        className={`dg-strip${dropOn === '__strip' ? ' dg-drop' : ''}`}
        data-testid="grid-group-strip"
        onDragOver={(event) => {
          if (dragId(event) === null) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setDropOn('__strip');
        }}
        onDragLeave={() => setDropOn((d) => (d === '__strip' ? null : d))}
        onDrop={onStripDrop}
      >
        {layout.grouping.length === 0 ? (
          <span className="dg-hint">{GRID_TEXT.groupHint}</span>
        ) : (
          <>
            <span className="dg-hint">{GRID_TEXT.groupedBy}</span>
            {layout.grouping.map((id, i) => (
              <span key={id} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                {i > 0 && <ChevronRight fontSize="small" className="dg-chip-sep" />}
                <span className="dg-chip" data-testid={`grid-grouped-${id}`}>
                  {byId.get(id)?.label ?? id}
                  <button
                    type="button"
                    className="dg-icon"
                    aria-label={GRID_TEXT.ungroup(byId.get(id)?.label ?? id)}
                    onClick={() => change((l) => ({ ...l, grouping: l.grouping.filter((x) => x !== id) }))}
                  >
                    <Close fontSize="inherit" />
                  </button>
                </span>
              </span>
            ))}
          </>
        )}
        <span style={{ flex: 1 }} />
        <Button size="small" startIcon={<ViewColumn />} onClick={(e) => setPicker(e.currentTarget)} data-testid="grid-columns">
          {GRID_TEXT.columns}
        </Button>
      </div>
      <div ref={scroller} className="dg-scroll" data-testid="grid-scroller">
        <table className="dg-table" style={{ width: `max(100%, ${tableWidth}px)` }}>
          <colgroup>
            {shown.map((c) => (
              <col key={c.id} style={{ width: layout.widths[c.id] }} />
            ))}
            <col />
          </colgroup>
          <thead>
            <tr>
              {table
                .getFlatHeaders()
                .filter((h) => h.column.getIsVisible())
                .map((header) => {
                  const column = byId.get(header.column.id)!;
                  const sorted = sortOf(column.id);
                  return (
                    <th
                      key={column.id}
                      className={`dg-th${dropOn === column.id ? ' dg-drop' : ''}${dragging === column.id ? ' dg-dragging' : ''}`}
                      data-testid={`grid-header-${column.id}`}
                      data-column={column.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      onDragOver={(event) => {
                        const id = dragId(event);
                        if (id === null) return;
                        event.preventDefault();
                        event.dataTransfer.dropEffect = 'move';
                        if (dropOn !== column.id) setDropOn(column.id);
                      }}
                      onDragLeave={() => setDropOn((d) => (d === column.id ? null : d))}
                      onDrop={onHeaderDrop(column.id)}
                    >
                      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drag source; the column menu's Move left/right and Group by are its keyboard and touch alternative */}
                      <div
                        className="dg-th-inner"
                        draggable
                        data-testid={`grid-drag-${column.id}`}
                        onDragStart={(event) => {
                          event.dataTransfer.setData(DRAG_TYPE, column.id);
                          event.dataTransfer.setData('text/plain', column.label);
                          event.dataTransfer.effectAllowed = 'move';
                          setDragging(column.id);
                        }}
                        onDragEnd={() => {
                          setDragging(null);
                          setDropOn(null);
                        }}
                      >
                        {column.sortable === false ? (
                          <span className="dg-label" title={column.label}>
                            {column.label}
                          </span>
                        ) : (
                          <button
                            type="button"
                            className={`dg-sort${sorted ? ` dg-sorted dg-${sorted}` : ''}`}
                            onClick={() => cycleSort(column.id)}
                            title={column.label}
                            data-testid={`grid-sort-${column.id}`}
                          >
                            <span className="dg-label">{column.label}</span>
                            <ArrowUpward className="dg-sort-icon" fontSize="inherit" />
                          </button>
                        )}
                        <button
                          type="button"
                          className="dg-icon dg-menu"
                          aria-label={GRID_TEXT.columnMenu(column.label)}
                          aria-haspopup="menu"
                          data-testid={`grid-menu-${column.id}`}
                          onClick={(e) => setMenu({ id: column.id, anchor: e.currentTarget })}
                        >
                          <MoreVert fontSize="inherit" />
                        </button>
                      </div>
                      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter, resized with the arrow keys */}
                      <div
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={GRID_TEXT.resize(column.label)}
                        aria-valuenow={layout.widths[column.id]}
                        tabIndex={0}
                        className={`dg-resize${header.column.getIsResizing() ? ' dg-resizing' : ''}`}
                        data-testid={`grid-resize-${column.id}`}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onDoubleClick={() =>
                          change((l) => ({ ...l, widths: { ...l.widths, [column.id]: clampWidth(column.width ?? 140) } }))
                        }
                        onKeyDown={(event: KeyboardEvent) => {
                          const step = event.key === 'ArrowLeft' ? -10 : event.key === 'ArrowRight' ? 10 : 0;
                          if (!step) return;
                          event.preventDefault();
                          change((l) => ({ ...l, widths: { ...l.widths, [column.id]: clampWidth(l.widths[column.id] + step) } }));
                        }}
                      />
                    </th>
                  );
                })}
              <th className="dg-th dg-filler" aria-hidden />
            </tr>
            <tr className="dg-filters">
              {shown.map((column) => (
                <th key={column.id} className="dg-filter-cell">
                  {column.filterable !== false && (
                    <FilterInput
                      label={column.label}
                      testId={`grid-filter-${column.id}`}
                      value={filters[column.id] ?? ''}
                      onChange={(value) => {
                        const next = { ...filters };
                        if (value) next[column.id] = value;
                        else delete next[column.id];
                        setFilters(next);
                      }}
                    />
                  )}
                </th>
              ))}
              <th className="dg-filter-cell dg-filler" aria-hidden />
            </tr>
          </thead>
          <tbody>
            {start > 0 && <tr aria-hidden data-spacer style={{ height: start * GRID_ROW_HEIGHT }} />}
            {items
              .slice(start, end)
              .map((row, i) =>
                row.getIsGrouped() ? (
                  <GroupRow
                    key={row.id}
                    row={row}
                    column={byId.get(row.groupingColumnId ?? '')}
                    span={shown.length + 1}
                    open={!collapsed.has(row.id)}
                    onToggle={toggleGroup}
                    testId={props.groupTestId ?? 'grid-group'}
                  />
                ) : (
                  <DataRow key={row.id} row={row.original} columns={shown} odd={(start + i) % 2 === 1} testId={props.rowTestId} />
                ),
              )}
            {items.length - end > 0 && <tr aria-hidden data-spacer style={{ height: (items.length - end) * GRID_ROW_HEIGHT }} />}
          </tbody>
        </table>
        {emptyRows && props.empty && (
          <div className="dg-empty" data-testid="grid-empty">
            {props.empty}
          </div>
        )}
      </div>
      {menu && menuColumn && (
        <ColumnMenu
          anchor={menu.anchor}
          column={menuColumn}
          layout={layout}
          sorted={sortOf(menuColumn.id)}
          onClose={() => setMenu(null)}
          onSort={(direction) => sortBy(menuColumn.id, direction)}
          onGroup={(group) =>
            change((l) => ({
              ...l,
              grouping: group ? addGrouping(l.grouping, menuColumn.id) : l.grouping.filter((x) => x !== menuColumn.id),
            }))
          }
          onMove={(step) => change((l) => ({ ...l, order: stepColumn(l.order, l.hidden, menuColumn.id, step) }))}
          onHide={() => change((l) => ({ ...l, hidden: new Set([...l.hidden, menuColumn.id]) }))}
        />
      )}
      <ColumnPickerMenu
        anchor={picker}
        columns={columns}
        layout={layout}
        onClose={() => setPicker(null)}
        onToggle={(id) =>
          change((l) => {
            const hidden = new Set(l.hidden);
            if (hidden.has(id)) hidden.delete(id);
            else hidden.add(id);
            return { ...l, hidden };
          })
        }
        onReset={grid.reset}
      />
    </Box>
  );
}
