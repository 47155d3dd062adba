/** The texts of Asset Types (replace the ones marked "(ours)" with the spec's). */
export const ASSET_TYPE_TEXT = {
  // (ours)
  loadError: 'Error while loading Asset Types',
  saveError: 'Error while saving Asset Type',
  deleteError: 'Error while deleting Asset Type',
  saved: 'Data saved successfully',
  deleteConfirm: 'Are you sure want to delete the Asset Type?',
  archived: 'Asset Type Archived successfully. Please refresh to check data',
  duplicateName: 'A asset type with this name already exists',
  notActive: 'This asset type is archived and can no longer be changed',
} as const;
