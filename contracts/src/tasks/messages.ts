/** The spec's texts of tasks (tasks document section 8), word for word (typos included); ours are marked "(ours)". */
export const TASK_TEXT = {
  // Success
  statusChanged: (statusLabel: string) => `Task ${statusLabel} successfully`,
  checkEmail: 'Please check email for notification',
  checklistInitialised: (statusLabel: string) => `Task in ${statusLabel} and Checklist updated successfully`,
  jobDetailsSaved: 'Task Details Saved Successfully, PDF is getting regenerated',
  checklistSaved: 'Checklist data saved sucessfully',
  filesUploaded: 'Files uploaded successfully',
  locationAttached: (name: string) => `Location ${name} attached successfully`,
  newAssetAttached: 'New Asset added and attached successfully to observation',
  // Errors of the spec
  loadError: 'Error while loading tasks',
  updateError: 'Error while updating task',
  loadChildLlgError: 'Error while loading Child LLG tasks',
  loadInspectorsError: 'Error while loading inpsectors',
  loadByIdError: 'Error while loading task by id',
  loadByParentError: 'Error while loading tasks by parent id',
  loadFormError: 'Error while loading form by id',
  saveChecklistError: 'Error while saving checklist',
  noChildLlg: 'Unable to submit as no child LLG tasks found',
  loadTaskTypesError: 'Error while loading Task Types',
  incorrectFormData: 'Unable to save form due to incorrect data',
  uploadJobFilesError: 'Error while uploading job files',
  excelExportError: 'Excel Export Error',
  // Job details validation (section 5)
  siteNameRequired: 'Site Name is Required',
  streetRequired: 'Street is Required',
  pincodeRequired: 'Pincode is Required',
  inspectionDateRequired: 'Actual Inspection Date is required',
  inspectionTimeRequired: 'Actual Inspection Time is required',
  // (ours: the spec gives no server texts for these)
  notFound: 'Task not found', // (ours)
  wrongStatus: (action: string, statusLabel: string) => `A task in status ${statusLabel} cannot be changed by ${action}`, // (ours)
  specialType: 'No action is possible on a special observation', // (ours)
  notInspectable: 'This task cannot be inspected in its current status', // (ours)
  jobDetailsOnlySubmitted: 'Job details can be changed only while the task is submitted', // (ours)
  newInspectorInvalid: 'The new inspector must be an active field engineer allowed for this job', // (ours)
  revisionCommentsTooLong: 'Revision comments may be at most 500 characters', // (ours)
  noCertificateSequence: 'No CERTIFICATE sequence is set up for this office and division', // (ours)
  regenerating: 'PDF is getting regenerated', // (ours)
  regenerateNothing: 'This task has no documents to generate in its status', // (ours)
  pincodeNumeric: 'Pincode must be a number', // (ours)
  samplesTooFew: (form: string, min: number) => `${form} needs at least ${min} sample${min === 1 ? '' : 's'}`, // (ours)
  samplesTooMany: (form: string, max: number) => `${form} allows at most ${max} sample${max === 1 ? '' : 's'}`, // (ours)
  unknownNode: (id: string) => `Checklist node ${id} is not in this task's checklist`, // (ours)
  filesFirst: 'Upload the files with POST /api/Setting/formfile first and name them in checklistData', // (ours)
  unknownFile: 'A file of the checklist is not one uploaded for it', // (ours)
  nodeChanged: (name: string) =>
    `${name} was changed by someone else after you opened it: your change was not saved over theirs. Reload to see it`, // (ours, issue 21)
  // Complete inspections and the signatories (DECISIONS 9)
  incomplete: (count: number) => `Unable to submit: ${count} item(s) have no result`,
  nothingExamined: 'Unable to submit: nothing was examined (every item is not applicable)',
  signatureRequired: 'Add your signature to your profile before approving',
  examinationSaved: 'Examination details saved successfully',
  regenerateFinal: 'A final certificate never changes: amend the task to issue a revision',
  confirm: (actionLabel: string) => `Are you sure want to ${actionLabel} the task?`, // (ours)
  // ATTACH ASSET (ours: the spec names the confirm and the success texts only)
  alreadyHasAsset: 'This task already has an asset', // (ours)
  notAttachable: 'An asset can be attached only to an open, ongoing, on hold or amended task that is not an LLG task', // (ours)
  assetOfOtherType: (assetType: string) => `Only an asset of the task's asset type (${assetType}) can be attached`, // (ours)
  assetOnOtherSite: "The asset is on another site of the client: shift it to the task's site to attach it", // (ours)
  assetOfOtherClient: "The asset is not one of the task's client", // (ours)
  newAssetOnTaskSite: "A new asset is added on the task's client and site", // (ours)
  attachConfirm: (name: string) => `Attach ${name} to this task?`, // (ours)
  shiftAndAttachConfirm: (name: string, site: string) => `${name} is on ${site}. Shift it to this task's site and attach it?`, // (ours)
  addAndAttachConfirm: (name: string) => `Add the new asset ${name} and attach it to this task?`, // (ours)
} as const;

/** Button labels of the actions (ours where the spec names none). */
export const TASK_ACTION_LABEL = {
  submit: 'Submit',
  complete: 'Complete',
  hold: 'Hold',
  reopen: 'Reopen',
  amend: 'Amend',
  cancel: 'Cancel',
  approve: 'Approve',
  generate: 'Generate',
} as const;

/** The tabs of task details (section 2.2). */
export const TASK_TAB_LABEL = {
  preview: 'PREVIEW',
  jobDetails: 'JOB DETAILS',
  assetDetails: 'ASSET DETAILS',
  fieldReport: 'FIELD REPORT',
  inspect: 'INSPECT',
  attachAsset: 'ATTACH ASSET',
  fullChecklistReport: 'FULL CHECKLIST REPORT',
} as const;
