import { useEffect, useMemo, useState } from 'react';
import { type RaRecord, type SortPayload, useInfiniteGetList, useList } from 'react-admin';
import { useAlert } from '../useAlert';

export interface LoadMoreListOptions {
  resource: string;
  filter: Record<string, unknown>;
  pageSize: number;
  sort: SortPayload;
  /** The spec's load error, e.g. 'Error while loading Users'. */
  loadError: string;
}

/**
 * The list behaviour of every dashboard in the spec: the server filters and pages by
 * offset/limit, Load More appends the next page, Reload restarts from offset 0, a filter
 * change resets the list, and sorting applies to the loaded rows. Answers a react-admin list
 * context (for DataTable, ColumnsButton...) plus the Load More controls.
 */
export function useLoadMoreList<R extends RaRecord>({ resource, filter, pageSize, sort, loadError }: LoadMoreListOptions) {
  const [reloadKey, setReloadKey] = useState(0);
  const alert = useAlert();
  const query = useInfiniteGetList<R>(
    resource,
    { pagination: { page: 1, perPage: pageSize }, filter, sort, meta: { reloadKey } },
    { refetchOnWindowFocus: false, staleTime: 0, gcTime: 60_000 },
  );
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total;

  useEffect(() => {
    if (query.error) alert.error(loadError, (query.error as Error).message);
  }, [query.error, loadError, alert]);

  const listContext = useList<R>({
    data: rows,
    sort,
    perPage: Number.MAX_SAFE_INTEGER,
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
  };
}
