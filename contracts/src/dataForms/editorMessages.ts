import type { FieldKind } from './definition';

/**
 * Texts of the Data Forms screen and its builder (administration document 2, 4, 5, 8). The
 * spec gives the buttons and labels (the saved and refused texts are in messages.ts); the rest is ours.
 */
export const DATA_FORM_EDITOR = {
  reload: 'Reload',
  addForm: 'Add Form',
  cancel: 'Cancel',
  save: 'Save',
  showForm: 'Show Form',
  copyForm: 'Copy Form',
  /** Add Form's name: 'New Form <time>'. */
  newFormName: (time: string) => `New Form ${time}`,
  /** Copy Form's name: '<name> copy <time>'. */
  copyName: (name: string, time: string) => `${name} copy ${time}`,
  name: 'Name',
  formObject: 'Form Object',
  formType: 'Form Type',
  samplesMin: 'Min',
  samplesMax: 'Max',
  // (ours)
  search: 'Search forms',
  forms: 'Forms',
  noForms: 'No forms match',
  multipleForms: 'Multiple Forms',
  minTooLow: 'Min must be at least 1',
  minAboveMax: 'Min must not be more than Max',
  maxBelowMin: 'Max must not be less than Min',
  wholeNumber: 'must be a whole number',
  nameRequired: 'Name is required',
  formObjectRequired: 'Form Object is required',
  emptyEditor: 'Add a form, or open a saved one from the forms list with Show Form',
  emptyCanvas: 'Drag fields here from the palette, or click one to add it',
  palette: 'Fields',
  addField: 'Add field',
  build: 'Build',
  preview: 'Preview',
  properties: 'Properties',
  noSelection: 'Select a field on the canvas to edit its properties',
  undo: 'Undo',
  redo: 'Redo',
  removeField: 'Remove field',
  editField: 'Edit field',
  dragHandle: 'Drag to reorder',
  definitionProblems: 'The form cannot be saved yet',
  discardTitle: 'Discard changes?',
  discardText: 'The form in the editor has changes that are not saved. Discard them?',
  navigation: 'Form navigation',
  previewCheck: 'Check answers',
  previewClear: 'Clear answers',
  previewValid: 'All answers are valid',
  previewProblems: (n: number) => `${n} answer${n === 1 ? '' : 's'} to fix`,
  fieldCount: (n: number) => `${n} field${n === 1 ? '' : 's'}`,
  /** A pass/fail field marked as a result field (DECISIONS 9). */
  resultField: 'Result field: a Fail here fails the checklist item',
  resultChip: 'Result',
  resultChipTitle: 'A Fail in this field fails the checklist item',
} as const;

/**
 * The properties panel's names of a field's properties (ours): what a problem with one is
 * called on screen, never the definition's own key (`visibleWhen`, `maxLength`).
 */
export const FIELD_PROPERTY_LABELS: Record<string, string> = {
  id: 'Field',
  kind: 'Field type',
  label: 'Label',
  key: 'Key',
  required: 'Required',
  help: 'Help',
  options: 'Options',
  default: 'Default',
  min: 'Min',
  max: 'Max',
  unit: 'Unit',
  decimals: 'Decimals',
  maxLength: 'Max length',
  maxFiles: 'Max files',
  visibleWhen: 'Visible when',
  result: 'Result field',
};

/** A problem of one field as the builder lists it: 'Load, Key: the key serial is used twice'. */
export function fieldProblemText(fieldName: string, property: string, message: string): string {
  const name = FIELD_PROPERTY_LABELS[property] ?? 'Field';
  // 'Label is required' names its property already.
  return message.startsWith(name) ? `${fieldName}: ${message}` : `${fieldName}, ${name}: ${message}`;
}

/** The palette's names of the field kinds (ours). */
export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  date: 'Date',
  time: 'Time',
  select: 'Single choice',
  multiselect: 'Multiple choice',
  yesno: 'Yes / No',
  passfail: 'Pass / Fail / N/A',
  photo: 'Photo',
  file: 'File',
  signature: 'Signature',
  heading: 'Section heading',
  help: 'Help text',
};

/** What the screen reader hears while a field is dragged (ours). */
export const DRAG_ANNOUNCEMENTS = {
  instructions:
    'To reorder a field, press space to lift it, use the arrow keys to move it, press space again to drop it, or escape to cancel.',
  pickedUp: (label: string, position: number, total: number) => `Picked up ${label}. It is at position ${position} of ${total}.`,
  movedOver: (label: string, position: number, total: number) => `${label} moved to position ${position} of ${total}.`,
  dropped: (label: string, position: number, total: number) => `${label} dropped at position ${position} of ${total}.`,
  cancelled: (label: string) => `Moving ${label} was cancelled.`,
  added: (label: string, position: number, total: number) => `${label} added at position ${position} of ${total}.`,
} as const;
