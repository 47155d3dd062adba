import { z } from 'zod';

/**
 * The definition of a data form (administration document, "Data Forms"; DECISIONS 8): our own
 * JSON, designed in Settings > Data Forms and rendered by one component for filling in and
 * preview. Stored with a revision that increases on every save; filled-in data records it.
 */

/** Field kinds of the builder's palette, in palette order. */
export const FIELD_KINDS = [
  'text',
  'textarea',
  'number',
  'date',
  'time',
  'select',
  'multiselect',
  'yesno',
  'passfail',
  'photo',
  'file',
  'signature',
  'heading',
  'help',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Kinds that only lay the form out: no key's value is kept for them. */
export const LAYOUT_KINDS: readonly FieldKind[] = ['heading', 'help'];
/** Kinds whose value is a list of uploaded files (their blob keys). */
export const UPLOAD_KINDS: readonly FieldKind[] = ['photo', 'file', 'signature'];
/** Kinds with a list of options. */
export const CHOICE_KINDS: readonly FieldKind[] = ['select', 'multiselect'];

/** Values of a pass/fail/not-applicable field (DECISIONS 8: item results). */
export const PASS_FAIL_VALUES = ['pass', 'fail', 'na'] as const;

export const MAX_FORM_FIELDS = 300;
export const MAX_FIELD_OPTIONS = 100;
export const MAX_FILES_PER_FIELD = 20;

/** A field key: what filled-in data is stored under. Letters, digits and _, a letter first. */
export const FieldKey = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and hold only letters, digits and _ (at most 64)');

const text = (max: number) => z.string().max(max, `at most ${max} characters`);

export const FieldOption = z
  .object({
    value: text(200).min(1, 'is required'),
    label: text(200).min(1, 'is required'),
  })
  .strict();
export type FieldOption = z.infer<typeof FieldOption>;

/** Shows a field only while another (earlier) field holds one of the listed values. */
export const VisibleWhen = z
  .object({
    key: FieldKey,
    /** Any of these values (for a multiple choice: any of them picked). */
    equals: z
      .array(z.union([text(200), z.number(), z.boolean()]))
      .min(1, 'needs at least one value')
      .max(MAX_FIELD_OPTIONS),
  })
  .strict();
export type VisibleWhen = z.infer<typeof VisibleWhen>;

const common = {
  /** Stable id of the field in the builder (drag and drop, undo); not shown. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -'),
  label: text(300).min(1, 'Label is required'),
  help: text(1000).optional(),
  visibleWhen: VisibleWhen.optional(),
};
const valueField = { ...common, key: FieldKey, required: z.boolean().optional() };

const finite = z.number().refine(Number.isFinite, 'must be a number');

export const FormField = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('text'),
      ...valueField,
      default: text(1000).optional(),
      maxLength: z.number().int().min(1).max(10_000).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('textarea'),
      ...valueField,
      default: text(10_000).optional(),
      maxLength: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('number'),
      ...valueField,
      default: finite.optional(),
      min: finite.optional(),
      max: finite.optional(),
      unit: text(30).optional(),
      /** Decimal places allowed (0 = whole numbers). */
      decimals: z.number().int().min(0).max(6).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('date'),
      ...valueField,
      /** 'today' or a YYYY-MM-DD date. */
      default: z.union([z.literal('today'), z.iso.date()]).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('time'), ...valueField, default: z.iso.time({ precision: -1 }).optional() }).strict(),
  z
    .object({
      kind: z.literal('select'),
      ...valueField,
      options: z.array(FieldOption).min(1, 'needs at least one option').max(MAX_FIELD_OPTIONS),
      default: text(200).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('multiselect'),
      ...valueField,
      options: z.array(FieldOption).min(1, 'needs at least one option').max(MAX_FIELD_OPTIONS),
      default: z.array(text(200)).max(MAX_FIELD_OPTIONS).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('yesno'), ...valueField, default: z.boolean().optional() }).strict(),
  z
    .object({
      kind: z.literal('passfail'),
      ...valueField,
      default: z.enum(PASS_FAIL_VALUES).optional(),
      /** A result field (DECISIONS 9): a fail here fails the item (or section) whose form it is. */
      result: z.boolean().optional(),
    })
    .strict(),
  z.object({ kind: z.literal('photo'), ...valueField, maxFiles: z.number().int().min(1).max(MAX_FILES_PER_FIELD).optional() }).strict(),
  z.object({ kind: z.literal('file'), ...valueField, maxFiles: z.number().int().min(1).max(MAX_FILES_PER_FIELD).optional() }).strict(),
  z.object({ kind: z.literal('signature'), ...valueField }).strict(),
  z.object({ kind: z.literal('heading'), ...common }).strict(),
  z.object({ kind: z.literal('help'), ...common, label: text(2000).min(1, 'Text is required') }).strict(),
]);
export type FormField = z.infer<typeof FormField>;
export type ValueField = Exclude<FormField, { kind: 'heading' | 'help' }>;

