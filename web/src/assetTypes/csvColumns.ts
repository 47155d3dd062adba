import type { AssetTypeRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export of the asset types table: the table's columns, then the rest of the type. */
export const assetTypeCsvColumns: CsvColumn<AssetTypeRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Code', value: (r) => r.acronymCode },
  { label: 'Name', value: (r) => r.name },
  { label: 'External', value: (r) => r.externalId },
  { label: 'Category', value: (r) => r.category },
  { label: 'Description', value: (r) => r.description },
  { label: 'Attribute Form', value: (r) => r.attributeFormName },
  { label: 'Certificate Reference', value: (r) => r.certificateReference },
];
