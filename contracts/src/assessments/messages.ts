import { fileStamp } from '../format';

/** The spec's texts of the Assessments dashboard (tasks document 2.8, 8), word for word; ours are marked "(ours)". */
export const ASSESSMENT_TEXT = {
  loadError: 'Error while loading Assessments',
  loadClientsError: 'Error while loading Clients',
  loadSitesError: 'Error while loading Sites',
  excelExportError: 'Excel Export Error',
  exportExcel: 'Export to Excel',
  reload: 'Reload',
  client: 'Client',
  site: 'Site',
  issueDateFrom: 'Issue Date From',
  issueDateTo: 'Issue Date To',
  expiryDateFrom: 'Expiry Date From',
  expiryDateTo: 'Expiry Date To',
  clear: 'Clear',
  historyTitle: 'Assessment History',
  history: 'History',
  pass: 'PASS',
  fail: 'FAIL',
  accepted: 'Accepted',
  rejected: 'Rejected',
  // Ours
  trainee: 'Trainee', // (ours)
  traineeNotFound: 'Trainee not found', // (ours)
  pickClient: 'Pick a client to see its training certificates', // (ours)
  noRows: 'No assessment matches the filters', // (ours)
  noHistory: 'No certificate issued yet', // (ours)
  rangeOrder: 'From must not be after To', // (ours)
  allSites: 'All sites', // (ours)
  certificateTitle: (number: string) => `Certificate ${number}`, // (ours)
  noCertificate: 'The certificate is being made; try again in a moment', // (ours)
  found: (n: number) => `${n} assessment(s) found`, // (ours)
  close: 'Close', // (ours)
} as const;

/** The column picker's labels (2.8), in order. */
export const ASSESSMENT_COLUMNS = {
  location: 'Name',
  acronymCode: 'Id',
  specifications: 'Specifications',
  taskType: 'Course',
  certificateNumber: 'Certificate',
  result: 'Last Result',
  actualInspectionDate: 'Issue Date',
  dueDate: 'Expiry Date',
  site: 'Site',
  report: 'Report',
  itemStatus: 'Current Status',
} as const;

/** 'Assessment History' columns (2.8). */
export const ASSESSMENT_HISTORY_COLUMNS = {
  actualInspectionDate: 'Inspection Date',
  certificateNumber: 'Cert / Report No.',
  result: 'Result',
  certificateFile: 'Cert / Report',
  dueDate: 'Next Due Date',
} as const;

/** 2.8 export: 1 = Accepted, 2 = Rejected (otherwise empty). */
export function assessmentResultLabel(result: string | number | null | undefined): string {
  const code = result === null || result === undefined ? null : Number(result);
  if (code === 1) return ASSESSMENT_TEXT.accepted;
  if (code === 2) return ASSESSMENT_TEXT.rejected;
  return '';
}

/** 'Assessment History' Result: PASS for 1, FAIL for 2. */
export function assessmentHistoryResult(result: number | null | undefined): string {
  if (result === 1) return ASSESSMENT_TEXT.pass;
  if (result === 2) return ASSESSMENT_TEXT.fail;
  return '';
}

/** `Tasks_on_{timestamp}.xlsx` (2.8): the timestamp as YYYYMMDD_HHmmss (UTC). */
export function assessmentExportFileName(at = new Date()): string {
  return `Tasks_on_${fileStamp(at)}.xlsx`;
}
