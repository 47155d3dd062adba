import {
  type FieldKind,
  type FormDefinition,
  type FormField,
  type FormValues,
  isValueField,
  MAX_FILES_PER_FIELD,
  type ValueField,
  validateFormValues,
  visibility,
} from '@portal/contracts';

/** Kinds that take half a row on a wide screen; the rest take the whole row. */
const SHORT_KINDS: readonly FieldKind[] = ['text', 'number', 'date', 'time', 'select', 'yesno', 'passfail'];
export const isShortField = (field: FormField) => SHORT_KINDS.includes(field.kind);

/** The test id of a field's block: its key, or its id for headings and help texts. */
export const fieldTestId = (field: FormField) => `field-${isValueField(field) ? field.key : field.id}`;

/** The problems of filled-in values by field key (the first per key), as the server finds them. */
export function problemsByKey(definition: FormDefinition, values: FormValues): Record<string, string> {
  const problems: Record<string, string> = Object.create(null);
  for (const problem of validateFormValues(definition, values)) {
    if (!Object.hasOwn(problems, problem.key)) problems[problem.key] = problem.message;
  }
  return problems;
}

/** The fields shown for these values, in order. */
export function shownFields(definition: FormDefinition, values: FormValues): FormField[] {
  const shown = visibility(definition, values);
  return definition.fields.filter((field) => shown.get(field.id));
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Values with one key changed; a blank answer removes the key, so it counts as not answered. */
export function withValue(values: FormValues, key: string, value: unknown): FormValues {
  const next: FormValues = { ...values };
  if (isBlank(value)) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * What a number input's text means: a number, nothing (blank), or the text itself when it is
 * not a number yet, so that validation says "must be a number" instead of dropping it.
 */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/** The text a number input shows for a stored value. */
export const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

/** The range hint of a number field ("0 – 100 t"), or undefined without one. */
export function rangeHint(field: Extract<ValueField, { kind: 'number' }>): string | undefined {
  const unit = field.unit ? ` ${field.unit}` : '';
  if (field.min !== undefined && field.max !== undefined) return `${field.min} – ${field.max}${unit}`;
  if (field.min !== undefined) return `at least ${field.min}${unit}`;
  if (field.max !== undefined) return `at most ${field.max}${unit}`;
  return undefined;
}

/** How many files an upload field takes. */
export function maxFilesOf(field: ValueField): number {
  if (field.kind === 'signature') return 1;
  if (field.kind === 'photo' || field.kind === 'file') return field.maxFiles ?? MAX_FILES_PER_FIELD;
  return 0;
}

/** Blob keys held by an upload field's value. */
export const blobKeysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The browser's own check of a chosen file (the server checks the content): photos are JPEG or PNG, files also PDF; 10 MB. */
export function acceptsFile(kind: 'photo' | 'file' | 'signature', file: { name: string; size: number }, maxBytes: number): boolean {
  const pattern = kind === 'file' ? /\.(jpe?g|png|pdf)$/i : /\.(jpe?g|png)$/i;
  return pattern.test(file.name) && file.size > 0 && file.size <= maxBytes;
}

export const ACCEPT_ATTRIBUTE = {
  photo: '.jpg,.jpeg,.png,image/jpeg,image/png',
  signature: '.png,image/png',
  file: '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf',
} as const;
