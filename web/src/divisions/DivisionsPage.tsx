import { useCallback } from 'react';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, DIVISIONS, type DivisionRow } from '@portal/contracts';
import { useRecordPanel } from '../common/adminFlow';
import { editDeleteActions, type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../routes';
import { useCan } from '../session/SessionContext';
import { archiveDivision } from './api';
import { divisionCsvColumns } from './csvColumns';
import { DivisionPanel } from './DivisionPanel';

const COLUMNS: ListColumn<DivisionRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'acronymCode', label: 'Code', width: 120, card: 'subtitle' },
  { source: 'description', label: 'Description', width: 320, hidden: true },
];
const TEXTS = { confirm: DIVISIONS.deleteConfirm, done: DIVISIONS.archived, failed: DIVISIONS.deleteError };
const SORT = { field: 'name', order: 'ASC' } as const;
const CSV = { filter: {}, columns: divisionCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}divisions` };

/** Settings > Divisions (administration document 2): 15 a page, edit, delete (archive), Name/Code panel. */
export default function DivisionsPage({ title, crumbs }: ScreenProps) {
  const list = useLoadMoreList<DivisionRow>({
    resource: 'divisions',
    filter: CSV.filter,
    pageSize: ADMIN_PAGE_SIZE.divisions,
    sort: SORT,
    loadError: DIVISIONS.loadError,
  });
  const panel = useRecordPanel<DivisionRow>(list.reload, archiveDivision, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((d: DivisionRow) => editDeleteActions(d, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen
      resource="divisions"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      rowActions={actions}
      csv={CSV}
      empty="No divisions yet"
      onAdd={useCan('divisions.write') ? panel.add : undefined}
    >
      <DivisionPanel
        open={panel.open}
        division={panel.record}
        finishing={panel.flow.finishing}
        onClose={panel.flow.dismiss}
        onSaved={panel.flow.saved}
      />
      {archive.dialog}
    </ListScreen>
  );
}
