import { z } from 'zod';
import { Id, objectTypeOf, optionalText, RowRights, requiredText, SaveId } from '../common/schemas';
import { FormDefinition } from './definition';

/** Data forms (administration document, "Data form (object type FORM, tenant 2)"). */
export const DATA_FORM_OBJECT_TYPE = 'Form';
export const DATA_FORM_ALIASES = ['FORM'];

/** Form object choices: the first six are enabled; the last four are listed but disabled. */
export const FORM_OBJECTS = [
  { value: 'ASSET TYPE', enabled: true },
  { value: 'TASK TYPE', enabled: true },
  { value: 'OBSERVATIONS', enabled: true },
  { value: 'LLG', enabled: true },
  { value: 'MISC', enabled: true },
  { value: 'SERVICE REPORT', enabled: true },
  { value: 'JOB', enabled: false },
  { value: 'LOCATION', enabled: false },
  { value: 'USER', enabled: false },
  { value: 'MATERIAL', enabled: false },
] as const;
export type FormObject = (typeof FORM_OBJECTS)[number]['value'];
export const ENABLED_FORM_OBJECTS = FORM_OBJECTS.filter((o) => o.enabled).map((o) => o.value) as FormObject[];

export const FORM_TYPES = ['FORM', 'MULTIPLE', 'CHECKPOINT', 'NC'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** The spec's defaults of Multiple Forms Min and Max. */
export const DEFAULT_SAMPLES_MIN = 1;
export const DEFAULT_SAMPLES_MAX = 2;
export const MAX_SAMPLES = 1000;
export const SAMPLES_ORDER = 'Max must not be less than Min';

/**
 * A form definition as sent: the object, or its JSON text (the builder's JSON view). The text
 * is parsed here so a syntax error is reported as the spec's 'Please Enter a valid JSON'.
 */
export const FormJsonInput = z
  .union([z.string().max(2_000_000, 'is too long'), z.record(z.string(), z.unknown())], { error: 'must be a form definition' })
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Please Enter a valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(FormDefinition);

const samples = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_SAMPLES, `${label} must be at most ${MAX_SAMPLES}`);

const formObjectField = z
  .string({ error: 'Form Object is required' })
  .refine((v) => FORM_OBJECTS.some((o) => o.value === v), 'is not a form object')
  .refine((v) => ENABLED_FORM_OBJECTS.includes(v as FormObject), 'is not available yet')
  .transform((v) => v as FormObject);

/** POST /api/Setting with objectType Form: create (no id) or update (id). Every save is a new revision. */
export const DataFormSaveBody = z
  .object({
    objectType: objectTypeOf(DATA_FORM_OBJECT_TYPE, DATA_FORM_ALIASES),
    id: SaveId,
    name: requiredText(200, 'Name'),
    description: optionalText(2000),
    formObject: formObjectField,
    /** Absent: FORM for a new form; an update keeps its own (so do Min and Max, defaults 1 and 2). */
    formType: z.enum(FORM_TYPES, { error: 'must be FORM, MULTIPLE, CHECKPOINT or NC' }).optional(),
    samplesMin: samples('Min').optional(),
    samplesMax: samples('Max').optional(),
    /** Absent: a new form starts empty, an update keeps its definition. */
    formJson: FormJsonInput.optional(),
    tenantId: z.number().optional(),
  })
  .superRefine((body, ctx) => {
    const min = body.samplesMin ?? DEFAULT_SAMPLES_MIN;
    if (body.samplesMax !== undefined && body.samplesMax < min)
      ctx.addIssue({ code: 'custom', path: ['samplesMax'], message: SAMPLES_ORDER });
  });
export type DataFormSaveBody = z.input<typeof DataFormSaveBody>;

export const DataFormRow = z.object({
  id: z.number(),
  objectType: z.literal(DATA_FORM_OBJECT_TYPE),
  tenantId: z.literal(2),
  name: z.string(),
  description: z.string().nullable(),
  formObject: z.string(),
  formType: z.enum(FORM_TYPES),
  samplesMin: z.number(),
  samplesMax: z.number(),
  /** Increases by one on every save (DECISIONS 8). */
  revision: z.number(),
  fieldCount: z.number(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope (section 3) serialised, with the form's metadata entries. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type DataFormRow = z.infer<typeof DataFormRow>;

/** One entry of the spec's metadata list. */
export const SettingMetadata = z.object({
  setting_id: z.number(),
  tenant_id: z.number(),
  meta_key: z.string(),
  meta_value: z.string(),
  data_type: z.enum(['INTEGER', 'STRING']),
  object_type: z.string(),
  display_name: z.string(),
});
export type SettingMetadata = z.infer<typeof SettingMetadata>;

/** GET /api/Setting/formdata: the row, its metadata list and its definition. */
export const DataFormData = DataFormRow.extend({ metadata: z.array(SettingMetadata), formJson: FormDefinition });
export type DataFormData = z.infer<typeof DataFormData>;

export const FormIdQuery = z.object({ formId: Id });
/** GET /api/Setting/FormJSON: the current definition, or the one of an earlier revision (to show data filled in against it). */
export const FormJsonQuery = z.object({ formId: Id, revision: Id.optional() });

/** GET and POST /api/Setting/FormJSON. */
export const FormJsonAnswer = z.object({
  formId: z.number(),
  name: z.string(),
  formObject: z.string(),
  formType: z.enum(FORM_TYPES),
  samplesMin: z.number(),
  samplesMax: z.number(),
  revision: z.number(),
  formJson: FormDefinition,
});
export type FormJsonAnswer = z.infer<typeof FormJsonAnswer>;

export const FormJsonSaveBody = z.object({
  formId: z.number({ error: 'formId must be a number' }).int().positive().max(2_147_483_647),
  formJson: FormJsonInput,
});
export type FormJsonSaveBody = z.input<typeof FormJsonSaveBody>;

/** GET /api/Setting/FormObject?formobject=: active forms of one form object, by name. */
export const FormObjectQuery = z.object({ formobject: z.string().max(50) });
export const FormObjectEntry = z.object({
  id: z.number(),
  name: z.string(),
  formType: z.enum(FORM_TYPES),
  samplesMin: z.number(),
  samplesMax: z.number(),
  revision: z.number(),
});
export type FormObjectEntry = z.infer<typeof FormObjectEntry>;

/** GET /api/Setting/Objects?objectType=Form: every active form as a picker entry, by name. */
export const DataFormOption = z.object({
  id: z.number(),
  name: z.string(),
  formObject: z.string(),
  formType: z.enum(FORM_TYPES),
  revision: z.number(),
});
export type DataFormOption = z.infer<typeof DataFormOption>;

/**
 * POST /api/Setting/formfile?kind=photo|file|signature|attachment: photos and signatures are
 * images; files may also be PDF; attachments (a checklist item's Files list, tasks document 5)
 * also doc, docx, xls, xlsx and csv.
 */
export const FormFileQuery = z.object({ kind: z.enum(['photo', 'file', 'signature', 'attachment']).default('file') });
export const FormFileAnswer = z.object({ blobKey: z.string(), fileName: z.string(), size: z.number(), contentType: z.string() });
export type FormFileAnswer = z.infer<typeof FormFileAnswer>;
/** 10 MB per photo or file of a form. */
export const FORM_FILE_MAX_BYTES = 10 * 1024 * 1024;
