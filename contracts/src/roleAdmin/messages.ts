/** The spec's texts of this area, word for word (see ../messages.ts). */
export const ROLES_TEXT = {
  deleteConfirm: 'Are you sure want to delete the Role?',
  loadError: 'Error while loading Roles',
  loadOneError: 'Error while loading Role',
  saveError: 'Error while saving Role Details',
  deleteError: 'Error while deleting Role',
  saved: 'Data saved successfully',
  createLicenceConfig: 'Create License Config',
  // (ours)
  archived: 'Role Archived successfully. Please refresh to check data',
  duplicateName: 'A role with this name already exists',
  typeFilter: 'type: must be 0 or 1',
  roleInUse: 'This role is still assigned to active users',
  notActive: 'This role is archived and can no longer be changed',
  typeRequired: 'Type is required',
  typeLocked: 'The role type cannot be changed once the role is saved',
  baseRoleRequired: 'Base role is required',
  baseRoleMismatch: (type: number) => `Base role must be one of the ${type === 0 ? 'client' : 'LO'} roles`,
  baseRoleLocked: 'The base role cannot be changed once the role is saved',
  licencesClientRolesOnly: 'Licences apply to client roles only',
  licenceClientTwice: 'Each client may appear only once in the licences',
  licenceClientNotFound: 'A client of the licences was not found',
} as const;
