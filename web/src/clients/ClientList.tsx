import { useCallback, useMemo, useState } from 'react';
import { CLIENTS_PAGE_SIZE, type ClientRow, CSV_PRODUCT_PREFIX, formatDate, LOCATIONS } from '@portal/contracts';
import { useSaveThenReload } from '../common/adminFlow';
import { type ListColumn, ListScreen, SearchBox, useLoadMoreList } from '../common/list';
import type { Crumb } from '../common/PageHeader';
import { useCan } from '../session/SessionContext';
import { AddClientDialog } from './AddClientDialog';
import { clientRowActions } from './ClientRowActions';
import { CLIENT_CSV_COLUMNS } from './csvColumns';
import { type NameCodeFilterState, toServerFilter } from './filters';
import { LocationPanel, type PanelTarget } from './LocationPanel';

const SORT = { field: 'name', order: 'ASC' } as const;

const COLUMNS: ListColumn<ClientRow>[] = [
  { source: 'acronymCode', label: 'Code', width: 100, card: 'subtitle' },
  { source: 'name', label: 'Name', width: 220, card: 'title' },
  { source: 'address', label: 'Address', width: 340, card: 'field' },
  { source: 'externalId', label: 'External', width: 110 },
  { source: 'createdDate', label: 'Created', width: 110, text: (c) => formatDate(c.createdDate) },
  { source: 'modifiedDate', label: 'Modified', width: 110, card: 'field', text: (c) => formatDate(c.modifiedDate) },
];

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
  const actions = useCallback(
    (client: ClientRow) =>
      clientRowActions(
        client,
        (c) => setEditing({ kind: 'client', id: c.id }),
        (c) => onExpand(c.id),
      ),
    [onExpand],
  );
  const set = (patch: Partial<NameCodeFilterState>) => onFilterChange({ ...filter, ...patch });

  return (
    <ListScreen
      resource="clients"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      rowActions={showActions ? actions : undefined}
      windowed
      onAdd={canAdd ? () => setAdding(true) : undefined}
      csv={{ filter: serverFilter, columns: CLIENT_CSV_COLUMNS, fileName: `${CSV_PRODUCT_PREFIX}clients` }}
      empty="No clients match these searches"
      filters={
        <>
          <SearchBox label="Name" value={filter.name} onChange={(name) => set({ name })} width={220} />
          <SearchBox label="Code" value={filter.code} onChange={(code) => set({ code })} width={160} />
        </>
      }
    >
      {canAdd && <AddClientDialog open={adding} onClose={addFlow.dismiss} onSaved={addFlow.saved} finishing={addFlow.finishing} />}
      <LocationPanel target={editing} onClose={editFlow.dismiss} onSaved={editFlow.saved} finishing={editFlow.finishing} />
    </ListScreen>
  );
}
