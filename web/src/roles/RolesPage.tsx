import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { Pagination, useList } from 'react-admin';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, ROLE_TYPE, ROLES_TEXT, type RoleRow } from '@portal/contracts';
import { type AdminListOptions, type ListColumn, ListScreen, SearchBox, useAdminList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { archiveRole, byCustomer, restoreRole } from './api';
import { roleCsvColumns } from './csvColumns';
import { RolePanel } from './RolePanel';
import { TYPE_LABEL } from './roleForm';

const COLUMNS: ListColumn<RoleRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 200, card: 'title' },
  { source: 'type', label: 'Type', width: 90, card: 'status', text: (r) => TYPE_LABEL[r.type], render: (r) => <TypeChip type={r.type} /> },
  { source: 'namespace', label: 'Customer', width: 180, card: 'subtitle' },
  { source: 'acronymCode', label: 'Code', width: 100, card: 'field' },
  { source: 'baseRole', label: 'Base Role', width: 140, hidden: true },
  { source: 'description', label: 'Description', width: 260, hidden: true },
];
const ADMIN: AdminListOptions = {
  resource: 'roles',
  /**
   * The screen has no Load More: every active role is loaded in one request, and the table
   * shows them 15 to a page (administration document 9, "Roles and divisions: 15").
   */
  pageSize: 100_000,
  /** The spec: "sorted by status ascending" (all shown rows are active; the server orders by name within). */
  sort: { field: 'status', order: 'ASC' },
  loadError: ROLES_TEXT.loadError,
  write: 'roles.write',
  remove: archiveRole,
  restore: restoreRole,
  texts: { confirm: ROLES_TEXT.deleteConfirm, done: ROLES_TEXT.archived, failed: ROLES_TEXT.deleteError },
};

/**
 * Admin > Roles (administration document 2, "Role dashboard"): Reload, role name search (on
 * the server), customer filter (on the loaded rows), active roles sorted by status, edit and
 * delete (archive), and the side panel with Details and, for CONFIG_ADMIN, Licences.
 */
export default function RolesPage({ title, crumbs }: ScreenProps) {
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const filter = useMemo(() => ({ name: name || undefined }), [name]);
  const { list, panel, screen } = useAdminList<RoleRow>({ ...ADMIN, filter });
  // The customer filter works on the loaded rows, without asking the server again.
  const shown = useMemo(() => byCustomer(list.rows, customer), [list.rows, customer]);
  const listContext = useList<RoleRow>({
    data: shown,
    sort: ADMIN.sort,
    perPage: ADMIN_PAGE_SIZE.roles,
    isPending: list.listContext.isPending,
    isFetching: list.listContext.isFetching,
    isLoading: list.listContext.isLoading,
    error: list.listContext.error,
    resource: 'roles',
  });
  const data = useMemo(
    () => ({ ...list, listContext, rows: shown, total: list.listContext.isPending ? undefined : shown.length, hasMore: false }),
    [list, listContext, shown],
  );

  return (
    <ListScreen
      {...screen}
      list={data}
      title={title}
      crumbs={crumbs}
      columns={COLUMNS}
      csv={{ filter: { ...filter, customer }, columns: roleCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}roles` }}
      empty="No roles match these filters"
      footer={shown.length > ADMIN_PAGE_SIZE.roles ? <Pagination rowsPerPageOptions={[]} /> : <span />}
      filters={
        <>
          <SearchBox label="Role Name" value={name} onChange={setName} width={220} />
          <SearchBox label="Customer" value={customer} onChange={setCustomer} width={220} delay={150} />
        </>
      }
    >
      <RolePanel {...panel.props} onChanged={panel.changed} />
      {panel.archive.dialog}
    </ListScreen>
  );
}

function TypeChip({ type }: { type: number }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === ROLE_TYPE.LO ? 'primary' : 'secondary'}
      label={TYPE_LABEL[type] ?? type}
      sx={{ height: 22, minWidth: 52 }}
    />
  );
}
