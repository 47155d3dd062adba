import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useMemo, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { ADMIN_PAGE_SIZE, formatUtcShort, type OfficeRow, OFFICES } from '@portal/contracts';
import { PageHeader } from '../common/PageHeader';
import { AddButton, CsvExportButton, ListCard, LoadMoreButton, ReloadButton, SearchBox, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { useArchiveConfirm, useReloadAfterChange, useSaveThenReload } from '../common/adminFlow';
import { archiveOffice } from './api';
import { officeCsvColumns } from './csvColumns';
import { EditDeleteActions } from '../common/list/EditDeleteActions';
import { INITIAL_FILTER, type OfficeFilterState, toServerFilter } from './filters';
import { OfficeDialog } from './OfficeDialog';

const SORT = { field: 'name', order: 'ASC' } as const;
const ARCHIVE_TEXTS = { confirm: OFFICES.deleteConfirm, done: OFFICES.deleted, failed: OFFICES.deleteError };

/**
 * Admin > LO Office (administration document 2, "LO Office page"): name and code search,
 * Reload, Add Lo Office, CSV export, column picker, edit and delete (archive) on active
 * offices, and the Add/Edit popup.
 */
export default function OfficesPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('offices.write');
  const [filter, setFilter] = useState<OfficeFilterState>(INITIAL_FILTER);
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const list = useLoadMoreList<OfficeRow>({
    resource: 'offices',
    filter: serverFilter,
    pageSize: ADMIN_PAGE_SIZE.offices,
    sort: SORT,
    loadError: OFFICES.loadError,
  });
  const [dialog, setDialog] = useState<{ office: OfficeRow | null } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const changed = useReloadAfterChange(list.reload);
  const flow = useSaveThenReload(close, changed);
  const archive = useArchiveConfirm<OfficeRow>(archiveOffice, ARCHIVE_TEXTS, changed);

  return (
    <ResourceContextProvider value="offices">
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
              {canWrite && <AddButton label={OFFICES.addButton} onClick={() => setDialog({ office: null })} />}
            </>
          }
        />
        <ListCard
          filters={
            <>
              <SearchBox label="Name" value={filter.name} onChange={(name) => setFilter({ ...filter, name })} width={220} />
              <SearchBox label="Code" value={filter.code} onChange={(code) => setFilter({ ...filter, code })} width={160} />
            </>
          }
          toolbar={
            <>
              <ColumnsButton storeKey="offices.datatable" />
              <CsvExportButton resource="offices" filter={serverFilter} columns={officeCsvColumns} fileName="lo_offices" />
            </>
          }
          loaded={list.rows.length}
          total={list.total}
          footer={<LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
        >
          <DataTable
            storeKey="offices.datatable"
            hiddenColumns={['id']}
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            empty={<Empty />}
            rowSx={(office: OfficeRow) => ({ '& td': { color: office.status === 1 ? 'text.primary' : 'text.secondary' } })}
          >
            <DataTable.Col source="actions" label="Action" disableSort>
              <EditDeleteActions<OfficeRow> onEdit={(office) => setDialog({ office })} onDelete={archive.ask} />
            </DataTable.Col>
            <DataTable.Col source="id" label="ID" />
            <DataTable.Col source="acronymCode" label="Code" />
            <DataTable.Col source="name" label="Name" render={(office: OfficeRow) => <OfficeName office={office} />} />
            <DataTable.Col source="address" label="Address" render={(office: OfficeRow) => <Address text={office.address} />} />
            <DataTable.Col source="createdDate" label="Created" render={(office: OfficeRow) => formatUtcShort(office.createdDate)} />
            <DataTable.Col source="modifiedDate" label="Modified" render={(office: OfficeRow) => formatUtcShort(office.modifiedDate)} />
          </DataTable>
        </ListCard>
        <OfficeDialog
          open={dialog !== null}
          office={dialog?.office ?? null}
          finishing={flow.finishing}
          onClose={flow.dismiss}
          onSaved={flow.saved}
        />
        {archive.dialog}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Archived offices stay in the list (without actions); a chip says why. */
function OfficeName({ office }: { office: OfficeRow }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {office.name}
      {office.status !== 1 && <Chip size="small" label="Archived" variant="outlined" sx={{ height: 20, fontSize: 11 }} />}
    </Box>
  );
}

/** The address cut to the column's width; the tooltip shows all of it. */
function Address({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Tooltip title={text} placement="bottom-start">
      <Box
        component="span"
        data-testid="office-address"
        sx={{ display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}

function Empty() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#6b7280' }}>No offices match these filters</div>;
}
