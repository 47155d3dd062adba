/** The spec's texts of Settings > Asset Types, word for word; ours are marked "(ours)". */
export const ASSET_TYPE_TEXT = {
  loadError: 'Error while loading AssetTypes',
  saveError: 'Error while saving Asset Type Details',
  deleteError: 'Error while deleting Asset Type',
  attributesLoadError: 'Error while loading Attributes',
  saved: 'Data saved successfully',
  deleteConfirm: 'Are you sure want to delete the Asset Type?',
  archived: 'Asset Type Archived successfully. Please refresh to check data',
  // (ours)
  duplicateName: 'An asset type with this name already exists',
  notActive: 'This asset type is archived and can no longer be changed',
  attributeFormInvalid: 'Choose an active data form whose form object is ASSET TYPE',
  inUse: (taskTypes: string[]) => `Active task types use this asset type (${taskTypes.join(', ')}): give them another asset type first`,
  llgKept: 'The LLG asset type is used by the LLG task of jobs: it keeps its name and category and cannot be deleted',
  empty: 'No asset types yet',
  noMatch: 'No asset types match this name',
  displayNameHelp: 'The label of its technical library folder; the type name when empty',
  attributeFormHelp: 'A data form whose form object is ASSET TYPE: its fields describe each asset of this type',
  noAttributeForms: 'No active data forms of form object ASSET TYPE yet (Settings > Data Forms)',
  previewTitle: 'Preview',
  noAttributeForm: 'No attribute form: assets of this type have no attributes.',
} as const;

/** Labels of the screen (the spec names the table columns and the Type Name field). */
export const ASSET_TYPE_LABELS = {
  code: 'Code',
  name: 'Name',
  external: 'External',
  category: 'Category',
  description: 'Description',
  typeName: 'Type Name',
  typeCode: 'Type Code',
  displayName: 'Display Name',
  externalId: 'External Id',
  certificateReference: 'Certificate Reference',
  attributeForm: 'Attribute Form',
  tabDescription: 'Description',
  tabAttributes: 'Attributes',
  tabFiles: 'Files',
  add: 'Add Asset Type',
  edit: 'Edit Asset Type',
  filterName: 'Type name',
} as const;
