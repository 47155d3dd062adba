import TableBody from '@mui/material/TableBody';
import { useVirtualizer } from '@tanstack/react-virtual';
import { createContext, type ReactNode, type RefObject, useContext, useLayoutEffect, useState } from 'react';
import { DataTableClasses, DataTableRow, RecordContextProvider, useDataTableDataContext, useDataTableRowSxContext } from 'react-admin';

/** Below this many loaded rows every row is rendered; above it only the rows near the visible part. */
export const WINDOW_FROM_ROWS = 200;
/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 25;
/** Every row has this height (cells keep to one line), so positions need no measuring. */
export const ROW_HEIGHT = 41;

/** The element the table scrolls in (ListScreen's table box). */
export const ScrollerContext = createContext<RefObject<HTMLElement | null> | null>(null);

/**
 * A DataTable body (`<DataTable body={VirtualBody}>`) for lists that Load More into thousands
 * of rows, windowed by @tanstack/react-virtual inside the table's scroll box. Up to
 * WINDOW_FROM_ROWS rows it renders like react-admin's own body; beyond that it renders the
 * rows near the visible part between two spacer rows (`tr[data-spacer]`) of the height of
 * the rows left out, so sorting and scrolling 2,000 rows cost the same as 100.
 */
export function VirtualBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext() ?? [];
  const rowSx = useDataTableRowSxContext();
  const scroller = useContext(ScrollerContext);
  const windowed = data.length > WINDOW_FROM_ROWS;
  // The table head sits above the body inside the scroll box.
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    const head = scroller?.current?.querySelector('thead');
    if (head && Math.abs(head.offsetHeight - headHeight) > 0.5) setHeadHeight(head.offsetHeight);
  });
  const virtualizer = useVirtualizer({
    count: windowed ? data.length : 0,
    getScrollElement: () => scroller?.current ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
    initialRect: { width: 1000, height: 800 },
  });

  const items = windowed ? virtualizer.getVirtualItems() : [];
  const start = windowed ? (items[0]?.index ?? 0) : 0;
  const end = windowed ? (items.length ? items[items.length - 1].index + 1 : Math.min(data.length, 2 * OVERSCAN)) : data.length;
  const spacer = (rows: number, key: string) =>
    rows > 0 ? <tr key={key} data-spacer aria-hidden style={{ height: rows * ROW_HEIGHT }} /> : null;

  return (
    <TableBody className={`datatable-body ${DataTableClasses.tbody}`}>
      {spacer(start, 'above')}
      {data.slice(start, end).map((record, offset) => {
        const rowIndex = start + offset;
        return (
          <RecordContextProvider value={record} key={record.id ?? `row${rowIndex}`}>
            <DataTableRow
              className={`${DataTableClasses.row} ${rowIndex % 2 === 0 ? DataTableClasses.rowEven : DataTableClasses.rowOdd}`}
              sx={rowSx?.(record, rowIndex)}
            >
              {children}
            </DataTableRow>
          </RecordContextProvider>
        );
      })}
      {spacer(data.length - end, 'below')}
    </TableBody>
  );
}
