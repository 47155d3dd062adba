import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { SortPayload } from 'react-admin';
import { REGISTRATION, REGISTRATION_PAGE_SIZE, type RegistrationRow } from '@portal/contracts';
import type { ListScreenData } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import { useLoadErrorAlert } from '../common/useAlert';
import { countRegistrations, listRegistrations } from './api';

/** The server's order: the table does not re-sort a page of ten on its own. */
const AS_SERVED = { field: '', order: 'ASC' } as const;
/** Default sort: by id, ascending (administration document 9). */
const BY_ID: SortPayload = { field: 'id', order: 'ASC' };

/**
 * The remote paged customer table: a page of ten, sorted and filtered by the server (every
 * column's header sorts, every column's text filters). `page` is zero-based; a new sort or
 * filter goes back to the first page.
 */
export function useRegistrations(filter: Record<string, string>) {
  const [sort, setSortState] = useState<SortPayload>(BY_ID);
  const [page, setPage] = useState(0);
  const filterKey = JSON.stringify(filter);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    setPage(0);
  }
  const query = {
    offset: page * REGISTRATION_PAGE_SIZE,
    limit: REGISTRATION_PAGE_SIZE,
    sortField: sort.field,
    sortOrder: sort.order.toLowerCase(),
  };
  const rows = useQuery({
    queryKey: ['customerRegistration', filterKey, sort.field, sort.order, page],
    queryFn: ({ signal }) => listRegistrations(query, filter, signal),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['customerRegistrationCount', filterKey],
    queryFn: ({ signal }) => countRegistrations(filter, signal),
  });
  useLoadErrorAlert(rows.error ?? count.error, REGISTRATION.loadErrorHeader);
  const data = useMemo(() => rows.data ?? [], [rows.data]);
  const local = useLocalList<RegistrationRow>({
    data,
    sort: AS_SERVED,
    isPending: rows.isPending,
    isFetching: rows.isFetching,
    isLoading: rows.isLoading,
    error: rows.error,
    resource: 'customerRegistration',
  });
  const setSort = useCallback((next: SortPayload) => {
    setSortState(next);
    setPage(0);
  }, []);
  const listContext = useMemo(() => ({ ...local, sort, setSort }), [local, sort, setSort]);
  const { refetch: refetchRows } = rows;
  const { refetch: refetchCount } = count;
  const reload = useCallback(() => {
    void refetchRows();
    void refetchCount();
  }, [refetchRows, refetchCount]);
  const list: ListScreenData<RegistrationRow> = {
    listContext,
    rows: data,
    total: count.data,
    hasMore: false,
    loading: rows.isFetching || count.isFetching,
    loadingMore: false,
    loadMore: () => undefined,
    reload,
  };
  const pages = Math.max(1, Math.ceil((count.data ?? 0) / REGISTRATION_PAGE_SIZE));
  return { list, page, pages, total: count.data ?? 0, setPage };
}
