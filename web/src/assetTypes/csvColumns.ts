import type { AssetTypeRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export of the Asset Types table. */
export const assetTypeCsvColumns: CsvColumn<AssetTypeRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Name', value: (r) => r.name },
  { label: 'Description', value: (r) => r.description },
];
