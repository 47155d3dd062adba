import { useEffect, useMemo, useState } from 'react';
import { type Identifier, type RaRecord, type SortPayload, useInfiniteGetList } from 'react-admin';
import { useLoadErrorAlert } from '../useAlert';
import { useLocalList } from './useLocalList';

export interface LoadMoreListOptions {
  resource: string;
  filter: Record<string, unknown>;
  pageSize: number;
  sort: SortPayload;
  /**
   * A sort of the loaded rows only, when it differs from the server's order (the jobs' default
   * sort, applied a second after each load): changing it re-sorts without fetching again.
   */
  clientSort?: SortPayload;
  /** The spec's load error, e.g. 'Error while loading Users'. */
  loadError: string;
}

/**
 * The list behaviour of every dashboard in the spec: the server filters and pages by
 * offset/limit, Load More appends the next page, Reload restarts from offset 0, a filter
 * change resets the list, and sorting applies to the loaded rows. Answers a react-admin list
 * context (for DataTable, ColumnsButton...) plus the Load More controls.
 */
export function useLoadMoreList<R extends RaRecord>({ resource, filter, pageSize, sort, clientSort, loadError }: LoadMoreListOptions) {
  const [reloadKey, setReloadKey] = useState(0);
  const query = useInfiniteGetList<R>(
    resource,
    { pagination: { page: 1, perPage: pageSize }, filter, sort, meta: { reloadKey } },
    // Read again on mount by the effect below, after the first paint, not as the list mounts.
    { refetchOnWindowFocus: false, refetchOnMount: false, staleTime: 0, gcTime: 60_000 },
  );
  // A list opened again shows the rows it had (kept a minute) at once and reads them again
  // right after that first paint: started as it mounted, the read's loading state re-rendered
  // the page before the browser could paint it. A list without rows kept loads as it mounts.
  const [keptRows] = useState(() => query.data !== undefined);
  const { refetch } = query;
  useEffect(() => {
    if (!keptRows) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => void refetch({ cancelRefetch: false }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [keptRows, refetch]);
  // Changes saved from a row's panel without closing it (a signature, say), shown on the loaded
  // rows until the next fetch from the first page brings them from the server.
  const [patches, setPatches] = useState<ReadonlyMap<Identifier, Partial<R>>>(new Map());
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reload or another filter starts afresh
  useEffect(() => setPatches((current) => (current.size === 0 ? current : new Map())), [reloadKey, filterKey]);
  const rows = useMemo(() => {
    const loaded = query.data?.pages.flatMap((page) => page.data) ?? [];
    return patches.size === 0 ? loaded : loaded.map((row) => (patches.has(row.id) ? { ...row, ...patches.get(row.id) } : row));
  }, [query.data, patches]);
  const total = query.data?.pages[0]?.total;

  useLoadErrorAlert(query.error, loadError);

  const listContext = useLocalList<R>({
    data: rows,
    sort: clientSort ?? sort,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isLoading: query.isLoading,
    error: query.error as Error | null,
    resource,
  });

  return {
    listContext,
    rows,
    total,
    hasMore: Boolean(query.hasNextPage),
    loadingMore: query.isFetchingNextPage,
    loading: query.isFetching,
    loadMore: () => void query.fetchNextPage(),
    reload: () => setReloadKey((n) => n + 1),
    /** Shows a change already saved on the server on one loaded row, keeping the rows loaded so far. */
    updateRow: (id: Identifier, patch: Partial<R>) => setPatches((current) => new Map(current).set(id, { ...current.get(id), ...patch })),
  };
}
