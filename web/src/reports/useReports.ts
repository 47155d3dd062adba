import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { REPORT_PAGE_SIZE, REPORTS_TEXT, type ReportRow } from '@portal/contracts';
import { get } from '../api/http';
import { useFileExport } from '../api/useFileExport';
import type { GridSort } from '../common/grid';
import { useLoadErrorAlert } from '../common/useAlert';

/** The grid's order as the server's query: its grouping columns, then its sort column. */
export function orderQuery(grouping: string[], sorting: GridSort): Record<string, string | undefined> {
  const sort = sorting[0];
  return {
    groupBy: grouping.length ? grouping.join(',') : undefined,
    sort: sort?.id,
    order: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
  };
}

/**
 * The reports of a filter, 200 at a time (tasks document 9), in the grid's order (its groups
 * first, so a group's rows stay together as Load More appends), and the count of the filter
 * (`GET /api/Reports/count`, the same whatever the order). Nothing is asked before `enabled`
 * (the user's saved grid layout is read first: its grouping is part of the order).
 */
export function useReports(filter: Record<string, unknown>, order: Record<string, string | undefined>, enabled: boolean) {
  const key = JSON.stringify(filter);
  const client = useQueryClient();
  const rows = useInfiniteQuery({
    queryKey: ['reports', key, order],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      get<ReportRow[]>('/Reports', { query: { ...order, offset: pageParam, limit: REPORT_PAGE_SIZE }, filter, signal }),
    getNextPageParam: (last, pages) => (last.length < REPORT_PAGE_SIZE ? undefined : pages.length * REPORT_PAGE_SIZE),
    enabled,
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['reportsCount', key],
    queryFn: ({ signal }) => get<number>('/Reports/count', { filter, signal }),
    enabled,
  });
  useLoadErrorAlert(rows.error ?? count.error, REPORTS_TEXT.loadError);
  const data = useMemo(() => rows.data?.pages.flat() ?? [], [rows.data]);
  return {
    rows: data,
    total: count.data ?? null,
    loading: rows.isFetching || count.isFetching,
    pending: rows.isPending,
    hasMore: Boolean(rows.hasNextPage),
    loadingMore: rows.isFetchingNextPage,
    loadMore: () => void rows.fetchNextPage(),
    // Reload starts again from offset 0 (one page), as every list's Reload does.
    reload: () => {
      void client.resetQueries({ queryKey: ['reports', key, order] });
      void count.refetch();
    },
  };
}

/** Export to Excel: the server's workbook of every matching report, in the grid's order. */
export function useReportsExport(filter: Record<string, unknown>, order: Record<string, string | undefined>) {
  const query = useMemo(() => ({ filter: JSON.stringify(filter), ...order }), [filter, order]);
  return useFileExport('/Reports/export', query, 'Reports.xlsx', REPORTS_TEXT.excelExportError);
}
