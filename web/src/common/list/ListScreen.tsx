import type { SxProps } from '@mui/material';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, lighten, type Theme, useTheme } from '@mui/material/styles';
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { DataTable, type ListControllerResult, ListContextProvider, type RaRecord, ResourceContextProvider, useStore } from 'react-admin';
import { SHELL } from '@portal/contracts';
import { type Crumb, PageHeader } from '../PageHeader';
import { ColumnsPicker } from './ColumnsPicker';
import { cellOf, DEFAULT_WIDTH, type ListColumn } from './columns';
import { type CsvColumn, CsvExportButton } from './CsvExportButton';
import { FilterBar } from './FilterBar';
import { BodyContext, type ListGrouping } from './grouping';
import { ListCards } from './ListCards';
import { AddButton, LoadMoreButton, ReloadButton } from './ListButtons';
import { MAX_ICONS, type RowActionSpec, RowActions } from './RowActions';
import { PlainHead } from './PlainHead';
import { PlainBody, ROW_HEIGHT, ScrollerContext, WindowedBody } from './VirtualBody';

/** What a ListScreen shows: useLoadMoreList's answer, or the same shape built by the page. */
export interface ListScreenData<R extends RaRecord> {
  listContext: ListControllerResult<R>;
  rows: R[];
  total?: number;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  loadMore(): void;
  reload(): void;
}

export interface ListScreenProps<R extends RaRecord> {
  resource: string;
  title: string;
  crumbs: Crumb[];
  list: ListScreenData<R>;
  /** Keep it stable (a module constant or useMemo): the table re-renders when it changes. */
  columns: ListColumn<R>[];
  /** The row's actions from its `can` flags. Stable (useCallback). A role whose rows offer none gets no Action column. */
  rowActions?: (record: R) => RowActionSpec[];
  /** The filter inputs: in the bar above the table, in a drawer behind "Filters" on a phone. */
  filters?: ReactNode;
  /** Switches of what the list shows (Show Active / Show Inactive, mine or all): first at the right of the filter bar, in view on a phone too. */
  toggles?: ReactNode;
  /** Buttons at the right of the filter bar, after the toggles, before the column picker and CSV. */
  toolbar?: ReactNode;
  /** Rows grouped under a header row with the group's count (assets by asset type). Stable (a module constant or useMemo). */
  grouping?: ListGrouping<R>;
  /** The test id of every row (the table's `tr`, the phone's card). */
  rowTestId?: string;
  /** The test id of the table. */
  tableTestId?: string;
  /** Add (the page decides whether the role may add). */
  onAdd?: () => void;
  addLabel?: string;
  /** More buttons in the header, after Reload and Add. */
  actions?: ReactNode;
  /** Between the header and the list's card: the request form whose history the list is (QR Sticker). */
  intro?: ReactNode;
  csv?: { filter: Record<string, unknown>; columns: CsvColumn<R>[]; fileName: string };
  /** The text of an empty list. */
  empty: ReactNode;
  /** Window the rows (lists that Load More into thousands). */
  windowed?: boolean;
  rowSx?: (record: R) => SxProps;
  /** Replaces the table (a grouped grid, say); the frame stays. */
  body?: ReactNode;
  /** Replaces 'Total N of M loaded'. */
  countText?: ReactNode;
  /** Reload at the start of the footer instead of the header (the sequences grid, as its spec says). */
  reloadInFooter?: boolean;
  /** Replaces Load More in the footer (a pager). */
  footer?: ReactNode;
  /** Panels, dialogs and confirms of the screen. */
  children?: ReactNode;
}

/**
 * One list screen (web/README.md, "The list pattern"): breadcrumb and title, Reload and Add,
 * filters (a drawer on a phone), column picker, CSV of every matching row, the table that fits
 * its card (sticky header, cells cut with tooltips, rows of one height, the horizontal
 * scrollbar in reach) or cards below a tablet's width, row actions from the server's `can`
 * flags, 'Total N of M loaded' and Load More. An area supplies its columns, filters, panels
 * and texts.
 */
