import { useCallback, useMemo, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { CLIENTS_PAGE_SIZE, type ClientRow, formatDate, LOCATIONS, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { type Crumb, PageHeader } from '../common/PageHeader';
import {
  AddButton,
  CsvExportButton,
  ListCard,
  LoadMoreButton,
  ReloadButton,
  SearchBox,
  useLoadMoreList,
  WindowedBody,
} from '../common/list';
import { useSaveThenReload } from '../common/adminFlow';
import { useCan } from '../session/SessionContext';
import { AddClientDialog } from './AddClientDialog';
import { AddressCell, EmptyList } from './cells';
import { ClientRowActions } from './ClientRowActions';
import { CLIENT_CSV_COLUMNS } from './csvColumns';
import { type NameCodeFilterState, toServerFilter } from './filters';
import { LocationPanel, type PanelTarget } from './LocationPanel';

const SORT = { field: 'name', order: 'ASC' } as const;

/**
 * The clients list: search by name and code, Reload, Load More (50 a page), Add (not for
 * SALES-PERSON), column picker, CSV of all matching clients, the Add Client dialog and the
 * edit panel. CLIENT-ADMIN gets only its own company from the server, read only.
 */
export function ClientList({
  title,
  crumbs,
  filter,
  onFilterChange,
  onExpand,
}: {
  title: string;
  crumbs: Crumb[];
  filter: NameCodeFilterState;
  onFilterChange(next: NameCodeFilterState): void;
  onExpand(clientId: number): void;
}) {
  const canAdd = useCan('clients.create');
  // DECISIONS 4: the whole Action column is hidden for FIELD-ENGG, FIELD-JUNIOR, APPROVER-ONLY
  // and CORPORATE, exactly the readers without clients.locations.
  const showActions = useCan('clients.locations');
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const list = useLoadMoreList<ClientRow>({
    resource: 'clients',
    filter: serverFilter,
    pageSize: CLIENTS_PAGE_SIZE,
    sort: SORT,
    loadError: LOCATIONS.loadClientsError,
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PanelTarget | null>(null);
  // Administration document 4: success alert, then after 2 s the panel closes and the list reloads.
  const addFlow = useSaveThenReload(
    useCallback(() => setAdding(false), []),
    list.reload,
  );
  const editFlow = useSaveThenReload(
    useCallback(() => setEditing(null), []),
    list.reload,
  );
  const set = (patch: Partial<NameCodeFilterState>) => onFilterChange({ ...filter, ...patch });

  return (
    <ResourceContextProvider value="clients">
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
              {canAdd && <AddButton onClick={() => setAdding(true)} />}
            </>
          }
        />
        <ListCard
          filters={
            <>
              <SearchBox label="Name" value={filter.name} onChange={(name) => set({ name })} width={220} />
              <SearchBox label="Code" value={filter.code} onChange={(code) => set({ code })} width={160} />
            </>
          }
          toolbar={
            <>
              <ColumnsButton storeKey="clients.datatable" />
              <CsvExportButton
                resource="clients"
                filter={serverFilter}
                columns={CLIENT_CSV_COLUMNS}
                fileName={`${CSV_PRODUCT_PREFIX}clients`}
              />
            </>
          }
          loaded={list.rows.length}
          total={list.total}
          footer={<LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
        >
          <DataTable
            storeKey="clients.datatable"
            body={WindowedBody}
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            empty={<EmptyList text="No clients match these searches" />}
          >
            {showActions && (
              <DataTable.Col source="actions" label="Action" disableSort>
                <ClientRowActions onEdit={(client) => setEditing({ kind: 'client', id: client.id })} onExpand={(c) => onExpand(c.id)} />
              </DataTable.Col>
            )}
            <DataTable.Col source="acronymCode" label="Code" />
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col source="address" label="Address" render={(c: ClientRow) => <AddressCell address={c.address} />} />
            <DataTable.Col source="externalId" label="External" />
            <DataTable.Col source="createdDate" label="Created" render={(c: ClientRow) => formatDate(c.createdDate)} />
            <DataTable.Col source="modifiedDate" label="Modified" render={(c: ClientRow) => formatDate(c.modifiedDate)} />
          </DataTable>
        </ListCard>
        {canAdd && <AddClientDialog open={adding} onClose={addFlow.dismiss} onSaved={addFlow.saved} finishing={addFlow.finishing} />}
        <LocationPanel target={editing} onClose={editFlow.dismiss} onSaved={editFlow.saved} finishing={editFlow.finishing} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
