/**
 * The spec's texts, word for word (typos included: the spec is the contract).
 * Used by the server, the web app and the tests, so a test can assert the exact wording.
 * Texts the spec leaves open are marked "(ours)".
 */
export const ALERT_TITLE = {
  error: 'Error !!',
  oops: 'Oops!!',
  ooops: 'Ooops!!',
  success: 'Success!!',
} as const;

export const AUTH = {
  loginFieldLabel: 'Email or Namespace',
  passwordLabel: 'Password',
  login: 'Login',
  resetPassword: 'Reset Password',
  requestOtp: 'Request OTP',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  otp: 'OTP',
  confirm: 'Confirm',
  backToLogin: 'Back to Login Screen',
  otpSent: (email: string) => `OTP has been sent to : ${email}`,
  resetDone: 'Your password has been reset successfully',
  passwordLength: 'Password must be between 6 to 18 characters',
  mustMatchConfirm: 'Must match with confirm password',
  mustMatchNew: 'Must match with new password',
  newPasswordMandatory: 'New password is mandatory',
  confirmPasswordMandatory: 'Confirm password is mandatory',
  otpMandatory: 'OTP is mandatory',
  logoutConfirm: 'Are you sure want to logout?',
  loggingOut: 'Logging out...',
  logoutError: 'Error while Log out',
  logoNotAuthorized: 'You are not authorized to view this page',
  logoError: 'Oops!! Some error occurred',
  // (ours) texts the spec leaves open
  invalidCredentials: 'Invalid email or password',
  inactiveUser: 'Your account is not active. Please contact your administrator',
  sessionExpired: 'Your session has expired. Please sign in again',
  notSignedIn: 'Please sign in to continue',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again',
  otpInvalid: 'The OTP is invalid or has expired',
  unknownEmail: 'No active user with this email address',
  namespaceSuspended: 'This namespace is not active',
} as const;

export const SHELL = {
  loadingDashboard: 'Loading Dashboard...',
  noTabs: 'No Tabs Found',
  configuration: 'Configuration',
  logout: 'Logout',
  yes: 'Yes',
  no: 'No',
  cancel: 'Cancel',
  save: 'Save',
  reload: 'Reload',
  loadMore: 'Load More',
  add: 'Add',
  // (ours)
  genericError: 'Something went wrong. Please try again',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  comingSoon: 'This screen arrives in a later release',
  cannotBeUndone: 'This action is permanent and cannot be undone.',
  discardTitle: 'Discard changes?',
  discardChanges: 'You have unsaved changes. Close the panel and lose them?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  filters: 'Filters',
  showResults: 'Show results',
  moreActions: 'More actions',
  pageNotFound: 'Page not found',
  pageNotFoundText: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  backHome: 'Back to Home',
  listCount: (loaded: number, total: number | undefined) => `Total ${loaded} of ${total ?? `${loaded}+`} loaded`,
} as const;

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
  clientAdminOnlyOwnCompany: 'You can only manage users of your own company',
  clientAdminNoLoUsers: 'You can not manage LO users',
  clientAdminField: (field: string) => `${field} can not be changed by a client administrator`,
  signatureRemoved: 'Signature removed successfully',
  welcomeSubject: (company: string) => `Your ${company} portal account`,
  welcomeText: (name: string, company: string, loginAt: string) =>
    `Hello ${name},\n\nAn account has been created for you on the ${company} portal.\n\nTo sign in, open ${loginAt}, choose Reset Password and request an OTP for this email address to set your password.`,
} as const;

export const LOCATIONS = {
  newClientSaved: 'New Client saved successfully, Creating Role License Config in in process...',
  clientSaved: 'Client saved successfully',
  locationSaved: 'Location saved successfully',
  loadClientsError: 'Error while loading Clients',
  loadLocationsError: 'Error while loading Locations',
  loadAddClientError: 'Error while loading Add Client Screen',
  loadEditClientError: 'Error While Loading Edit Client Screen!!!',
  logoUploadError: 'Error While Uploading Logo!!!',
  imageUploadError: 'Error While Uploading Image',
  loadClientLocationsError: 'Error while loading client locations',
  loadSiteLocationsError: 'Error while loading site locations',
  copyClientAddress: 'Copy Client Address',
  resetSiteAddress: 'Reset Site Address',
  addNewUser: 'Add New User',
  removeLastUser: 'Remove Last User',
  addLocation: 'Add Location',
  // (ours)
  duplicateClientName: 'A client with this name already exists',
  duplicateClientCode: 'A client with this code already exists',
  duplicateSiteName: 'A site with this name already exists for this client',
  addThroughAddClient: 'New clients are added with Add Client (POST /api/Location/addNewClient)',
  unknownClientName: (name: string) => `No client named ${name}`,
  licenceConfigCreated: 'Role License Config created successfully',
  logoSaved: 'Logo uploaded successfully',
  clientNotActive: 'This client is archived and can no longer be changed',
  siteNotActive: 'This location is archived and can no longer be changed',
} as const;

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
  duplicateCode: 'An office with this code already exists',
  inUse: 'This office is still the primary office of active users',
  notActive: 'This office is archived and can no longer be changed',
} as const;

export const DIVISIONS = {
  loadError: 'Error while loading Division',
  saveError: 'Error while saving Division Details',
  deleteError: 'Error while deleting Division',
  saved: 'Data saved successfully',
  // (ours, the spec withholds the archive texts)
  deleteConfirm: 'Are you sure want to delete the Division?',
  archived: 'Division Archived successfully. Please refresh to check data',
  duplicateName: 'A division with this name already exists',
  notActive: 'This division is archived and can no longer be changed',
} as const;

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

export const SEQUENCES = {
  found: (n: number) => `${n} Sequence(s) found`,
  title: (name: string) => `Sequence: ${name}`,
  saved: 'Sequence Saved successfully',
  // (ours) the spec names no load error for this screen
  loadError: 'Error while loading Sequences',
  // (ours)
  belowCurrent: (n: number) => `Current Number can not be lower than ${n}`,
  movedOn: (n: number) => `The Current Number moved on to ${n} meanwhile. Reload and try again`,
} as const;

export const FILES = {
  invalidTypeOrSize: 'Invalid file type or size',
  // (ours)
  imageOnly: 'Only .jpg or .png images up to 5 MB are accepted',
  tooLarge: 'The file is larger than allowed',
  notFound: 'File not found',
} as const;

export const VALIDATION = {
  // (ours)
  invalidBody: 'The request is not valid',
  invalidJson: 'The request body is not valid JSON',
  unknownFilterKey: (key: string) => `Unknown filter field: ${key}`,
  invalidFilter: 'The filter is not valid JSON',
  required: (label: string) => `${label} is required`,
  tooLarge: 'The request is too large',
  nulCharacter: 'Text may not contain NUL characters',
  outOfRange: 'A value in the request is out of range',
} as const;
