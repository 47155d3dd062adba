/** The spec's texts of this area, word for word (see ../messages.ts). */
export const USERS = {
  confirmAction: (action: string) => `Are you sure want to ${action} the user?`,
  /** 'User <action> successfully' with the action in the past tense: User suspended successfully. */
  actionDone: (action: string) => `User ${action === 'activate' ? 'activated' : `${action.replace(/e$/, '')}ed`} successfully`,
  saved: 'User saved successfully',
  loadError: 'Error while loading Users',
  loadCompanyError: 'Error while loading Company',
  loadLocationsError: 'Error while loading Locations',
  loadDivisionRolesError: 'Error while loading Location Division and Roles',
  signatureUploadError: 'Error while uploading user signature',
  newUserSaved: 'New User Saved Successfully',
  // (ours) server texts for 409 / 402 / 424
  loCompanyOnly: 'The company of an LO user is the LO company',
  addClientUsersForbidden: 'Your role may not add users, so the new client cannot have user rows',
  duplicateEmail: 'A user with this email address already exists',
  licenceUsedUp: (role: string, client: string) =>
    `The ${role} licence for ${client} is used up. Ask your configuration administrator for more licences`,
  dependentWork: 'This user cannot be removed because open jobs or tasks depend on them',
  typeLocked: 'The user type cannot be changed once the user is saved',
  notEditable: 'Only active users can be edited',
  actionNotAllowed: (action: string) => `This user cannot be ${action === 'activate' ? 'activated' : `${action}d`} in its current status`,
  ownStatus: 'You cannot change the status of your own account',
  lastAdministrator: 'This user is the last active administrator of the namespace and cannot be removed, archived or suspended',
  lastAdministratorRole: 'This user is the last active administrator of the namespace and must keep an administrator role',
  roleNotAssignable: 'You are not allowed to give this role',
  notYoursToManage: 'You are not allowed to change a user with this role',
  clientAdminOnlyOwnCompany: 'You can only manage users of your own company',
  clientAdminNoLoUsers: 'You can not manage LO users',
  clientAdminField: (field: string) => `${field} can not be changed by a client administrator`,
  signatureRemoved: 'Signature removed successfully',
  profileSaved: 'Profile saved successfully',
  clientSitesRequired: 'Client Sites is required',
  noRequesterRole: 'This namespace has no active REQUESTER role',
  welcomeSubject: (company: string) => `Your ${company} portal account`,
  welcomeText: (name: string, company: string, loginAt: string) =>
    `Hello ${name},\n\nAn account has been created for you on the ${company} portal.\n\nTo sign in, open ${loginAt}, choose Reset Password and request an OTP for this email address to set your password.`,
} as const;
