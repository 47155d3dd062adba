import TablePagination from '@mui/material/TablePagination';
import { useCallback, useState } from 'react';
import {
  CSV_PRODUCT_PREFIX,
  currentStateLabel,
  REGISTRATION,
  REGISTRATION_PAGE_SIZE,
  type RegistrationRow,
  sourceTypeLabel,
} from '@portal/contracts';
import { useRecordPanel } from '../common/adminFlow';
import { CellChip, type CsvColumn, editDeleteActions, type ListColumn, ListScreen, type RowActionSpec, SearchBox } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { deactivateCustomer } from './api';
import { RegistrationPanel } from './RegistrationPanel';
import { useRegistrations } from './useRegistrations';
import './api';

const COLUMNS: ListColumn<RegistrationRow>[] = [
  { source: 'id', label: 'Customer ID', width: 90, hidden: true },
  { source: 'name', label: 'Customer Name', width: 170, card: 'title' },
  { source: 'companyname', label: 'Company Name', width: 210, card: 'subtitle' },
  { source: 'email', label: 'Email', width: 200, card: 'field' },
  { source: 'mobilenumber', label: 'Mobile Number', width: 140, card: 'field' },
  { source: 'namespace', label: 'NameSpace', width: 120, card: 'field' },
  {
    source: 'currentstate',
    label: 'Status',
    width: 100,
    card: 'status',
    text: (r) => currentStateLabel(r.currentstate),
    render: (r) => <CellChip label={currentStateLabel(r.currentstate)} color={r.currentstate === 1 ? 'success' : 'default'} />,
  },
  { source: 'sourcetype', label: 'Source Type', width: 120, card: 'field', text: (r) => sourceTypeLabel(r.sourcetype) },
];

/** Every column's text filter (Customer ID is hidden, so its filter is too). */
const FILTERS: { key: keyof typeof EMPTY; label: string; width: number }[] = [
  { key: 'name', label: 'Customer Name', width: 160 },
  { key: 'companyname', label: 'Company Name', width: 160 },
  { key: 'email', label: 'Email', width: 160 },
  { key: 'mobilenumber', label: 'Mobile Number', width: 150 },
  { key: 'namespace', label: 'NameSpace', width: 140 },
  { key: 'currentstate', label: 'Status', width: 120 },
  { key: 'sourcetype', label: 'Source Type', width: 140 },
];
const EMPTY = { name: '', companyname: '', email: '', mobilenumber: '', namespace: '', currentstate: '', sourcetype: '' };

const CSV_COLUMNS: CsvColumn<RegistrationRow>[] = [
  { label: 'Customer ID', value: (r) => r.id },
  { label: 'Customer Name', value: (r) => r.name },
  { label: 'Company Name', value: (r) => r.companyname },
  { label: 'Email', value: (r) => r.email },
  { label: 'Mobile Number', value: (r) => r.mobilenumber },
  { label: 'NameSpace', value: (r) => r.namespace },
  { label: 'Status', value: (r) => currentStateLabel(r.currentstate) },
  { label: 'Source Type', value: (r) => sourceTypeLabel(r.sourcetype) },
  { label: 'Designation', value: (r) => r.userdesignation },
  { label: 'Company Address', value: (r) => r.companyaddress },
  { label: 'Company Website', value: (r) => r.companywebsite },
  { label: 'Project Name', value: (r) => r.projectname },
  { label: 'Project Address', value: (r) => r.projectaddress },
  { label: 'Project Website', value: (r) => r.projectwebsite },
  { label: REGISTRATION.projectOfficeCode, value: (r) => r.projectreraregistration },
  { label: 'Current Project Phase', value: (r) => r.currentprojectphase },
];

const TEXTS = { confirm: REGISTRATION.deleteConfirm, done: REGISTRATION.deleted, failed: REGISTRATION.uploadError };

/** The server's filter: only the columns with text. */
const serverFilter = (values: typeof EMPTY) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as Record<string, string>;

/**
 * Admin > Customer Registration (administration document: "Customer registration"; DECISIONS
 * 10): the operator's remote paged table of provider namespaces, ten a page (no page-size
 * choice), each column filtered and sorted by the server; Add, Edit and Delete (deactivate)
 * with the spec's alerts; Export to CSV of every matching row.
 */
export default function RegistrationPage({ title, crumbs }: ScreenProps) {
  const [values, setValues] = useState(EMPTY);
  const [filter, setFilter] = useState<Record<string, string>>({});
  const { list, page, total, setPage } = useRegistrations(filter);
  const panel = useRecordPanel<RegistrationRow>(list.reload, deactivateCustomer, TEXTS);
  const { edit, archive } = panel;
  const rowActions = useCallback(
    (record: RegistrationRow): RowActionSpec[] => editDeleteActions(record, edit, archive.ask),
    [edit, archive.ask],
  );
  const change = (key: keyof typeof EMPTY, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    setFilter(serverFilter(next));
  };
  const filters = FILTERS.map((f) => (
    <SearchBox key={f.key} label={f.label} value={values[f.key]} width={f.width} onChange={(v) => change(f.key, v)} />
  ));
  const footer = (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / REGISTRATION_PAGE_SIZE) - 1))}
      rowsPerPage={REGISTRATION_PAGE_SIZE}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => setPage(next)}
      data-testid="registration-pager"
      sx={{ border: 0, '.MuiTablePagination-toolbar': { minHeight: 40, pl: 0 } }}
    />
  );
  return (
    <ListScreen
      resource="customerRegistration"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      rowActions={rowActions}
      filters={filters}
      onAdd={panel.add}
      csv={{ filter, columns: CSV_COLUMNS, fileName: `${CSV_PRODUCT_PREFIX}customers` }}
      empty="No customers match"
      countText={REGISTRATION.found(total)}
      footer={footer}
      rowTestId="registration-row"
    >
      <RegistrationPanel {...panel.props} />
      {archive.dialog}
    </ListScreen>
  );
}
