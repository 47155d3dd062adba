import Link from '@mui/material/Link';
import { formatDayUtc, LLG_TEXT, LOOSE_GEAR_COLUMNS, type LooseGearRow, looseGearResultLabel, type TaskFileLink } from '@portal/contracts';
import { ItemStatusChip } from '../assets/ItemStatusChip';
import type { ListColumn } from '../common/list';

/** The address of a stored file (GET /api/filedownload), opened in a new tab. */
export const fileUrl = (file: TaskFileLink) => `/api/filedownload?id=${encodeURIComponent(file.blobKey)}`;

export function FileLink({ file, text, testId }: { file: TaskFileLink | null; text: string | null; testId: string }) {
  if (!file || !text) return null;
  return (
    <Link href={fileUrl(file)} target="_blank" rel="noopener" data-testid={testId}>
      {text}
    </Link>
  );
}

const C = LOOSE_GEAR_COLUMNS;

/**
 * The register's twelve columns (2.7's column picker), in the server's order (item, then serial
 * number). Dates D-MMM-YYYY of the UTC day, as the Excel file prints them; Report and Booklet
 * open their PDFs in a new tab.
 */
export const LOOSE_GEAR_LIST_COLUMNS: ListColumn<LooseGearRow>[] = [
  { source: 'taskTypeDesc', label: C.item, width: 105, card: 'title', sortable: false },
  { source: 'specification', label: C.specification, width: 140, sortable: false },
  {
    source: 'llgSerialNumber',
    label: C.llgSerialNumber,
    width: 100,
    card: 'subtitle',
    sortable: false,
    render: (row) => <span data-testid="llg-serial">{row.llgSerialNumber}</span>,
    text: (row) => row.llgSerialNumber,
  },
  { source: 'acronymCode', label: C.acronymCode, width: 85, card: 'field', sortable: false },
  { source: 'result', label: C.result, width: 80, card: 'field', sortable: false, text: (row) => looseGearResultLabel(row.result) },
  {
    source: 'actualInspectionDate',
    label: C.actualInspectionDate,
    width: 100,
    card: 'field',
    sortable: false,
    text: (row) => formatDayUtc(row.actualInspectionDate),
  },
  { source: 'dueDate', label: C.dueDate, width: 95, card: 'field', sortable: false, text: (row) => formatDayUtc(row.dueDate) },
  // The Report cell names the certificate number too (as its link): hidden until picked.
  { source: 'certificateNumber', label: C.certificateNumber, width: 140, hidden: true, sortable: false },
  { source: 'site', label: C.site, width: 120, hidden: true, sortable: false },
  {
    source: 'certificateFile',
    label: C.report,
    width: 130,
    card: 'field',
    sortable: false,
    text: (row) => (row.certificateFile ? row.certificateNumber : ''),
    render: (row) => <FileLink file={row.certificateFile} text={row.certificateNumber} testId="llg-report" />,
  },
  {
    source: 'bookletFile',
    label: C.booklet,
    width: 65,
    card: 'field',
    sortable: false,
    text: (row) => (row.bookletFile ? LLG_TEXT.bookletText : ''),
    render: (row) => <FileLink file={row.bookletFile} text={LLG_TEXT.bookletText} testId="llg-booklet" />,
  },
  {
    source: 'itemStatus',
    label: C.itemStatus,
    width: 100,
    card: 'status',
    sortable: false,
    text: (row) => row.itemStatus ?? '',
    render: (row) => <ItemStatusChip status={row.itemStatus} />,
  },
];
