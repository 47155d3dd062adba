import { useCallback } from 'react';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, ASSET_TYPE_TEXT, type AssetTypeRow } from '@portal/contracts';
import { useRecordPanel } from '../common/adminFlow';
import { editDeleteActions, type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archiveAssetType } from './api';
import { assetTypeCsvColumns } from './csvColumns';
import { AssetTypePanel } from './AssetTypePanel';

const COLUMNS: ListColumn<AssetTypeRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'description', label: 'Description', width: 360, card: 'subtitle' },
];
const LIST = {
  resource: 'assetTypes',
  filter: {},
  pageSize: ADMIN_PAGE_SIZE.divisions,
  sort: { field: 'name', order: 'ASC' } as const,
  loadError: ASSET_TYPE_TEXT.loadError,
};
const SCREEN = {
  resource: 'assetTypes',
  columns: COLUMNS,
  empty: 'No asset types yet',
  csv: { filter: {}, columns: assetTypeCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}asset-types` },
};
const TEXTS = { confirm: ASSET_TYPE_TEXT.deleteConfirm, done: ASSET_TYPE_TEXT.archived, failed: ASSET_TYPE_TEXT.deleteError };

/** Settings > Asset Types. */
export default function AssetTypesPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('assetTypes.write');
  const list = useLoadMoreList<AssetTypeRow>(LIST);
  const panel = useRecordPanel<AssetTypeRow>(list.reload, archiveAssetType, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((r: AssetTypeRow) => editDeleteActions(r, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen {...SCREEN} title={title} crumbs={crumbs} list={list} rowActions={actions} onAdd={canWrite ? panel.add : undefined}>
      <AssetTypePanel {...panel.props} />
      {archive.dialog}
    </ListScreen>
  );
}
