import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LLG_TEXT, LOOSE_GEAR_PAGE_SIZE, type LooseGearRow } from '@portal/contracts';
import { buildUrl, get, HttpError } from '../api/http';
import type { ListScreenData } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';

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
  const alert = useAlert();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    if (!filter) return;
    setExporting(true);
    try {
      const response = await fetch(buildUrl('/Observation/llg/export', { filter: JSON.stringify(filter) }), { credentials: 'same-origin' });
      if (!response.ok) throw new HttpError(response.status, LLG_TEXT.excelExportError);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'Loose_Gear.xlsx';
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      alert.error(LLG_TEXT.excelExportError);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
