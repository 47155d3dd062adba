import Link from '@mui/material/Link';
import { formatDate, formatTimestamp, type TaskRow } from '@portal/contracts';
import type { CsvColumn, ListColumn } from '../common/list';
import { documentUrl } from './api';

import { observationTypeLabel, taskStatusLabel } from './filters';
import { TaskStatusIcon } from './TaskStatusIcon';

/** The certificate column: the number, a link to the PDF when there is one. */
function CertificateCell({ row }: { row: TaskRow }) {
  const label = row.certificateNumber ?? row.certificateFile?.fileName ?? '';
  if (!row.certificateFile) return <>{label}</>;
  return (
    <Link
      href={documentUrl(row.certificateFile.blobKey, row.id)}
      target="_blank"
      rel="noopener"
      underline="hover"
      data-testid="certificate-link"
    >
      {label || 'Certificate'}
    </Link>
  );
}

/**
 * The seventeen columns of the task dashboard (tasks document 2.1; action comes from the row
 * actions). Widths fit the card at 1440 wide; the less used ones (Modified Date, by which the list
 * is sorted, among them) wait in the column picker.
 */
export const TASK_COLUMNS: ListColumn<TaskRow>[] = [
  { source: 'id', label: 'ID', width: 58 },
  {
    source: 'status',
    label: 'Status',
    width: 60,
    card: 'status',
    text: (r) => taskStatusLabel(r.status),
    render: (r) => <TaskStatusIcon status={r.status} />,
  },
  { source: 'jobNumber', label: 'Job', width: 120, card: 'subtitle' },
  { source: 'location', label: 'Asset', width: 115, card: 'title' },
  { source: 'assetType', label: 'Asset Type', width: 110, hidden: true },
  { source: 'taskType', label: 'Activity', width: 125, card: 'field' },
  { source: 'client', label: 'Client', width: 115, card: 'field' },
  { source: 'site', label: 'Site', width: 100, card: 'field' },
  { source: 'observationInspector', label: 'Inspector', width: 105, card: 'field' },
  {
    source: 'certificateNumber',
    label: 'Certificate',
    width: 125,
    card: 'field',
    text: (r) => r.certificateNumber ?? r.certificateFile?.fileName ?? '',
    render: (r) => <CertificateCell row={r} />,
  },
  { source: 'quotationNumber', label: 'Quote / WO', width: 110, hidden: true },
  { source: 'observationType', label: 'Observation Type', width: 110, hidden: true, text: (r) => observationTypeLabel(r.observationType) },
  {
    source: 'actualInspectionDate',
    label: 'Inspection Date',
    width: 105,
    card: 'field',
    text: (r) => formatDate(r.actualInspectionDate),
  },
  { source: 'modifiedDate', label: 'Modified Date', width: 150, hidden: true, text: (r) => formatTimestamp(r.modifiedDate) },
  { source: 'endUserName', label: 'End User Name', width: 130, hidden: true },
  { source: 'endUserAddress', label: 'End User Address', width: 160, hidden: true },
];

/** Every column of the CSV export, in the dashboard's order. */
export const TASK_CSV_COLUMNS: CsvColumn<TaskRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Status', value: (r) => taskStatusLabel(r.status) },
  { label: 'Job', value: (r) => r.jobNumber },
  { label: 'Asset', value: (r) => r.location },
  { label: 'Asset Type', value: (r) => r.assetType },
  { label: 'Activity', value: (r) => r.taskType },
  { label: 'Client', value: (r) => r.client },
  { label: 'Site', value: (r) => r.site },
  { label: 'Inspector', value: (r) => r.observationInspector },
  { label: 'Certificate', value: (r) => r.certificateNumber },
  { label: 'Quote / WO', value: (r) => r.quotationNumber },
  { label: 'Observation Type', value: (r) => observationTypeLabel(r.observationType) },
  { label: 'Actual Inspection Date', value: (r) => formatDate(r.actualInspectionDate) },
  { label: 'Modified Date', value: (r) => formatTimestamp(r.modifiedDate) },
  { label: 'End User Name', value: (r) => r.endUserName },
  { label: 'End User Address', value: (r) => r.endUserAddress },
];
