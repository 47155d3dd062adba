export { JOB_TEXT } from '@portal/contracts';

/** Labels and texts the spec does not give (ours). */
export const JOB_UI = {
  add: 'Add',
  showActive: 'Show Active',
  showInactive: 'Show Inactive',
  empty: 'No jobs match these filters',
  next: 'Next',
  save: 'Save',
  clear: 'Clear',
  cancelJob: 'Cancel Job',
  closeJob: 'Close Job',
  addNewSite: 'Add New Site',
  addNewRequester: 'Add New Requester',
  copyClientAddress: 'Copy client address',
  addAsset: 'Add Asset',
  addTask: 'Add New Task',
  removeLastNew: 'Remove Last New Item',
  llgToggle: 'Add Loose Lifting Gear (LLG) task',
  dayJob: 'Day Job',
  uploadFiles: 'Upload Files',
  filesHelp: 'png, jpeg, pdf, doc, docx, xls, xlsx, csv: 45 MB in total',
  lockedNote: 'This job is closed or cancelled: it can no longer be changed.',
  siteNameTaken: 'A site of this client already has this name',
} as const;
