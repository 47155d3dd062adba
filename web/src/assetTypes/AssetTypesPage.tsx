import { useMemo, useState } from 'react';
import { ASSET_TYPE_LABELS, ASSET_TYPE_PAGE_SIZE, ASSET_TYPE_TEXT, type AssetTypeRow, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { type AdminListOptions, type ListColumn, ListScreen, SearchBox, useAdminList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { archiveAssetType, restoreAssetType } from './api';
import { AssetTypePanel } from './AssetTypePanel';
import { assetTypeCsvColumns } from './csvColumns';
import { CategoryChip } from './CategoryChip';

const L = ASSET_TYPE_LABELS;
/** The spec's columns: code, name, external, category, description; the rest in the column picker. */
const COLUMNS: ListColumn<AssetTypeRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'acronymCode', label: L.code, width: 80, card: 'field' },
  { source: 'name', label: L.name, width: 200, card: 'title' },
  { source: 'externalId', label: L.external, width: 100, card: 'field' },
  {
    source: 'category',
    label: L.category,
    width: 120,
    card: 'status',
    text: (r) => r.category,
    render: (r) => <CategoryChip category={r.category} />,
  },
  { source: 'description', label: L.description, width: 300, card: 'subtitle' },
  { source: 'attributeFormName', label: L.attributeForm, width: 180, hidden: true },
  { source: 'certificateReference', label: L.certificateReference, width: 160, hidden: true },
];
const ADMIN: AdminListOptions = {
  resource: 'assetTypes',
  pageSize: ASSET_TYPE_PAGE_SIZE,
  loadError: ASSET_TYPE_TEXT.loadError,
  write: 'assetTypes.write',
  remove: archiveAssetType,
  restore: restoreAssetType,
  texts: { confirm: ASSET_TYPE_TEXT.deleteConfirm, done: ASSET_TYPE_TEXT.archived, failed: ASSET_TYPE_TEXT.deleteError },
};

/**
 * Settings > Asset Types (administration document 2, "Asset type administration"): Reload,
 * Add, Load More (50 a page), the name filter (on the server), CSV, edit and delete (archive)
 * on active rows, and the Description / Attributes / Files panel.
 */
export default function AssetTypesPage({ title, crumbs }: ScreenProps) {
  const [name, setName] = useState('');
  const filter = useMemo(() => (name ? { name } : {}), [name]);
  const { panel, screen } = useAdminList<AssetTypeRow>({ ...ADMIN, filter });
  return (
    <ListScreen
      {...screen}
      title={title}
      crumbs={crumbs}
      columns={COLUMNS}
      filters={<SearchBox label={L.filterName} value={name} onChange={setName} width={240} />}
      csv={{ filter, columns: assetTypeCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}asset-types` }}
      empty={name ? ASSET_TYPE_TEXT.noMatch : ASSET_TYPE_TEXT.empty}
    >
      <AssetTypePanel {...panel.props} />
      {panel.archive.dialog}
    </ListScreen>
  );
}
