import Chip from '@mui/material/Chip';
import { useCallback, useMemo, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, Pagination, ResourceContextProvider, useList } from 'react-admin';
import { ADMIN_PAGE_SIZE, ROLE_TYPE, ROLES_TEXT, type RoleRow, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { PageHeader } from '../common/PageHeader';
import { AddButton, CsvExportButton, ListCard, ReloadButton, SearchBox, useLoadMoreList } from '../common/list';
import { useArchiveConfirm, useReloadAfterChange, useSaveThenReload } from '../common/adminFlow';
import { EditDeleteActions } from '../common/list/EditDeleteActions';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archiveRole, byCustomer } from './api';
import { roleCsvColumns } from './csvColumns';
import { RolePanel } from './RolePanel';
import { TYPE_LABEL } from './roleForm';

/** The spec: "sorted by status ascending" (all shown rows are active; the server orders by name within). */
const SORT = { field: 'status', order: 'ASC' } as const;
/**
 * The screen has no Load More: every active role is loaded in one request, and the table shows
 * them 15 to a page (administration document 9, "Roles and divisions: 15").
 */
const ONE_PAGE = 100_000;
const ARCHIVE_TEXTS = { confirm: ROLES_TEXT.deleteConfirm, done: ROLES_TEXT.archived, failed: ROLES_TEXT.deleteError };

/**
 * Admin > Roles (administration document 2, "Role dashboard"): Reload, role name search (on
 * the server), customer filter (on the loaded rows), active roles sorted by status, edit and
 * delete (archive), and the side panel with Details and, for CONFIG_ADMIN, Licences.
 */
export default function RolesPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('roles.write');
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState('');
  const serverFilter = useMemo(() => ({ name: name || undefined }), [name]);
  const list = useLoadMoreList<RoleRow>({
    resource: 'roles',
    filter: serverFilter,
    pageSize: ONE_PAGE,
    sort: SORT,
    loadError: ROLES_TEXT.loadError,
  });
  // The customer filter works on the loaded rows, without asking the server again.
  const shown = useMemo(() => byCustomer(list.rows, customer), [list.rows, customer]);
  const listContext = useList<RoleRow>({
    data: shown,
    sort: SORT,
    perPage: ADMIN_PAGE_SIZE.roles,
    isPending: list.listContext.isPending,
    isFetching: list.listContext.isFetching,
    isLoading: list.listContext.isLoading,
    error: list.listContext.error,
    resource: 'roles',
  });

  const [panel, setPanel] = useState<{ role: RoleRow | null } | null>(null);
  const close = useCallback(() => setPanel(null), []);
  const changed = useReloadAfterChange(list.reload);
  const flow = useSaveThenReload(close, changed);
  const archive = useArchiveConfirm<RoleRow>(archiveRole, ARCHIVE_TEXTS, changed);

  return (
    <ResourceContextProvider value="roles">
      <ListContextProvider value={listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading} />
              {canWrite && <AddButton onClick={() => setPanel({ role: null })} />}
            </>
          }
        />
        <ListCard
          filters={
            <>
              <SearchBox label="Role Name" value={name} onChange={setName} width={220} />
              <SearchBox label="Customer" value={customer} onChange={setCustomer} width={220} delay={150} />
            </>
          }
          toolbar={
            <>
              <ColumnsButton storeKey="roles.datatable" />
              <CsvExportButton
                resource="roles"
                filter={{ ...serverFilter, customer }}
                columns={roleCsvColumns}
                fileName={`${CSV_PRODUCT_PREFIX}roles`}
              />
            </>
          }
          loaded={shown.length}
          total={list.listContext.isPending ? undefined : shown.length}
          footer={shown.length > ADMIN_PAGE_SIZE.roles ? <Pagination rowsPerPageOptions={[]} /> : undefined}
        >
          <DataTable
            storeKey="roles.datatable"
            hiddenColumns={['id', 'baseRole', 'description']}
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            empty={<Empty />}
          >
            <DataTable.Col source="actions" label="Action" disableSort>
              <EditDeleteActions<RoleRow> onEdit={(role) => setPanel({ role })} onDelete={archive.ask} />
            </DataTable.Col>
            <DataTable.Col source="id" label="ID" />
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col source="type" label="Type" render={(role: RoleRow) => <TypeChip type={role.type} />} />
            <DataTable.Col source="namespace" label="Customer" />
            <DataTable.Col source="acronymCode" label="Code" />
            <DataTable.Col source="baseRole" label="Base Role" />
            <DataTable.Col source="description" label="Description" />
          </DataTable>
        </ListCard>
        <RolePanel
          open={panel !== null}
          role={panel?.role ?? null}
          finishing={flow.finishing}
          onClose={flow.dismiss}
          onSaved={flow.saved}
          onChanged={changed}
        />
        {archive.dialog}
      </ListContextProvider>
    </ResourceContextProvider>
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

function Empty() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#6b7280' }}>No roles match these filters</div>;
}
