import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { USERS, USERS_PAGE_SIZE, type UserRow } from '@portal/contracts';
import { PageHeader } from '../common/PageHeader';
import { AddButton, CsvExportButton, ListCard, LoadMoreButton, ReloadButton, useLoadMoreList, WindowedBody } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan, useSession } from '../session/SessionContext';
import './api';
import { userCsvColumns } from './csvColumns';
import { INITIAL_FILTER, toggled, toServerFilter, type UserFilterState } from './filters';
import { StatusChip } from './StatusChip';
import { UserFilters } from './UserFilters';
import { UserPanel } from './UserPanel';
import { UserRowActions } from './UserRowActions';
import { useUserStatusAction } from './useUserStatusAction';

const SORT = { field: 'name', order: 'ASC' } as const;

/**
 * Resources > Users (shell document 2 "Users dashboard"): filters, Reload, Load More (100 a
 * page), Add, Show Active / Show Inactive, column picker, CSV export of all matching users,
 * row actions behind confirms, and the add/edit side panel.
 */
export default function UsersPage({ title, crumbs }: ScreenProps) {
  const { role } = useSession();
  const clientAdmin = role === 'CLIENT-ADMIN';
  const canWrite = useCan('users.write');
  const [filter, setFilter] = useState<UserFilterState>(INITIAL_FILTER);
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const list = useLoadMoreList<UserRow>({
    resource: 'users',
    filter: serverFilter,
    pageSize: USERS_PAGE_SIZE,
    sort: SORT,
    loadError: USERS.loadError,
  });
  const [panel, setPanel] = useState<{ user: UserRow | null } | null>(null);
  const statusAction = useUserStatusAction(list.reload);
  const csvColumns = useMemo(() => userCsvColumns(clientAdmin), [clientAdmin]);
  const edit = useCallback((user: UserRow) => setPanel({ user }), []);
  // The table's elements stay the same objects while the list sorts or grows, so React
  // re-renders only the rows that change (2,000 loaded rows sort without lag).
  const table = useMemo(
    () => (
      <DataTable
        storeKey="users.datatable"
        body={WindowedBody}
        hiddenColumns={['id', 'description']}
        bulkActionButtons={false}
        rowClick={false}
        size="small"
        empty={<EmptyUsers />}
      >
        <DataTable.Col source="actions" label="Action" disableSort>
          <UserRowActions onEdit={edit} onAction={statusAction.ask} />
        </DataTable.Col>
        <DataTable.Col source="id" label="ID" />
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col source="designation" label="Role" />
        <DataTable.Col source="status" label="Status" render={(user: UserRow) => <StatusChip status={user.status} />} />
        {!clientAdmin && <DataTable.Col source="type" label="Type" render={(user: UserRow) => (user.type === 1 ? 'CLIENT' : 'LO')} />}
        {!clientAdmin && <DataTable.Col source="externalId" label="External" />}
        {!clientAdmin && <DataTable.Col source="location" label="Location" />}
        {!clientAdmin && <DataTable.Col source="division" label="Division" />}
        {!clientAdmin && <DataTable.Col source="phone" label="Mobile" />}
        {!clientAdmin && <DataTable.Col source="company" label="Company" />}
        {!clientAdmin && <DataTable.Col source="description" label="Description" />}
      </DataTable>
    ),
    [clientAdmin, edit, statusAction.ask],
  );

  return (
    <ResourceContextProvider value="users">
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
              {canWrite && <AddButton onClick={() => setPanel({ user: null })} />}
            </>
          }
        />
        <ListCard
          filters={<UserFilters value={filter} onChange={setFilter} clientAdmin={clientAdmin} />}
          toolbar={
            <>
              <Button variant="text" onClick={() => setFilter(toggled(filter))} data-testid="toggle-active">
                {filter.active ? 'Show Inactive' : 'Show Active'}
              </Button>
              <ColumnsButton storeKey="users.datatable" />
              <CsvExportButton resource="users" filter={serverFilter} columns={csvColumns} fileName="users" />
            </>
          }
          loaded={list.rows.length}
          total={list.total}
          footer={<LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
        >
          {table}
        </ListCard>
        <UserPanel
          open={panel !== null}
          user={panel?.user ?? null}
          onClose={() => setPanel(null)}
          onSaved={() => {
            setPanel(null);
            list.reload();
          }}
          onSignatureChange={(id, signature) => list.updateRow(id, { signature })}
        />
        {statusAction.dialog}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function EmptyUsers() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#6b7280' }}>No users match these filters</div>;
}
