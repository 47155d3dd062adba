import { type ClientRow, formatDate, type SiteRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The Clients CSV: the table's columns, plus the LO offices and phone an export is often wanted for. */
export const CLIENT_CSV_COLUMNS: CsvColumn<ClientRow>[] = [
  { label: 'Code', value: (c) => c.acronymCode },
  { label: 'Name', value: (c) => c.name },
  { label: 'Address', value: (c) => c.address },
  { label: 'Phone', value: (c) => c.phone },
  { label: 'LO Offices', value: (c) => c.officeNames },
  { label: 'External', value: (c) => c.externalId },
  { label: 'Created', value: (c) => formatDate(c.createdDate) },
  { label: 'Modified', value: (c) => formatDate(c.modifiedDate) },
];

/** The Locations CSV of one client: the table's columns and the client they belong to. */
export const LOCATION_CSV_COLUMNS: CsvColumn<SiteRow>[] = [
  { label: 'Client', value: (s) => s.companyName },
  { label: 'Code', value: (s) => s.acronymCode },
  { label: 'Name', value: (s) => s.name },
  { label: 'Address', value: (s) => s.address },
  { label: 'Phone', value: (s) => s.phone },
  { label: 'External', value: (s) => s.externalId },
];
