/** The spec's texts of this area, word for word (see ../messages.ts). */
export const DIVISIONS = {
  loadError: 'Error while loading Division',
  saveError: 'Error while saving Division Details',
  deleteError: 'Error while deleting Division',
  saved: 'Data saved successfully',
  // (ours, the spec withholds the archive texts)
  deleteConfirm: 'Are you sure want to delete the Division?',
  archived: 'Division Archived successfully. Please refresh to check data',
  duplicateName: 'A division with this name already exists',
  codeTaken: (code: string, holder: string) => `The code ${code} is already used by the division "${holder}"`,
  notActive: 'This division is archived and can no longer be changed',
  inUseByTaskTypes: (taskTypes: string[]) =>
    `Active task types are in this division (${taskTypes.join(', ')}): move them to another division or archive them first`,
  inUseByJobs: (jobs: string[]) => `Active jobs have tasks in this division (${jobs.join(', ')}): complete or cancel those tasks first`,
} as const;