export function ListScreen<R extends RaRecord>(props: ListScreenProps<R>) {
  const { resource, title, crumbs, list, filters, toggles, toolbar, onAdd, addLabel, actions, csv, countText, footer, reloadInFooter } =
    props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const storeKey = `${resource}.datatable`;
  const scroller = useRef<HTMLDivElement>(null);
  const reload = <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />;
  const total = list.total ?? (list.hasMore || list.listContext.isPending ? undefined : list.rows.length);
  const defaultHidden = useDefaultHidden(props.columns);
  const { grouping, rowTestId } = props;
  const body = useMemo(() => ({ grouping: grouping as ListGrouping<RaRecord> | undefined, rowTestId }), [grouping, rowTestId]);

  return (
    <ResourceContextProvider value={resource}>
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              {!reloadInFooter && reload}
              {onAdd && <AddButton onClick={onAdd} label={addLabel} />}
              {actions}
            </>
          }
        />
        {props.intro}
        <FilterBar
          phone={phone}
          filters={filters}
          toolbar={
            <>
              {toggles}
              {toolbar}
              {!props.body && !phone && <ColumnsPicker storeKey={storeKey} columns={props.columns} defaultHidden={defaultHidden} />}
              {csv && <CsvExportButton resource={resource} filter={csv.filter} columns={csv.columns} fileName={csv.fileName} />}
            </>
          }
          footer={
            <>
              {reloadInFooter && reload}
              <span data-testid="list-count" aria-busy={list.loading || undefined}>
                {countText ?? SHELL.listCount(list.rows.length, total)}
              </span>
              <span style={{ flex: 1 }} />
              {footer ?? <LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
            </>
          }
        >
          {props.body ?? (
            <BodyContext.Provider value={body}>
              {phone ? (
                <ListCards columns={props.columns} rowActions={props.rowActions} empty={props.empty} />
              ) : (
                <ScrollerContext.Provider value={scroller}>
                  <TableBox scroller={scroller}>
                    <ListTable {...props} storeKey={storeKey} hidden={defaultHidden} />
                  </TableBox>
                </ScrollerContext.Provider>
              )}
            </BodyContext.Provider>
          )}
        </FilterBar>
        {props.children}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Room below the table box for the card's footer and the page's bottom padding. */
const BELOW_TABLE = 88;

/**
 * The table's scroll box: as high as the window leaves below its top (filters wrap on narrow
 * windows), so the page does not scroll, the header stays in view and the horizontal scrollbar
 * is in reach. The height is set on the element from a ResizeObserver, whose callbacks run after
 * the browser's layout and before it paints: measuring there forces no extra layout while a
 * page is being drawn, and the first paint already has the right height.
 */
function TableBox({ scroller, children }: { scroller: React.RefObject<HTMLDivElement | null>; children: ReactNode }) {
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const fitToWindow = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(320, Math.floor(window.innerHeight - top - BELOW_TABLE))}px`;
      if (box.style.maxHeight !== height) box.style.maxHeight = height;
    };
    // The filter bar above: its height moves the box. A first callback comes before the first paint.
    const observer = new ResizeObserver(fitToWindow);
    observer.observe(box.parentElement?.firstElementChild ?? box);
    window.addEventListener('resize', fitToWindow);
    return () => {
      window.removeEventListener('resize', fitToWindow);
      observer.disconnect();
    };
  }, [scroller]);
  return (
    <div ref={scroller} data-testid="list-scroller" style={{ overflow: 'auto', maxHeight: 480, position: 'relative' }}>
      {children}
    </div>
  );
}

const ACTION_SLOT = 32;

/**
 * The look of MUI's small TableCell (with the theme's header style) and TableRow (hover), given
 * once by the table to the plain cells of its header (PlainHead) and body (VirtualBody).
 */
function cellSx(theme: Theme): Record<string, CSSProperties> {
  const border = `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`;
  return {
    '& thead th': {
      fontFamily: theme.typography.body2.fontFamily,
      fontSize: theme.typography.body2.fontSize,
      fontWeight: 600,
      lineHeight: theme.typography.pxToRem(24),
      color: '#374151',
      display: 'table-cell',
      verticalAlign: 'middle',
      textAlign: 'left',
      paddingTop: '6px',
      paddingBottom: '6px',
      borderBottom: border,
    },
    // :where() keeps these at one class's weight, as MUI's own cell and row classes were, so a
    // row's own style (`rowSx`, e.g. an archived office in grey) still wins.
    '& :where(tbody tr)': { color: 'inherit', verticalAlign: 'middle', outline: 0 },
    '& :where(tbody tr:hover)': { backgroundColor: theme.palette.action.hover },
    '& :where(tbody td)': {
      fontFamily: theme.typography.body2.fontFamily,
      fontWeight: theme.typography.body2.fontWeight,
      fontSize: theme.typography.body2.fontSize,
      lineHeight: theme.typography.body2.lineHeight,
      letterSpacing: theme.typography.body2.letterSpacing,
      display: 'table-cell',
      verticalAlign: 'inherit',
      textAlign: 'left',
      color: theme.palette.text.primary,
      borderBottom: border,
    },
  };
}

function ListTable<R extends RaRecord>({
  columns,
  rowActions,
  list,
  empty,
  windowed,
  rowSx,
  storeKey,
  hidden,
  tableTestId,
}: ListScreenProps<R> & { storeKey: string; hidden: string[] }) {
  const theme = useTheme();
  // A role whose rows offer no action (a reader) gets no Action column.
  const showActions = useMemo(() => Boolean(rowActions) && list.rows.some((row) => rowActions!(row).length > 0), [rowActions, list.rows]);
  const actionSlots = useMemo(
    () =>
      rowActions
        ? Math.min(
            MAX_ICONS,
            list.rows.reduce((most, row) => Math.max(most, rowActions(row).length), 0),
          )
        : 0,
    [rowActions, list.rows],
  );
  useUnhidePinned(storeKey, columns);
  // The table's elements stay the same objects while the list sorts or grows, so React
  // re-renders only the rows that change (2,000 loaded rows sort without lag).
  return useMemo(
    () => (
      <DataTable
        storeKey={storeKey}
        head={PlainHead}
        body={windowed ? WindowedBody : PlainBody}
        hiddenColumns={hidden}
        bulkActionButtons={false}
        rowClick={false}
        size="small"
        rowSx={rowSx}
        data-testid={tableTestId}
        empty={<div style={{ padding: 32, textAlign: 'center', color: '#5b6472' }}>{empty}</div>}
        sx={{
          '& .RaDataTable-table': { tableLayout: 'fixed', width: '100%' },
          // Widths include the padding, so the columns' widths add up to the table's.
          '& th, & td': { boxSizing: 'border-box', px: 1 },
          '& th:first-of-type, & td:first-of-type': { pl: 2 },
          '& .RaDataTable-headerCell': { bgcolor: '#f8fafc', overflow: 'hidden', whiteSpace: 'nowrap' },
          '& .RaDataTable-row': { height: ROW_HEIGHT },
          '& td': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', py: 0.25 },
          ...cellSx(theme),
        }}
      >
        {showActions && (
          // The actions are how a row is worked on: never offered for hiding (ColumnsPicker).
          <DataTable.Col
            source="actions"
            label="Action"
            disableSort
            sx={{ width: Math.max(2, actionSlots) * ACTION_SLOT + 24, textOverflow: 'clip !important' }}
            render={(record: R) => <RowActions actions={rowActions!(record)} />}
          />
        )}
        {columns.map((column) => (
          <DataTable.Col
            key={column.source}
            source={column.source}
            label={column.label}
            disableSort={column.sortable === false}
            sx={{ width: column.width ?? DEFAULT_WIDTH }}
            render={(record: R) => cellOf(column, record)}
          />
        ))}
      </DataTable>
    ),
    [storeKey, windowed, hidden, rowSx, empty, showActions, actionSlots, columns, rowActions, theme, tableTestId],
  );
}

/** The sources of the columns hidden until picked. */
function useDefaultHidden<R>(columns: ListColumn<R>[]): string[] {
  return useMemo(() => columns.filter((c) => c.hidden).map((c) => c.source), [columns]);
}

/** A pinned column hidden by an older picker (the choice is kept in the browser) shows again. */
function useUnhidePinned<R>(storeKey: string, columns: ListColumn<R>[]) {
  const [stored, setStored] = useStore<string[] | undefined>(storeKey);
  useEffect(() => {
    if (!stored) return;
    const pinned = new Set(columns.filter((c) => c.pinned).map((c) => c.source));
    if (stored.some((source) => pinned.has(source))) setStored(stored.filter((source) => !pinned.has(source)));
  }, [stored, columns, setStored]);
}
