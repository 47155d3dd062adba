import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { can, USERS, USERS_PAGE_SIZE, type UserRow } from '@portal/contracts';
import { type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan, useSession } from '../session/SessionContext';
import './api';
import { userCsvColumns } from './csvColumns';
import { INITIAL_FILTER, toggled, toServerFilter, type UserFilterState } from './filters';
import { StatusChip, statusLabel } from './StatusChip';
import { UserFilters } from './UserFilters';
import { UserPanel } from './UserPanel';
import { userRowActions } from './UserRowActions';
import { useUserStatusAction } from './useUserStatusAction';

const SORT = { field: 'name', order: 'ASC' } as const;

/** Shell document 2: Name, Email, Role, Status, then for all but CLIENT-ADMIN the LO columns; ID and Description hidden. */
function userColumns(clientAdmin: boolean): ListColumn<UserRow>[] {
  const columns: ListColumn<UserRow>[] = [
    { source: 'id', label: 'ID', width: 70, hidden: true },
    { source: 'name', label: 'Name', width: 134, card: 'title' },
    { source: 'email', label: 'Email', width: 170, card: 'subtitle' },
    { source: 'designation', label: 'Role', width: 105, card: 'field' },
    { source: 'status', label: 'Status', width: 96, card: 'status', text: statusLabel, render: (u) => <StatusChip status={u.status} /> },
  ];
  if (clientAdmin) return columns;
  return [
    ...columns,
    { source: 'type', label: 'Type', width: 66, text: (u) => (u.type === 1 ? 'CLIENT' : 'LO') },
    { source: 'externalId', label: 'External', width: 76 },
    { source: 'location', label: 'Location', width: 104, card: 'field' },
    { source: 'division', label: 'Division', width: 90 },
    { source: 'phone', label: 'Mobile', width: 104 },
    { source: 'company', label: 'Company', width: 110, card: 'field' },
    { source: 'description', label: 'Description', width: 200, hidden: true },
  ];
}

/**
 * Resources > Users (shell document 2 "Users dashboard"): filters, Reload, Load More (100 a
 * page), Add, Show Active / Show Inactive, column picker, CSV export of all matching users,
 * row actions behind confirms, and the add/edit side panel.
 */
export default function UsersPage({ title, crumbs }: ScreenProps) {
  const { role } = useSession();
  // CLIENT-ADMIN: no LO users, Description, External Id or Signature (shell document 6).
  const clientAdmin = !can(role, 'users.officeFields');
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
  const columns = useMemo(() => userColumns(clientAdmin), [clientAdmin]);
  const csvColumns = useMemo(() => userCsvColumns(clientAdmin), [clientAdmin]);
  const edit = useCallback((user: UserRow) => setPanel({ user }), []);
  const actions = useCallback((user: UserRow) => userRowActions(user, edit, statusAction.ask), [edit, statusAction.ask]);

  return (
    <ListScreen
      resource="users"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={columns}
      rowActions={actions}
      windowed
      onAdd={canWrite ? () => setPanel({ user: null }) : undefined}
      csv={{ filter: serverFilter, columns: csvColumns, fileName: 'users' }}
      empty="No users match these filters"
      filters={<UserFilters value={filter} onChange={setFilter} clientAdmin={clientAdmin} />}
      toggles={
        <Button variant="text" onClick={() => setFilter(toggled(filter))} data-testid="toggle-active">
          {filter.active ? 'Show Inactive' : 'Show Active'}
        </Button>
      }
    >
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
    </ListScreen>
  );
}
