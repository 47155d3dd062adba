import {
  formatDayUtc,
  REPORT_COLUMNS as C,
  type ReportRow,
  reportResultLabel,
  TASK_STATUS_LABEL,
  type TaskStatus,
} from '@portal/contracts';
import { CellChip } from '../common/list';
import type { GridColumn } from '../common/grid';

const resultColor = (result: number | null) => (result === 1 ? 'success' : result === 2 ? 'error' : 'default');

/**
 * The Reports grid's columns (2.4; the task dashboard's names, 2.1). Ids are the server's sort,
 * group and filter keys; dates print D-MMM-YYYY of the UTC day, as the workbook does. The id
 * cell opens the certificate PDF panel (`idCell`).
 */
export function reportColumns(idCell: (row: ReportRow) => React.ReactNode): GridColumn<ReportRow>[] {
  return [
    { id: 'id', label: C.id, width: 90, pinned: true, groupable: false, cell: idCell },
    { id: 'client', label: C.client, width: 190 },
    { id: 'site', label: C.site, width: 170 },
    { id: 'jobNumber', label: C.jobNumber, width: 130 },
    { id: 'asset', label: C.asset, width: 160, text: (r) => r.asset ?? '' },
    { id: 'assetType', label: C.assetType, width: 150, text: (r) => r.assetType ?? '' },
    { id: 'taskType', label: C.taskType, width: 170 },
    {
      id: 'result',
      label: C.result,
      width: 115,
      filterable: false,
      value: (r) => (r.result === 1 || r.result === 2 ? r.result : 3),
      text: (r) => reportResultLabel(r.result),
      cell: (r) => <CellChip label={reportResultLabel(r.result)} color={resultColor(r.result)} />,
    },
    { id: 'certificateNumber', label: C.certificateNumber, width: 180, text: (r) => r.certificateNumber ?? '' },
    { id: 'certificateDate', label: C.certificateDate, width: 130, filterable: false, text: (r) => formatDayUtc(r.certificateDate) },
    { id: 'inspector', label: C.inspector, width: 150, text: (r) => r.inspector ?? '' },
    {
      id: 'status',
      label: C.status,
      width: 110,
      filterable: false,
      text: (r) => TASK_STATUS_LABEL[r.status as TaskStatus] ?? String(r.status),
    },
    {
      id: 'actualInspectionDate',
      label: C.actualInspectionDate,
      width: 150,
      filterable: false,
      text: (r) => formatDayUtc(r.actualInspectionDate),
    },
    { id: 'dueDate', label: C.dueDate, width: 120, filterable: false, hidden: true, text: (r) => formatDayUtc(r.dueDate) },
    { id: 'quotationNumber', label: C.quotationNumber, width: 150, hidden: true, text: (r) => r.quotationNumber ?? '' },
  ];
}
