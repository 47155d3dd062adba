import type { DivisionRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export of the divisions table. */
export const divisionCsvColumns: CsvColumn<DivisionRow>[] = [
  { label: 'ID', value: (d) => d.id },
  { label: 'Name', value: (d) => d.name },
  { label: 'Code', value: (d) => d.code },
  { label: 'Description', value: (d) => d.description },
];
