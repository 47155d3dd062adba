import Link from '@mui/material/Link';
import { ASSET_PAGE, type AssetDashboardRow, RESULT_NAMES } from '@portal/contracts';
import type { ListColumn, ListGrouping } from '../common/list';
import { ItemStatusChip } from './ItemStatusChip';

const dateText = (value: string | null) => (value ? value.slice(0, 10) : '');

/** The dashboard's columns (tasks document 2.5); the name opens the asset's panel. */
export function assetColumns(open: (id: number) => void): ListColumn<AssetDashboardRow>[] {
  return [
    {
      source: 'name',
      label: ASSET_PAGE.name,
      width: 180,
      pinned: true,
      card: 'title',
      text: (row) => row.name,
      render: (row) => (
        <Link component="button" type="button" onClick={() => open(row.id)} sx={{ textAlign: 'left' }} data-testid="asset-name">
          {row.name}
        </Link>
      ),
    },
    { source: 'acronymCode', label: ASSET_PAGE.acronymCode, width: 100 },
    { source: 'assetType', label: ASSET_PAGE.assetType, width: 130, card: 'subtitle' },
    { source: 'specifications', label: ASSET_PAGE.specifications, width: 200 },
    {
      source: 'result',
      label: ASSET_PAGE.result,
      width: 80,
      card: 'field',
      text: (row) => (row.result ? RESULT_NAMES[row.result] : ''),
      render: (row) => <span data-testid="asset-result">{row.result ? RESULT_NAMES[row.result] : ''}</span>,
    },
    { source: 'certificateNumber', label: ASSET_PAGE.certificateNumber, width: 130, card: 'field' },
    {
      source: 'certificateFile',
      label: ASSET_PAGE.certificateFile,
      width: 80,
      sortable: false,
      render: (row) =>
        row.certificateFile && (
          <Link
            href={`/api/filedownload?id=${encodeURIComponent(row.certificateFile.blobKey)}&observationId=${row.certificateFile.observationId}`}
            target="_blank"
            rel="noopener"
          >
            {ASSET_PAGE.view}
          </Link>
        ),
    },
    {
      source: 'actualInspectionDate',
      label: ASSET_PAGE.inspDate,
      width: 100,
      card: 'field',
      text: (row) => dateText(row.actualInspectionDate),
    },
    { source: 'dueDate', label: ASSET_PAGE.dueDate, width: 100, card: 'field', text: (row) => dateText(row.dueDate) },
    { source: 'endUserName', label: ASSET_PAGE.endUserName, width: 120 },
    { source: 'endUserAddress', label: ASSET_PAGE.endUserAddress, width: 150 },
    {
      source: 'itemStatus',
      label: ASSET_PAGE.itemStatus,
      width: 100,
      card: 'status',
      text: (row) => row.itemStatus ?? '',
      render: (row) => <ItemStatusChip status={row.itemStatus} />,
    },
  ];
}

/** Grouped by asset type (ours, docs/decisions.md), each group by name as the server sends it. */
export const BY_ASSET_TYPE: ListGrouping<AssetDashboardRow> = { of: (row) => row.assetType, testId: 'asset-group' };
