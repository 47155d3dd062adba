/** The texts of Data Forms: the spec's word for word; ours are marked "(ours)". */
export const DATA_FORM_TEXT = {
  saved: 'Form saved successfully. Please refresh to check data',
  saveError: 'Unable to save form due to incorrect data',
  loadError: 'Error while loading form by id',
  invalidJson: 'Please Enter a valid JSON',
  // (ours)
  listError: 'Error while loading forms',
  deleteConfirm: 'Are you sure want to delete the Form?',
  archived: 'Form Archived successfully. Please refresh to check data',
  duplicateName: 'A form with this name already exists',
  notActive: 'This form is archived and can no longer be changed',
  unknownFormObject: 'Unknown form object',
  inUse: (users: string[]) => `This form is in use (${users.join(', ')}): choose another form there first`,
  formObjectInUse: (users: string[]) => `The form object cannot change while the form is in use (${users.join(', ')})`,
  /** A filled-in form refers to a revision the form never had. */
  unknownRevision: 'This revision of the form does not exist',
  filledInvalid: 'Some answers of the form are not valid',
  uploadError: 'Error while uploading the file',
  uploading: 'Uploading…',
  required: 'Required',
  noFields: 'This form has no fields yet',
  removeFile: 'Remove',
  clearSignature: 'Clear',
  saveSignature: 'Use signature',
  signHere: 'Sign here',
  addPhoto: 'Add photo',
  takePhoto: 'Take photo',
  addFile: 'Add file',
  pass: 'Pass',
  fail: 'Fail',
  na: 'N/A',
  yes: 'Yes',
  no: 'No',
} as const;

/** Texts of a form filled in several times (form type MULTIPLE). (ours) */
export const FORM_SAMPLES_TEXT = {
  sample: (n: number) => `Sample ${n}`,
  addSample: 'Add sample',
  removeSample: (n: number) => `Remove sample ${n}`,
  tooFew: (min: number) => `At least ${min} sample${min === 1 ? '' : 's'} needed`,
  tooMany: (max: number) => `At most ${max} sample${max === 1 ? '' : 's'}`,
} as const;
