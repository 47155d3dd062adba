import TableBody from '@mui/material/TableBody';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DataTableClasses, DataTableRow, RecordContextProvider, useDataTableDataContext, useDataTableRowSxContext } from 'react-admin';

/** Below this many loaded rows every row is rendered; above it only the rows near the screen. */
export const WINDOW_FROM_ROWS = 200;
/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 25;
/** The window moves in steps of this many rows, so a scroll re-renders only now and then. */
const STEP = 10;
const DEFAULT_ROW_HEIGHT = 42;

export interface Range {
  start: number;
  end: number;
}

/**
 * The rows to render, [start, end), for a body whose top is `top` px from the top of the
 * viewport (negative once scrolled past), in a viewport `viewport` px high: the visible rows
 * plus OVERSCAN on each side, widened to multiples of STEP. `end` may pass the row count.
 */
export function windowRange(top: number, viewport: number, rowHeight: number): Range {
  const first = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN);
  const last = Math.max(0, Math.ceil((viewport - top) / rowHeight) + OVERSCAN);
  return { start: Math.floor(first / STEP) * STEP, end: Math.ceil(last / STEP) * STEP };
}

/**
 * A DataTable body (`<DataTable body={WindowedBody}>`) for lists that Load More into thousands
 * of rows. Up to WINDOW_FROM_ROWS rows it renders like react-admin's own body; beyond that it
 * renders the rows near the visible part of the page between two spacer rows of the height of
 * the rows left out, so sorting and scrolling 2,000 rows cost the same as 100. The page keeps
 * scrolling as a whole (the window is the scroller); rows are assumed to share one height,
 * measured from the rendered ones.
 */
export function WindowedBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext() ?? [];
  const rowSx = useDataTableRowSxContext();
  const body = useRef<HTMLTableSectionElement>(null);
  const rowHeight = useRef(DEFAULT_ROW_HEIGHT);
  const windowed = data.length > WINDOW_FROM_ROWS;
  const [range, setRange] = useState<Range>({ start: 0, end: WINDOW_FROM_ROWS });

  const update = useCallback(() => {
    const element = body.current;
    if (!element) return;
    const next = windowRange(element.getBoundingClientRect().top, window.innerHeight, rowHeight.current);
    setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);

  useEffect(() => {
    if (!windowed) return;
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [windowed, update]);

  // Measure the rendered rows: their mean height places the spacers.
  useLayoutEffect(() => {
    const element = body.current;
    if (!windowed || !element) return;
    const rows = element.querySelectorAll<HTMLTableRowElement>(`tr.${DataTableClasses.row}`);
    if (rows.length === 0) return;
    let total = 0;
    for (const row of rows) total += row.offsetHeight;
    const mean = total / rows.length;
    if (Math.abs(mean - rowHeight.current) > 0.5) {
      rowHeight.current = mean;
      update();
    }
  });

  const start = windowed ? Math.min(range.start, data.length) : 0;
  const end = windowed ? Math.min(range.end, data.length) : data.length;
  const spacer = (rows: number, key: string) =>
    rows > 0 ? <tr key={key} data-spacer style={{ height: rows * rowHeight.current }} /> : null;

  return (
    <TableBody ref={body} className={`datatable-body ${DataTableClasses.tbody}`}>
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
