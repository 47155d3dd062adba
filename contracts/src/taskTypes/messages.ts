/** The spec's texts of Settings > Task Types, word for word; ours are marked "(ours)". */
export const TASK_TYPE_TEXT = {
  loadError: 'Error while loading TaskTypes',
  saveError: 'Error while saving Task Type Details',
  deleteError: 'Error while deleting Task Type',
  saved: 'Data saved successfully',
  /** The one confirm of both row actions (administration document, confirm texts). */
  copyConfirm: 'Are you sure want to Copy/Delete the Tasktype?',
  deleteConfirm: 'Are you sure want to Copy/Delete the Tasktype?',
  invalidJson: 'Please Enter a valid JSON',
  // (ours, the spec withholds the archive texts)
  archived: 'Task Type Archived successfully. Please refresh to check data',
  duplicateName: 'A task type with this name already exists',
  notActive: 'This task type is archived and can no longer be changed',
  inUseByJobs: (jobs: string[]) => `Active jobs have tasks of this task type (${jobs.join(', ')}): complete or cancel those tasks first`,
  typeNameRequired: 'Type Name is required',
  divisionRequired: 'Division is required',
  validityRequired: 'Validity is required',
  validityWhole: 'Validity must be a whole number of months, 1 or more',
  unknownDivision: 'This division does not exist',
  unknownAssetType: 'This asset type does not exist or is a loose gear (LLG) type',
  unknownForm: 'is not an active data form of this namespace',
  copied: 'Task Type copied successfully',
  noDivision: 'All divisions',
  /** The footer of the filtered list: what the filters let through of the loaded rows. */
  shownCount: (shown: number, loaded: number, total: number | undefined) =>
    `Showing ${shown} · Total ${loaded} of ${total ?? `${loaded}+`} loaded`,
  checklistReadOnly: 'Fix the JSON to edit the checklist here',
  /** Above the checklist: '1 section, 3 items'. */
  checklistCounts: (sections: number, items: number) =>
    `${sections} section${sections === 1 ? '' : 's'}, ${items} item${items === 1 ? '' : 's'}`,
} as const;
