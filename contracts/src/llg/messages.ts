/** The spec's texts of loose lifting gear (tasks document 2.3, 2.7, 4, 8), word for word; ours are marked "(ours)". */
export const LLG_TEXT = {
  // Children (2.3)
  searchChild: 'Search Child LLG Task',
  addChild: 'Add New Task',
  addChildTitle: 'Add New Child Task',
  create: 'CREATE',
  childAdded: 'New Child Task Added Successfully',
  childDeleted: 'Child Task Deleted Successfully',
  deleteConfirmTitle: 'Delete this record?',
  deleteConfirmText: "This change can't be reverted. Are you sure you want to remove this LLG record",
  loadChildError: 'Error while loading Child LLG tasks',
  noChildren: 'Unable to submit as no child LLG tasks found',
  tasksTab: 'TASKS',
  recordsTab: 'RECORDS',
  // Register (2.7)
  loadError: 'Error while loading Loose Gears',
  loadClientsError: 'Error while loading Clients',
  loadSitesError: 'Error while loading Sites',
  excelExportError: 'Excel Export Error',
  // Ours
  notLlgParent: 'The task is not an LLG task', // (ours)
  notLlgChild: 'The task is not a child LLG record', // (ours)
  notChildType: "Pick a task type whose name contains 'llg-'", // (ours)
  parentClosed: 'Child tasks can be added only while the LLG task is open, ongoing, on hold, amended or cancelled', // (ours)
  childLocked: 'A submitted, approved or removed child record cannot be deleted', // (ours)
  serialRequired: 'Serial Number is required', // (ours)
  serialTaken: (serial: string) => `Serial Number ${serial} is already an active item of another kind at this site`, // (ours)
  serialInParent: (serial: string) => `Serial Number ${serial} is already a child record of this LLG task`, // (ours)
  childIncomplete: (serial: string) => `Child record ${serial} is not complete: fill in every item first`, // (ours)
  childNotSubmitted: (serial: string) =>
    `Child record ${serial} was reopened: reopen the LLG task and submit it again, or remove the record`, // (ours)
  childMovesWithParent: 'A child LLG record moves with its LLG task: submit or approve the LLG task', // (ours)
  parentApproved: 'The LLG task is approved: its child records can no longer be reopened', // (ours)
  rangeOrder: 'From must not be after To', // (ours)
  pickClientSite: 'Pick a client and a site to see their loose gear', // (ours)
  pickSite: 'Pick a site of the client to see its loose gear', // (ours)
  itemNotFound: 'Loose gear item not found', // (ours)
  history: 'History', // (ours)
  historyTitle: (serial: string) => `Examinations of ${serial}`, // (ours)
  noHistory: 'No examination recorded yet', // (ours)
  noItems: 'No loose gear matches the filters', // (ours)
  exportExcel: 'Export to Excel',
  client: 'Client',
  site: 'Site',
  inspDateFrom: 'Insp Date From',
  inspDateTo: 'Insp Date To',
  dueDateFrom: 'Due Date From',
  dueDateTo: 'Due Date To',
  lastResult: 'Last Result',
  accepted: 'Accepted',
  rejected: 'Rejected',
  status: 'Status', // (ours)
  anyStatus: 'Any status', // (ours)
  bookletText: 'Booklet',
  jobNumber: 'Job Number', // (ours)
  pageOf: (first: number, last: number, total: number) => `${first}-${last} of ${total}`, // (ours)
  firstPage: 'First page', // (ours)
  previousPage: 'Previous page', // (ours)
  nextPage: 'Next page', // (ours)
  close: 'Close', // (ours)
} as const;

/** The register's column labels (2.7's column picker), in order. */
export const LOOSE_GEAR_COLUMNS = {
  item: 'Item',
  specification: 'Specifications',
  llgSerialNumber: 'Serial Number',
  acronymCode: 'ID',
  result: 'Last Result',
  actualInspectionDate: 'Inspection Date',
  dueDate: 'Next Due',
  certificateNumber: 'Certificate Number',
  site: 'Site',
  report: 'Report',
  booklet: 'Booklet',
  itemStatus: 'Current Status',
} as const;

/** 2.7: 1 Accepted, 2 Rejected, otherwise OTHERS. */
export function looseGearResultLabel(result: number | null | undefined): string {
  if (result === 1) return 'Accepted';
  if (result === 2) return 'Rejected';
  return 'OTHERS';
}
