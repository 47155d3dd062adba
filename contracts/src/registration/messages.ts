/** The spec's texts of Customer Registration, word for word (see ../messages.ts). */
export const REGISTRATION = {
  added: 'Customer Added Successfully. Please refresh table to check data',
  updated: 'Customer Updated Successfully. Please refresh table to check data',
  deleted: 'Customer Deleted Successfully. Please refresh table to check data',
  deleteConfirm: 'Are you sure want to delete?',
  loadErrorHeader: 'Error !!',
  uploadError: 'Error While Uploading Logo!!!',
  invalidFile: 'Invalid file type or size',
  projectOfficeCode: 'Project Office Code',
  // (ours) texts the spec leaves open
  title: 'Customer Registration',
  addTitle: 'Register a customer',
  editTitle: (namespace: string) => `Customer: ${namespace}`,
  notFound: 'Customer not found',
  operatorOnly: "Only the platform operator's administrators may manage customer registrations",
  namespaceFormat: 'NameSpace: 3 to 30 lower-case letters, digits or hyphens',
  namespaceReserved: (name: string) => `NameSpace '${name}' is reserved`,
  namespaceTaken: (name: string) => `NameSpace '${name}' is already registered`,
  namespaceFixed: 'The NameSpace of a registered customer can not be changed',
  emailTaken: (email: string) => `The e-mail ${email} already belongs to a user`,
  operatorStaysActive: "The operator's own namespace can not be deactivated",
  found: (n: number) => `${n} Customer(s) found`,
  setPasswordSubject: (company: string) => `Your ${company} portal is ready`,
  setPasswordText: (name: string, namespace: string, email: string) =>
    `Dear ${name}, the portal of the namespace ${namespace} has been registered. You are its administrator: sign in as ${email}. Set your password with the link below (it is valid for 7 days and can be used once).`,
  setPasswordLink: 'Set your password',
  setPasswordLater: 'When the link has expired, use Reset Password on the login page to get a new one-time password.',
} as const;
