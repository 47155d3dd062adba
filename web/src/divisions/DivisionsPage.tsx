import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, DIVISIONS, type DivisionRow } from '@portal/contracts';
import { type AdminListOptions, type ListColumn, ListScreen, useAdminList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { archiveDivision, restoreDivision } from './api';
import { divisionCsvColumns } from './csvColumns';
import { DivisionPanel } from './DivisionPanel';

const COLUMNS: ListColumn<DivisionRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'code', label: 'Code', width: 120, card: 'subtitle' },
  { source: 'description', label: 'Description', width: 320, hidden: true },
];
const ADMIN: AdminListOptions = {
  resource: 'divisions',
  pageSize: ADMIN_PAGE_SIZE.divisions,
  loadError: DIVISIONS.loadError,
  write: 'divisions.write',
  remove: archiveDivision,
  restore: restoreDivision,
  texts: { confirm: DIVISIONS.deleteConfirm, done: DIVISIONS.archived, failed: DIVISIONS.deleteError },
};
const CSV = { filter: {}, columns: divisionCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}divisions` };

/** Settings > Divisions (administration document 2): 15 a page, edit, delete (archive), the Name/Code panel. */
export default function DivisionsPage({ title, crumbs }: ScreenProps) {
  const { panel, screen } = useAdminList<DivisionRow>(ADMIN);
  return (
    <ListScreen {...screen} title={title} crumbs={crumbs} columns={COLUMNS} empty="No divisions yet" csv={CSV}>
      <DivisionPanel {...panel.props} />
      {panel.archive.dialog}
    </ListScreen>
  );
}
