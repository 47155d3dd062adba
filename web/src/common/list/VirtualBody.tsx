import TableBody from '@mui/material/TableBody';
import TableRow from '@mui/material/TableRow';
import type { SxProps } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Children,
  createContext,
  isValidElement,
  memo,
  type CSSProperties,
  type ReactNode,
  type RefObject,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  DataTableClasses,
  type RaRecord,
  useDataTableDataContext,
  useDataTableRowSxContext,
  useDataTableStoreContext,
  useStore,
} from 'react-admin';
import { type BodyItem, BodyContext, GroupRow, groupRows, useFolded } from './grouping';

/** Below this many loaded rows every row is rendered; above it only the rows near the visible part. */
export const WINDOW_FROM_ROWS = 200;
/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 25;
/** Every row has this height (cells keep to one line), so positions need no measuring. */
export const ROW_HEIGHT = 41;
/** The least a table starts below the window's top: app bar, page header, filter bar, table head. */
const ABOVE_FIRST_ROW = 220;
/**
 * Rows of a list's first paint: what the window shows of the table (17 at 900 px high; the
 * table never starts higher than ABOVE_FIRST_ROW), and at least 8. The other loaded rows follow
 * right after that paint, in a transition (so a click is not kept waiting).
 */
function firstPaintRows(): number {
  const height = typeof window === 'undefined' ? 900 : window.innerHeight;
  return Math.max(8, Math.ceil((height - ABOVE_FIRST_ROW) / ROW_HEIGHT));
}

/** The element the table scrolls in (ListScreen's table box). */
export const ScrollerContext = createContext<RefObject<HTMLElement | null> | null>(null);

/** What the header and the body need of a `DataTable.Col`, read once per column rather than once per cell. */
export interface TableColumn {
  source: string;
  label: string;
  sortable: boolean;
  render?: (record: RaRecord) => ReactNode;
  /** The header cell's style: the column's `sx` (its width and the rest). */
  headStyle?: CSSProperties;
  /** A body cell's style: the column's `sx` without the width, which the header cells carry (the table's layout is fixed). */
  cellStyle?: CSSProperties;
}

/**
 * A column's `sx` as an inline style. Columns give plain CSS there (no theme values or
 * selectors); `!important` is dropped, an inline style needing none.
 */
function cssOf(sx: Record<string, unknown>): CSSProperties | undefined {
  const entries = Object.entries(sx);
  if (entries.length === 0) return undefined;
  const style: Record<string, unknown> = {};
  for (const [key, value] of entries) style[key] = typeof value === 'string' ? value.replace(/\s*!important$/, '') : value;
  return style as CSSProperties;
}

/** The columns of the table that are not hidden (react-admin's column picker store), in order. */
export function useTableColumns(children: ReactNode): TableColumn[] {
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns);
  return useMemo(() => {
    const columns: TableColumn[] = [];
    for (const child of Children.toArray(children)) {
      if (!isValidElement(child)) continue;
      const props = child.props as {
        source?: string;
        label?: string;
        disableSort?: boolean;
        render?: TableColumn['render'];
        sx?: Record<string, unknown>;
      };
      const source = props.source ?? '';
      if (hidden.includes(props.source ?? props.label ?? '')) continue;
      const { width: _width, ...rest } = props.sx ?? {};
      columns.push({
        source,
        label: props.label ?? source,
        sortable: !props.disableSort && Boolean(source),
        render: props.render,
        headStyle: cssOf(props.sx ?? {}),
        cellStyle: cssOf(rest),
      });
    }
    return columns;
  }, [children, hidden]);
}

/**
 * One row: the cells of the visible columns, as plain `tr` and `td` elements styled once by the
 * table (ListScreen's `cellSx`), not react-admin's DataTableRow and DataTableCell (which give
 * every row an expand store, a record-link callback and a navigation hook, and every cell its
 * own subscription to the column store) nor MUI's TableRow and TableCell (each of which
 * computes its styles on every render). A page of rows is drawn several times faster. A row
 * with its own style (`rowSx`) keeps MUI's TableRow. Memoised: a row re-renders only when its
 * record, its columns or its style change.
 */
const BodyRow = memo(function BodyRow({
  record,
  columns,
  className,
  sx,
  testId,
}: {
  record: RaRecord;
  columns: TableColumn[];
  className: string;
  sx?: SxProps;
  testId?: string;
}) {
  const cells = columns.map((column) => (
    <td key={column.source} className={`${DataTableClasses.rowCell} column-${column.source}`} style={column.cellStyle}>
      {column.render ? column.render(record) : null}
    </td>
  ));
  return sx ? (
    <TableRow hover className={className} sx={sx} data-testid={testId}>
      {cells}
    </TableRow>
  ) : (
    <tr className={className} data-testid={testId}>
      {cells}
    </tr>
  );
});

