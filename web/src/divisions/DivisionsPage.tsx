import { useCallback } from 'react';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, DIVISIONS, type DivisionRow } from '@portal/contracts';
import { useRecordPanel } from '../common/adminFlow';
import { editDeleteActions, type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
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
const LIST = {
  resource: 'divisions',
  filter: {},
  pageSize: ADMIN_PAGE_SIZE.divisions,
  sort: { field: 'name', order: 'ASC' } as const,
  loadError: DIVISIONS.loadError,
};
const SCREEN = {
  resource: 'divisions',
  columns: COLUMNS,
  empty: 'No divisions yet',
  csv: { filter: {}, columns: divisionCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}divisions` },
};
const TEXTS = { confirm: DIVISIONS.deleteConfirm, done: DIVISIONS.archived, failed: DIVISIONS.deleteError };

/** Settings > Divisions (administration document 2): 15 a page, edit, delete (archive), the Name/Code panel. */
export default function DivisionsPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('divisions.write');
  const list = useLoadMoreList<DivisionRow>(LIST);
  const panel = useRecordPanel<DivisionRow>(list.reload, archiveDivision, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((d: DivisionRow) => editDeleteActions(d, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen {...SCREEN} title={title} crumbs={crumbs} list={list} rowActions={actions} onAdd={canWrite ? panel.add : undefined}>
      <DivisionPanel {...panel.props} />
      {archive.dialog}
    </ListScreen>
  );
}
