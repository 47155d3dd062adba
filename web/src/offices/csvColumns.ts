import { formatUtcShort, type OfficeRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export: the table's columns, dates as the table shows them (UTC). */
export const officeCsvColumns: CsvColumn<OfficeRow>[] = [
  { label: 'ID', value: (o) => o.id },
  { label: 'Code', value: (o) => o.code },
  { label: 'Name', value: (o) => o.name },
  { label: 'Address', value: (o) => o.address },
  { label: 'Phone', value: (o) => o.phone },
  { label: 'External', value: (o) => o.externalId },
  { label: 'Status', value: (o) => (o.status === 1 ? 'Active' : 'Archived') },
  { label: 'Created (UTC)', value: (o) => formatUtcShort(o.createdDate) },
  { label: 'Modified (UTC)', value: (o) => formatUtcShort(o.modifiedDate) },
];
