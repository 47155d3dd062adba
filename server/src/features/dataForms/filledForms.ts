import { and, eq, inArray } from 'drizzle-orm';
import {
  DATA_FORM_TEXT,
  FORM_SAMPLES_TEXT,
  type FormDefinition,
  type FormValues,
  fieldValue,
  isValueField,
  UPLOAD_KINDS,
  validateFormValues,
  visibility,
} from '@portal/contracts';
import { dataFormRevisions, dataForms, files } from '../../db/schema';
import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';

export interface FilledForm {
  formId: number;
  /** The revision the values were filled in against (the answer of FormJSON at the time). */
  formRevision: number;
  values: FormValues;
}

export interface FilledSamples {
  formId: number;
  formRevision: number;
  /** One set of values per sample of a MULTIPLE form. */
  samples: FormValues[];
}

/** The form (of the caller's namespace: 404 otherwise) and the definition of the named revision (400 when it never had it). */
async function revisionOf(db: Db, scope: Scope, formId: number, formRevision: number) {
  const [form] = await db
    .select({ id: dataForms.id, samplesMin: dataForms.samplesMin, samplesMax: dataForms.samplesMax })
    .from(dataForms)
    .where(and(eq(dataForms.id, formId), eq(dataForms.namespaceId, scope.namespaceId)));
  if (!form) throw notFound(DATA_FORM_TEXT.loadError);
  const [revision] = await db
    .select({ definition: dataFormRevisions.definition })
    .from(dataFormRevisions)
    .where(
      and(
        eq(dataFormRevisions.formId, formId),
        eq(dataFormRevisions.namespaceId, scope.namespaceId),
        eq(dataFormRevisions.revision, formRevision),
      ),
    );
  if (!revision) throw badRequest(DATA_FORM_TEXT.unknownRevision, { formRevision: DATA_FORM_TEXT.unknownRevision });
  return { form, definition: revision.definition };
}

const isValues = (values: unknown): values is FormValues => values !== null && typeof values === 'object' && !Array.isArray(values);

/**
 * The problems of one set of values, by field key: what validateFormValues finds, and upload
 * fields naming files that are not files of the caller's namespace (made up, or taken from
 * elsewhere).
 */
async function problemsOf(db: Db, scope: Scope, definition: FormDefinition, values: FormValues): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.create(null);
  for (const problem of validateFormValues(definition, values)) {
    if (!Object.hasOwn(fields, problem.key)) fields[problem.key] = problem.message;
  }
  const shown = visibility(definition, values);
  const wanted = new Map<string, string>();
  for (const field of definition.fields) {
    if (!isValueField(field) || !UPLOAD_KINDS.includes(field.kind) || !shown.get(field.id) || Object.hasOwn(fields, field.key)) continue;
    const keys = fieldValue(values, field.key);
    if (Array.isArray(keys)) for (const key of keys) if (typeof key === 'string') wanted.set(key, field.key);
  }
  if (wanted.size > 0) {
    const found = await db
      .select({ blobKey: files.blobKey })
      .from(files)
      .where(and(eq(files.namespaceId, scope.namespaceId), inArray(files.blobKey, [...wanted.keys()])));
    const present = new Set(found.map((f) => f.blobKey));
    for (const [key, fieldKey] of wanted) {
      if (!present.has(key) && !Object.hasOwn(fields, fieldKey)) fields[fieldKey] = `${fieldKey} refers to a file that was not uploaded`;
    }
  }
  return fields;
}

/**
 * Checks values filled in against the revision of the form they name, as the renderer did
 * (DECISIONS 8): required shown fields, types, ranges, options, no unknown keys, and upload
 * fields naming files uploaded in the caller's namespace. Throws 404 for a form of another
 * namespace, 400 with `fields` (by field key) otherwise; answers the definition used.
 */
export async function checkFilledForm(db: Db, scope: Scope, filled: FilledForm): Promise<FormDefinition> {
  const { definition } = await revisionOf(db, scope, filled.formId, filled.formRevision);
  if (!isValues(filled.values)) throw badRequest(DATA_FORM_TEXT.filledInvalid, { values: 'must be an object of answers by field key' });
  const fields = await problemsOf(db, scope, definition, filled.values);
  if (Object.keys(fields).length > 0) throw badRequest(DATA_FORM_TEXT.filledInvalid, fields);
  return definition;
}

/**
 * The same for a form filled in several times (form type MULTIPLE): between the form's Min and
 * Max samples, each checked as above; `fields` are named `samples[<n>].<key>` (0-based).
 */
export async function checkFilledSamples(db: Db, scope: Scope, filled: FilledSamples): Promise<FormDefinition> {
  const { form, definition } = await revisionOf(db, scope, filled.formId, filled.formRevision);
  const samples = filled.samples;
  if (!Array.isArray(samples) || !samples.every(isValues))
    throw badRequest(DATA_FORM_TEXT.filledInvalid, { samples: 'must be a list of answers by field key' });
  if (samples.length < form.samplesMin)
    throw badRequest(FORM_SAMPLES_TEXT.tooFew(form.samplesMin), { samples: FORM_SAMPLES_TEXT.tooFew(form.samplesMin) });
  if (samples.length > form.samplesMax)
    throw badRequest(FORM_SAMPLES_TEXT.tooMany(form.samplesMax), { samples: FORM_SAMPLES_TEXT.tooMany(form.samplesMax) });
  const fields: Record<string, string> = Object.create(null);
  for (const [index, values] of samples.entries()) {
    for (const [key, message] of Object.entries(await problemsOf(db, scope, definition, values)))
      fields[`samples[${index}].${key}`] = message;
  }
  if (Object.keys(fields).length > 0) throw badRequest(DATA_FORM_TEXT.filledInvalid, fields);
  return definition;
}
