/** The spec's texts of Settings > Configuration, word for word (see ../messages.ts). */
export const CONFIGURATIONS = {
  loadError: 'Error while loading Configs',
  saveError: 'Error while saving Config Details',
  saved: 'Configuration saved successfully',
  nameMandatory: 'Configuration Name is Mandatory !!',
  duplicateName: 'Duplicate Configuration Name !!',
  invalidJson: 'Please Enter a valid JSON',
  addConfiguration: 'Add Configuration',
  // (ours, the spec gives the buttons but not these labels and texts)
  nameLabel: 'Configuration Name',
  editorLabel: 'Configuration JSON',
  listLabel: 'Configurations',
  empty: 'No configurations yet. Add one with Add Configuration.',
  noneSelected: 'Select a configuration on the left, or add a new one.',
  newConfiguration: 'New configuration',
  knownHint: 'The portal reads this configuration; it is checked before it is saved.',
  notActive: 'This configuration is archived and can no longer be changed',
  archived: 'Configuration archived',
  knownCannotBeRenamed: 'The portal reads this configuration by its name: it cannot be renamed',
  knownCannotBeArchived: 'The portal reads this configuration by its name: it cannot be archived',
  tooLarge: 'The configuration is too large (at most 200,000 characters)',
} as const;
