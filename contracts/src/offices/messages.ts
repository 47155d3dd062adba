/** The spec's texts of this area, word for word (see ../messages.ts). */
export const OFFICES = {
  deleteConfirm: 'Are you sure want to delete the Lo Office?',
  deleted: 'Selected Lo Office Deleted successfully',
  addTitle: 'Add New Office',
  editTitle: (name: string) => `Edit: ${name}`,
  addButton: 'Add Lo Office',
  loadError: 'Error while loading LO Office',
  deleteError: 'Error while deleting Lo Office',
  saved: 'Data saved successfully',
  // (ours)
  duplicateName: 'An office with this name already exists',
  codeTaken: (code: string, holder: string) => `The code ${code} is already used by the office "${holder}"`,
  inUse: 'This office is still the primary office of active users',
  inUseByJobs: (jobs: string[]) => `Active jobs are run from this office (${jobs.join(', ')}): close or cancel them first`,
  notActive: 'This office is archived and can no longer be changed',
} as const;