export const isValueField = (f: FormField): f is ValueField => !LAYOUT_KINDS.includes(f.kind);

/** The whole definition: fields in order, checked as one (unique keys, conditions, ranges). */
export const FormDefinition = z
  .object({
    /** Format version of this document (not the form's revision). */
    version: z.literal(1),
    fields: z.array(FormField).max(MAX_FORM_FIELDS, `at most ${MAX_FORM_FIELDS} fields`),
  })
  .strict()
  .superRefine((def, ctx) => {
    const ids = new Set<string>();
    const keys = new Map<string, FormField>();
    def.fields.forEach((field, i) => {
      const at = (...rest: (string | number)[]) => ['fields', i, ...rest];
      if (ids.has(field.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: `the id ${field.id} is used twice` });
      ids.add(field.id);
      if (isValueField(field)) {
        if (keys.has(field.key)) ctx.addIssue({ code: 'custom', path: at('key'), message: `the key ${field.key} is used twice` });
        if (field.kind === 'number') {
          if (field.min !== undefined && field.max !== undefined && field.min > field.max)
            ctx.addIssue({ code: 'custom', path: at('max'), message: 'must not be less than min' });
          if (field.default !== undefined && !inRange(field.default, field.min, field.max))
            ctx.addIssue({ code: 'custom', path: at('default'), message: 'must lie between min and max' });
        }
        if (field.kind === 'select' || field.kind === 'multiselect') {
          const values = field.options.map((o) => o.value);
          const twice = values.find((v, j) => values.indexOf(v) !== j);
          if (twice !== undefined) ctx.addIssue({ code: 'custom', path: at('options'), message: `the option ${twice} is listed twice` });
          const defaults = field.default === undefined ? [] : Array.isArray(field.default) ? field.default : [field.default];
          const unknown = defaults.find((d) => !values.includes(d));
          if (unknown !== undefined) ctx.addIssue({ code: 'custom', path: at('default'), message: `${unknown} is not one of the options` });
        }
      }
      if (field.visibleWhen) {
        const source = keys.get(field.visibleWhen.key);
        if (!source)
          ctx.addIssue({
            code: 'custom',
            path: at('visibleWhen', 'key'),
            message: `must name a field above this one (${field.visibleWhen.key} is not)`,
          });
      }
      if (isValueField(field) && !keys.has(field.key)) keys.set(field.key, field);
    });
  });
export type FormDefinition = z.infer<typeof FormDefinition>;

export const EMPTY_FORM_DEFINITION: FormDefinition = { version: 1, fields: [] };

const inRange = (n: number, min?: number, max?: number) => (min === undefined || n >= min) && (max === undefined || n <= max);

/** Filled-in values of one form, by field key. Upload fields hold lists of blob keys. */
export type FormValues = Record<string, unknown>;

/**
 * A field's value: own keys only, so that a key such as `constructor` never reads what an
 * object inherits (values usually come from JSON.parse, whose objects have a prototype).
 */
export const fieldValue = (values: FormValues, key: string): unknown => (Object.hasOwn(values, key) ? values[key] : undefined);

