import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ASSET_DASHBOARD_PAGE, ASSETS, type AssetDashboardRow } from '@portal/contracts';
import { get } from '../api/http';
import { useFileExport } from '../api/useFileExport';
import type { ListScreenData } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import { useLoadErrorAlert } from '../common/useAlert';
import type { AssetFilterState } from './AssetFilters';
import { type AssetDashboardAnswer, type DashboardFilter, dashboardQuery } from './api';

/** The server's order (by name) until a header is clicked. */
const SERVER_ORDER = { field: '', order: 'ASC' } as const;

/** The server's filter, once a client and at least one site are chosen. */
function toDashboardFilter(state: AssetFilterState): DashboardFilter | null {
  if (!state.companyId || state.siteIds.length === 0) return null;
  return {
    companyId: state.companyId,
    siteIds: state.siteIds,
    inspFrom: state.insp[0] || undefined,
    inspTo: state.insp[1] || undefined,
    dueFrom: state.due[0] || undefined,
    dueTo: state.due[1] || undefined,
    result: state.result || undefined,
    itemStatus: state.itemStatus || undefined,
  };
}

/**
 * The dashboard's rows for ListScreen: pages of 500 by name, Load More for the next
 * (docs/decisions.md); nothing asked before a client and a site are chosen.
 */
export function useAssetDashboard(state: AssetFilterState) {
  const filter = toDashboardFilter(state);
  const query = filter ? dashboardQuery(filter) : null;
  const pages = useInfiniteQuery({
    queryKey: ['assetDashboard', query],
    queryFn: ({ signal, pageParam }) =>
      get<AssetDashboardAnswer>('/Location/AssetDashboard', {
        query: { ...(query ?? {}), offset: pageParam, limit: ASSET_DASHBOARD_PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, page) => n + page.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? loaded : undefined;
    },
    enabled: Boolean(query),
  });
  useLoadErrorAlert(pages.error, ASSETS.loadAssetsError);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.rows) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total;
  const listContext = useLocalList<AssetDashboardRow>({
    data: rows,
    sort: SERVER_ORDER,
    isPending: pages.isPending,
    isFetching: pages.isFetching,
    isLoading: pages.isLoading,
    error: pages.error,
    resource: 'assetDashboard',
  });
  const list: ListScreenData<AssetDashboardRow> = {
    listContext,
    rows,
    total,
    hasMore: Boolean(pages.hasNextPage),
    loading: pages.isFetching,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
    reload: () => void pages.refetch(),
  };
  return { list, query, loading: pages.isLoading, total: total ?? 0 };
}

/** Export to Excel of the dashboard's filter: the server's workbook, downloaded. */
export function useExcelExport(query: Record<string, string | number | undefined> | null) {
  return useFileExport('/Location/AssetDashboard/export', query, 'Assets.xlsx', ASSETS.excelExportError);
}
