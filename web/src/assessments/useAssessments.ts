import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ASSESSMENT_TEXT, ASSESSMENTS_PAGE_SIZE, type AssessmentRow } from '@portal/contracts';
import { get } from '../api/http';
import { useFileExport } from '../api/useFileExport';
import { useLoadErrorAlert } from '../common/useAlert';

type Sort = { sortColumn?: string; sortOrder?: 'asc' | 'desc' };

/**
 * The rows of the filter 500 at a time (section 9: Load More appends the next 500 by offset),
 * in the server's order, and the count; nothing is asked before a client is chosen.
 */
export function useAssessments(filter: Record<string, unknown> | null, sort: Sort) {
  const key = filter ? JSON.stringify(filter) : null;
  const rows = useInfiniteQuery({
    queryKey: ['assessments', key, sort.sortColumn, sort.sortOrder],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      get<AssessmentRow[]>('/Assessments', {
        query: { offset: pageParam, limit: ASSESSMENTS_PAGE_SIZE, sortColumn: sort.sortColumn, sortOrder: sort.sortOrder },
        filter: filter ?? undefined,
        signal,
      }),
    getNextPageParam: (last, pages) => (last.length < ASSESSMENTS_PAGE_SIZE ? undefined : pages.length * ASSESSMENTS_PAGE_SIZE),
    enabled: Boolean(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['assessmentsCount', key],
    queryFn: ({ signal }) => get<number>('/Assessments/count', { filter: filter ?? undefined, signal }),
    enabled: Boolean(filter),
  });
  useLoadErrorAlert(rows.error ?? count.error, ASSESSMENT_TEXT.loadError);
  const data = useMemo(() => (filter ? (rows.data?.pages.flat() ?? []) : []), [filter, rows.data]);
  return {
    rows: data,
    total: filter ? (count.data ?? null) : null,
    loading: rows.isFetching || count.isFetching,
    firstLoad: rows.isLoading,
    hasMore: Boolean(rows.hasNextPage),
    loadingMore: rows.isFetchingNextPage,
    loadMore: () => void rows.fetchNextPage(),
    reload: () => {
      void rows.refetch();
      void count.refetch();
    },
  };
}

/** Export to Excel: the server's `Tasks_on_{timestamp}.xlsx` of every matching row, in the grid's order. */
export function useAssessmentExport(filter: Record<string, unknown> | null, sort: Sort) {
  const query = useMemo(
    () => (filter ? { filter: JSON.stringify(filter), sortColumn: sort.sortColumn, sortOrder: sort.sortOrder } : null),
    [filter, sort.sortColumn, sort.sortOrder],
  );
  return useFileExport('/Assessments/export', query, 'Tasks.xlsx', ASSESSMENT_TEXT.excelExportError);
}