/** Whether a field is shown for the given values (its condition's source shown and matching). */
export function isFieldVisible(def: FormDefinition, field: FormField, values: FormValues): boolean {
  return visibility(def, values).get(field.id) ?? true;
}

/** Every field's visibility at once, in order (a field hidden hides those that depend on it). */
export function visibility(def: FormDefinition, values: FormValues): Map<string, boolean> {
  const shown = new Map<string, boolean>();
  const keyShown = new Map<string, boolean>();
  for (const field of def.fields) {
    let visible = true;
    if (field.visibleWhen) {
      const { key, equals } = field.visibleWhen;
      const value = fieldValue(values, key);
      const matches = Array.isArray(value) ? value.some((v) => equals.includes(v)) : equals.includes(value as string | number | boolean);
      visible = (keyShown.get(key) ?? false) && matches;
    }
    shown.set(field.id, visible);
    if (isValueField(field)) keyShown.set(field.key, visible);
  }
  return shown;
}

export interface FieldProblem {
  key: string;
  message: string;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Checks one field's value against its definition; null when fine. Blank values pass here. */
export function fieldValueProblem(field: ValueField, value: unknown): string | null {
  if (isBlank(value)) return null;
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return 'must be text';
      const max = field.maxLength ?? (field.kind === 'text' ? 1000 : 10_000);
      return value.length > max ? `must be at most ${max} characters` : null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
      if (field.decimals !== undefined && Math.abs(Math.round(value * 10 ** field.decimals) - value * 10 ** field.decimals) > 1e-6)
        return field.decimals === 0 ? 'must be a whole number' : `must have at most ${field.decimals} decimal places`;
      return null;
    }
    case 'date':
      return typeof value === 'string' && z.iso.date().safeParse(value).success ? null : 'must be a date (YYYY-MM-DD)';
    case 'time':
      return typeof value === 'string' && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value) ? null : 'must be a time (HH:mm)';
    case 'select':
      return typeof value === 'string' && field.options.some((o) => o.value === value) ? null : 'must be one of the options';
    case 'multiselect':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && field.options.some((o) => o.value === v))
        ? null
        : 'must be some of the options';
    case 'yesno':
      return typeof value === 'boolean' ? null : 'must be yes or no';
    case 'passfail':
      return PASS_FAIL_VALUES.includes(value as (typeof PASS_FAIL_VALUES)[number]) ? null : 'must be pass, fail or not applicable';
    case 'photo':
    case 'file':
    case 'signature': {
      const max = field.kind === 'signature' ? 1 : (field.maxFiles ?? MAX_FILES_PER_FIELD);
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(v)))
        return 'must be a list of uploaded files';
      return value.length > max ? `at most ${max} file${max === 1 ? '' : 's'}` : null;
    }
  }
}

/**
 * Checks filled-in values against a definition, as the renderer does and as the server does
 * before it keeps them: required fields that are shown, each value's type and range, and no
 * key the definition does not have. Hidden fields' values are not checked (and not required).
 */
export function validateFormValues(def: FormDefinition, values: FormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const shown = visibility(def, values);
  const known = new Set<string>();
  for (const field of def.fields) {
    if (!isValueField(field)) continue;
    known.add(field.key);
    if (!shown.get(field.id)) continue;
    const value = fieldValue(values, field.key);
    if (isBlank(value)) {
      if (field.required) problems.push({ key: field.key, message: `${field.label} is required` });
      continue;
    }
    const problem = fieldValueProblem(field, value);
    if (problem) problems.push({ key: field.key, message: `${field.label} ${problem}` });
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) problems.push({ key, message: `${key} is not a field of this form` });
  }
  return problems;
}

/** The values a new filling starts with: each shown field's default ('today' resolved). */
export function defaultFormValues(def: FormDefinition, today: string): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    if (!isValueField(field) || !('default' in field) || field.default === undefined) continue;
    values[field.key] = field.default === 'today' ? today : field.default;
  }
  return values;
}

/** The first problem of a zod error as '<path>: <reason>' (the spec's "the wrong path and reason"). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'is not valid';
  const path = issue.path.length
    ? issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '')
    : '(top)';
  return `${path}: ${issue.message}`;
}
