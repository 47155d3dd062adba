import { useCallback, useMemo, useState } from 'react';
import type { Identifier, ListControllerResult, RaRecord, SortPayload } from 'react-admin';

const NO_IDS: Identifier[] = [];
const NO_FILTER = {};
const noop = () => undefined;

/** A record's value at a dotted path ('client.name'). */
function valueAt(record: RaRecord, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[key];
  return value;
}

/** The loaded rows in the list's sort order; the same comparison react-admin's useList makes. */
export function sortRows<R extends RaRecord>(rows: R[], sort: SortPayload): R[] {
  if (!sort.field) return rows;
  const direction = sort.order === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => {
    // Compared with < and >, whatever their type, as react-admin's useList does.
    const x = valueAt(a, sort.field) as string;
    const y = valueAt(b, sort.field) as string;
    if (x > y) return direction;
    if (x < y) return -direction;
    return 0;
  });
}

/**
 * A react-admin list context over rows already loaded (useLoadMoreList's pages): the table
 * sorts them by its header, nothing more (no filters, pages or selection; lists have no bulk
 * actions). It stands in for react-admin's useList, which sorts in an effect and so drew every
 * list twice when it opened, and stringified every row on each render to notice changes.
 * A change of the `sort` passed in (the jobs' default sort after a load) becomes the sort.
 */
export function useLocalList<R extends RaRecord>({
  data,
  sort: initialSort,
  isPending,
  isFetching,
  isLoading,
  error,
  resource,
}: {
  data: R[];
  sort: SortPayload;
  isPending: boolean;
  isFetching: boolean;
  isLoading: boolean;
  error: Error | null;
  resource: string;
}): ListControllerResult<R> {
  const [sort, setSortState] = useState(initialSort);
  // The sort passed in wins when it changes, as with react-admin's useSortState.
  const [passed, setPassed] = useState(initialSort);
  if (passed.field !== initialSort.field || passed.order !== initialSort.order) {
    setPassed(initialSort);
    setSortState(initialSort);
  }
  const setSort = useCallback((next: SortPayload) => setSortState(next), []);
  const sorted = useMemo(() => sortRows(data, sort), [data, sort]);
  return useMemo(
    () =>
      ({
        sort,
        setSort,
        data: isPending ? undefined : sorted,
        total: isPending ? undefined : sorted.length,
        isPending,
        isFetching,
        isLoading,
        isPaused: false,
        isPlaceholderData: false,
        error,
        resource,
        defaultTitle: '',
        displayedFilters: NO_FILTER,
        filterValues: NO_FILTER,
        setFilters: noop,
        showFilter: noop,
        hideFilter: noop,
        exporter: false,
        page: 1,
        perPage: Number.MAX_SAFE_INTEGER,
        setPage: noop,
        setPerPage: noop,
        hasNextPage: false,
        hasPreviousPage: false,
        selectedIds: NO_IDS,
        onSelect: noop,
        onSelectAll: noop,
        onToggleItem: noop,
        onUnselectItems: noop,
        refetch: noop,
      }) as unknown as ListControllerResult<R>,
    [sort, setSort, sorted, isPending, isFetching, isLoading, error, resource],
  );
}
