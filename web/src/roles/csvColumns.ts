import type { RoleRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';
import { TYPE_LABEL } from './roleForm';

/** The CSV export of the roles table. */
export const roleCsvColumns: CsvColumn<RoleRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Name', value: (r) => r.name },
  { label: 'Type', value: (r) => TYPE_LABEL[r.type] ?? r.type },
  { label: 'Base Role', value: (r) => r.baseRole },
  { label: 'Customer', value: (r) => r.namespace },
  { label: 'Code', value: (r) => r.acronymCode },
  { label: 'Description', value: (r) => r.description },
];
