import { useCallback, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { ADMIN_PAGE_SIZE, DIVISIONS, type DivisionRow, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { PageHeader } from '../common/PageHeader';
import { AddButton, CsvExportButton, ListCard, LoadMoreButton, ReloadButton, useLoadMoreList } from '../common/list';
import { useArchiveConfirm, useReloadAfterChange, useSaveThenReload } from '../common/adminFlow';
import { EditDeleteActions } from '../common/list/EditDeleteActions';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archiveDivision } from './api';
import { divisionCsvColumns } from './csvColumns';
import { DivisionPanel } from './DivisionPanel';

const SORT = { field: 'name', order: 'ASC' } as const;
const NO_FILTER = {};
const ARCHIVE_TEXTS = { confirm: DIVISIONS.deleteConfirm, done: DIVISIONS.archived, failed: DIVISIONS.deleteError };

/**
 * Settings > Divisions (administration document 2, "Division screen"): Reload, Add, Load More
 * (15 a page), edit and delete (archive) icons, and the Name/Code side panel. Archived
 * divisions leave the list.
 */
export default function DivisionsPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('divisions.write');
  const list = useLoadMoreList<DivisionRow>({
    resource: 'divisions',
    filter: NO_FILTER,
    pageSize: ADMIN_PAGE_SIZE.divisions,
    sort: SORT,
    loadError: DIVISIONS.loadError,
  });
  const [panel, setPanel] = useState<{ division: DivisionRow | null } | null>(null);
  const close = useCallback(() => setPanel(null), []);
  const changed = useReloadAfterChange(list.reload);
  const flow = useSaveThenReload(close, changed);
  const archive = useArchiveConfirm<DivisionRow>(archiveDivision, ARCHIVE_TEXTS, changed);

  return (
    <ResourceContextProvider value="divisions">
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
              {canWrite && <AddButton onClick={() => setPanel({ division: null })} />}
            </>
          }
        />
        <ListCard
          toolbar={
            <>
              <ColumnsButton storeKey="divisions.datatable" />
              <CsvExportButton
                resource="divisions"
                filter={NO_FILTER}
                columns={divisionCsvColumns}
                fileName={`${CSV_PRODUCT_PREFIX}divisions`}
              />
            </>
          }
          loaded={list.rows.length}
          total={list.total}
          footer={<LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
        >
          <DataTable
            storeKey="divisions.datatable"
            hiddenColumns={['id', 'description']}
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            empty={<Empty />}
          >
            <DataTable.Col source="actions" label="Action" disableSort>
              <EditDeleteActions<DivisionRow> onEdit={(division) => setPanel({ division })} onDelete={archive.ask} />
            </DataTable.Col>
            <DataTable.Col source="id" label="ID" />
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col source="acronymCode" label="Code" />
            <DataTable.Col source="description" label="Description" />
          </DataTable>
        </ListCard>
        <DivisionPanel
          open={panel !== null}
          division={panel?.division ?? null}
          finishing={flow.finishing}
          onClose={flow.dismiss}
          onSaved={flow.saved}
        />
        {archive.dialog}
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function Empty() {
  return <div style={{ padding: 32, textAlign: 'center', color: '#6b7280' }}>No divisions yet</div>;
}
