/** The Reports dashboard's texts (tasks document 2.4, 8; ours where marked). */
export const REPORTS_TEXT = {
  title: 'Reports',
  taskReport: 'Task Report',
  serviceReport: 'Service Report',
  /** The count line (2.4). */
  found: (n: number) => `${n} report(s) found`,
  /** The result filter's options (2.4). */
  resultOptions: [
    { value: 1, label: '1-Accepted' },
    { value: 2, label: '2-Rejected' },
  ],
  result: 'Result',
  allResults: 'All results',
  status: 'Status',
  allStatuses: 'All statuses',
  exportExcel: 'Export to Excel',
  /** Section 8. */
  excelExportError: 'Excel Export Error',
  /** Ours (section 8 names the pattern 'Error while loading …'). */
  loadError: 'Error while loading Reports',
  noReports: 'No reports found',
  /** Ours: the filters summary line before any filter. */
  noFilters: 'No filters: every report',
  filtersSummary: 'Filters',
  clearFilters: 'Clear filters',
  certificate: 'Certificate',
  certificateOf: (number: string | null, id: number) => (number ? `Certificate ${number}` : `Report ${id}`),
  noCertificate: 'No certificate PDF has been issued for this report yet',
  preview: 'Preview (not yet approved)',
  openReport: (id: number) => `Open the certificate of report ${id}`,
  tooManyGroups: 'At most four grouping columns',
} as const;

/** The grid's and the workbook's column labels (2.4; the task dashboard's names, 2.1). */
export const REPORT_COLUMNS = {
  id: 'Id',
  status: 'Status',
  jobNumber: 'Job',
  asset: 'Asset',
  assetType: 'Asset Type',
  taskType: 'Activity',
  client: 'Client',
  site: 'Site',
  inspector: 'Inspector',
  certificateNumber: 'Certificate',
  certificateDate: 'Certificate Date',
  result: 'Result',
  quotationNumber: 'Quote/Work Order',
  actualInspectionDate: 'Actual Inspection Date',
  dueDate: 'Due Date',
  observationType: 'Observation Type',
} as const;

/** Result labels (2.4): 1 Accepted, 2 Rejected, anything else No Result. */
export function reportResultLabel(result: number | null | undefined): string {
  if (result === 1) return 'Accepted';
  if (result === 2) return 'Rejected';
  return 'No Result';
}
