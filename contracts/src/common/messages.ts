/** The spec's texts of this area, word for word (see ../messages.ts). */
export const ALERT_TITLE = {
  error: 'Error !!',
  oops: 'Oops!!',
  ooops: 'Ooops!!',
  success: 'Success!!',
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
  crossSite: 'Cross-site request refused',
  busy: 'The server is busy. Please try again in a few seconds',
  cannotBeUndone: 'This action is permanent and cannot be undone.',
  /** Under a settings list's delete confirm: delete archives (the record is kept). */
  archiveNote:
    'It is archived, not erased: it leaves this list and the choices, records that already use it keep it, and Show archived can restore it.',
  /** A settings list's toggle between active and archived records, and the archived rows' action. */
  showArchived: 'Show archived',
  restore: 'Restore',
  restoreConfirm: (name: string) => `Restore "${name}"? It comes back to the list and the choices.`,
  restored: (name: string) => `"${name}" is restored: it is back in the list and the choices.`,
  restoreNameTaken: (name: string) =>
    `"${name}" cannot be restored: an active record already has this name. Rename or archive that one first.`,
  restoreCodeTaken: (name: string) =>
    `"${name}" cannot be restored: an active record already has its code. Change or archive that one first.`,
  restoreError: 'Error while restoring',
  discardTitle: 'Discard changes?',
  discardChanges: 'You have unsaved changes. Close the panel and lose them?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  filters: 'Filters',
  showResults: 'Show results',
  /** The column picker of a list (the DataTable's own words). */
  columns: 'Columns',
  searchColumns: 'Search columns',
  resetColumns: 'Reset',
  moreActions: 'More actions',
  pageNotFound: 'Page not found',
  pageNotFoundText: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  backHome: 'Back to Home',
  listCount: (loaded: number, total: number | undefined) => `Total ${loaded} of ${total ?? `${loaded}+`} loaded`,
} as const;

export const FILES = {
  invalidTypeOrSize: 'Invalid file type or size',
  // (ours)
  imageOnly: 'Only .jpg or .png images up to 5 MB are accepted',
  tooLarge: 'The file is larger than allowed',
  notFound: 'File not found',
  /** One message for a multi-file pick: the good files are added, each refused one is named with why. */
  notAdded: (refused: readonly { name: string; reason: string }[]) =>
    `Not added: ${refused.map((r) => `${r.name} (${r.reason})`).join('; ')}`,
  reasonType: (accepted: string) => `accepted types: ${accepted}`,
  reasonSize: (megabytes: number) => `larger than ${megabytes} MB`,
  reasonTotal: (megabytes: number) => `over the ${megabytes} MB total`,
  reasonEmpty: 'empty file',
  reasonCount: (max: number) => `no more than ${max} ${max === 1 ? 'file' : 'files'} here`,
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
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json)',
  multipartNotHere: 'This call takes no upload: send JSON or no body',
  unknownObjectType: 'Unknown objectType',
  notSettingType: 'is not a settings object type',
  notLocationType: 'is not a location object type',
  oneOf: (name: string, options: string) => `${name} must be one of ${options}`,
  mailNotSent: 'The mail could not be sent. Please try again later',
} as const;
