import { USER_STATUS_LABEL, type UserRow, type UserStatus } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export: the table's columns (CLIENT-ADMIN gets only the ones it sees). */
export function userCsvColumns(clientAdmin: boolean): CsvColumn<UserRow>[] {
  const columns: CsvColumn<UserRow>[] = [
    { label: 'ID', value: (u) => u.id },
    { label: 'Name', value: (u) => u.name },
    { label: 'Email', value: (u) => u.email },
    { label: 'Role', value: (u) => u.designation },
    { label: 'Status', value: (u) => USER_STATUS_LABEL[u.status as UserStatus] ?? u.status },
  ];
  if (clientAdmin) return columns;
  return [
    ...columns,
    { label: 'Type', value: (u) => (u.type === 1 ? 'CLIENT' : 'LO') },
    { label: 'External', value: (u) => u.externalId },
    { label: 'Location', value: (u) => u.location },
    { label: 'Division', value: (u) => u.division },
    { label: 'Mobile', value: (u) => u.phone },
    { label: 'Company', value: (u) => u.company },
    { label: 'Description', value: (u) => u.description },
  ];
}
