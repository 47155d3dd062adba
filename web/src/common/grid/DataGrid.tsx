import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';
import ViewColumn from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type DragEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { GRID_TEXT } from '@portal/contracts';
import { ColumnMenu, ColumnPickerMenu, type SortDirection } from './GridMenus';
import { addGrouping, clampWidth, moveColumn, stepColumn } from './layout';
import { gridCss } from './gridCss';
import type { GridLayout } from './useGridLayout';
import { type GridColumn, textOf, sortValueOf } from './types';

/** Every row (and group header) has this height, so positions need no measuring. */
export const GRID_ROW_HEIGHT = 40;
const OVERSCAN = 20;
/** The drag's data type: a column id. */
const DRAG_TYPE = 'application/x-grid-column';
/** Room below the grid for the page's footer. */
const BELOW_GRID = 88;

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

function compare(a: unknown, b: unknown): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
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

/** A group's header row: fold toggle, 'Label: value (count)'. */
function GroupRow<R>({
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
const DataRow = memo(function DataRow<R>({
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

/** A column's text filter: typed at once, sent 300 ms after the last key. */
function FilterInput({ label, value, onChange, testId }: { label: string; value: string; onChange(value: string): void; testId: string }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text;
      latest.current(text);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <input
      className="dg-filter"
      type="search"
      value={text}
      placeholder={GRID_TEXT.filterPlaceholder}
      aria-label={GRID_TEXT.filter(label)}
      data-testid={testId}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

/** The scroll box as high as the window leaves below its top (at least 360 px). */
function useFitToWindow(ref: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const fitHeight = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(360, Math.floor(window.innerHeight - top - BELOW_GRID))}px`;
      if (box.style.height !== height) box.style.height = height;
    };
    fitHeight();
    const observer = new ResizeObserver(fitHeight);
    observer.observe(document.body);
    window.addEventListener('resize', fitHeight);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fitHeight);
    };
  }, [ref]);
}