/**
 * The body of ListScreen's table (`WindowedBody` or `PlainBody` below). Its first paint renders
 * the rows a window shows (firstPaintRows), and the rest in a transition right after, so a
 * list shows its data without waiting for rows below the fold. Up to WINDOW_FROM_ROWS rows it
 * then renders every row, like react-admin's own body; beyond that (lists that Load More into
 * thousands, `windowed`) it renders the rows near the visible part, windowed by
 * @tanstack/react-virtual inside the table's scroll box, between two spacer rows
 * (`tr[data-spacer]`) of the height of the rows left out, so sorting and scrolling 2,000 rows
 * cost the same as 100.
 */
function VirtualBody({ children, windowing }: { children?: ReactNode; windowing: boolean }) {
  const data = useDataTableDataContext() ?? [];
  const rowSx = useDataTableRowSxContext();
  const scroller = useContext(ScrollerContext);
  const columns = useTableColumns(children);
  // Grouped (ListScreen's `grouping`): the group headers are items of the body like the rows.
  const { grouping, rowTestId } = useContext(BodyContext);
  const { folded, toggle } = useFolded();
  const items: BodyItem<RaRecord>[] = useMemo(
    () => (grouping ? groupRows(data, grouping, folded) : data.map((record, index) => ({ record, index }))),
    [data, grouping, folded],
  );
  const windowed = windowing && items.length > WINDOW_FROM_ROWS;
  // Once the list has shown rows, every later render has them all (or the window).
  const [firstPaintDone, setFirstPaintDone] = useState(false);
  const hasRows = data.length > 0;
  useEffect(() => {
    if (!hasRows || firstPaintDone) return;
    // After the browser has painted the first rows, not in the same frame.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setFirstPaintDone(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hasRows, firstPaintDone]);
  // The table head sits above the body inside the scroll box.
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    if (!windowed) return;
    const head = scroller?.current?.querySelector('thead');
    if (head && Math.abs(head.offsetHeight - headHeight) > 0.5) setHeadHeight(head.offsetHeight);
  });
  const virtualizer = useVirtualizer({
    // Off until the list is long enough: an enabled virtualizer measures its scroll box when it
    // mounts, which forces a layout in the middle of drawing the page.
    enabled: windowed,
    count: windowed ? items.length : 0,
    getScrollElement: () => scroller?.current ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
    initialRect: { width: 1000, height: 800 },
  });

  const shown = windowed ? virtualizer.getVirtualItems() : [];
  const start = windowed ? (shown[0]?.index ?? 0) : 0;
  const fullEnd = windowed ? (shown.length ? shown[shown.length - 1].index + 1 : Math.min(items.length, 2 * OVERSCAN)) : items.length;
  const end = firstPaintDone ? fullEnd : Math.min(fullEnd, start + firstPaintRows());
  const spacer = (rows: number, key: string) =>
    rows > 0 ? <tr key={key} data-spacer aria-hidden style={{ height: rows * ROW_HEIGHT }} /> : null;

  return (
    <TableBody className={`datatable-body ${DataTableClasses.tbody}`}>
      {spacer(start, 'above')}
      {items.slice(start, end).map((item) => {
        if ('group' in item) {
          return <GroupRow key={`group:${item.group}`} item={item} columns={columns.length} grouping={grouping!} onToggle={toggle} />;
        }
        const { record, index: rowIndex } = item;
        return (
          <BodyRow
            key={record.id ?? `row${rowIndex}`}
            record={record}
            columns={columns}
            className={`${DataTableClasses.row} ${rowIndex % 2 === 0 ? DataTableClasses.rowEven : DataTableClasses.rowOdd}`}
            sx={rowSx?.(record, rowIndex)}
            testId={rowTestId}
          />
        );
      })}
      {spacer(items.length - end, 'below')}
    </TableBody>
  );
}

/** The body of a list that Load Mores into thousands: windowed beyond WINDOW_FROM_ROWS rows. */
export function WindowedBody({ children }: { children?: ReactNode }) {
  return <VirtualBody windowing>{children}</VirtualBody>;
}

/** The body of a short list: every row rendered. */
export function PlainBody({ children }: { children?: ReactNode }) {
  return <VirtualBody windowing={false}>{children}</VirtualBody>;
}
