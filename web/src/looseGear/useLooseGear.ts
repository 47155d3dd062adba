import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LLG_TEXT, LOOSE_GEAR_PAGE_SIZE, type LooseGearRow } from '@portal/contracts';
import { get } from '../api/http';
import { useFileExport } from '../api/useFileExport';
import type { ListScreenData } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import { useLoadErrorAlert } from '../common/useAlert';

/** The server's order (item, then serial number): the grid does not sort a page of ten on its own. */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

/**
 * A page of ten of the register (2.7, section 9) and the count of the filter, for ListScreen;
 * nothing is asked before a client and a site are chosen. `page` is zero-based.
 */
export function useLooseGear(filter: Record<string, unknown> | null, page: number) {
  const key = filter ? JSON.stringify(filter) : null;
  const rows = useQuery({
    queryKey: ['looseGear', key, page],
    queryFn: ({ signal }) =>
      get<LooseGearRow[]>('/Observation/llg', {
        query: { offset: page * LOOSE_GEAR_PAGE_SIZE, limit: LOOSE_GEAR_PAGE_SIZE },
        filter: filter ?? undefined,
        signal,
      }),
    enabled: Boolean(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['looseGearCount', key],
    queryFn: ({ signal }) => get<number>('/Observation/llg/count', { filter: filter ?? undefined, signal }),
    enabled: Boolean(filter),
  });
  useLoadErrorAlert(rows.error ?? count.error, LLG_TEXT.loadError);
  const data = useMemo(() => (filter ? (rows.data ?? []) : []), [filter, rows.data]);
  const listContext = useLocalList<LooseGearRow>({
    data,
    sort: SERVER_ORDER,
    isPending: rows.isPending,
    isFetching: rows.isFetching,
    isLoading: rows.isLoading,
    error: rows.error,
    resource: 'looseGear',
  });
  const list: ListScreenData<LooseGearRow> = {
    listContext,
    rows: data,
    total: count.data,
    hasMore: false,
    loading: rows.isFetching || count.isFetching,
    loadingMore: false,
    loadMore: () => undefined,
    reload: () => {
      void rows.refetch();
      void count.refetch();
    },
  };
  return { list, total: count.data ?? null, loading: rows.isFetching };
}

/** Export to Excel of the filter: the server's workbook (every matching row), downloaded. */
export function useLooseGearExport(filter: Record<string, unknown> | null) {
  const query = useMemo(() => (filter ? { filter: JSON.stringify(filter) } : null), [filter]);
  return useFileExport('/Observation/llg/export', query, 'Loose_Gear.xlsx', LLG_TEXT.excelExportError);
}
