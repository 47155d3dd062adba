import type { TaskTypeRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export of the Task Types table. */
export const taskTypeCsvColumns: CsvColumn<TaskTypeRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Name', value: (r) => r.name },
  { label: 'Description', value: (r) => r.description },
];
