import { and, eq, inArray } from 'drizzle-orm';
import {
  DATA_FORM_TEXT,
  type FormDefinition,
  type FormValues,
  isValueField,
  UPLOAD_KINDS,
  validateFormValues,
  fieldValue,
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

/**
 * Checks values filled in against the revision of the form they name, as the renderer did
 * (DECISIONS 8): required shown fields, types, ranges, options, no unknown keys, and upload
 * fields naming files uploaded in the caller's namespace. Throws 404 for a form of another
 * namespace, 400 with `fields` (by field key) otherwise; answers the definition used.
 */
export async function checkFilledForm(db: Db, scope: Scope, filled: FilledForm): Promise<FormDefinition> {
  const [form] = await db
    .select({ id: dataForms.id })
    .from(dataForms)
    .where(and(eq(dataForms.id, filled.formId), eq(dataForms.namespaceId, scope.namespaceId)));
  if (!form) throw notFound(DATA_FORM_TEXT.loadError);
  const [revision] = await db
    .select({ definition: dataFormRevisions.definition })
    .from(dataFormRevisions)
    .where(
      and(
        eq(dataFormRevisions.formId, filled.formId),
        eq(dataFormRevisions.namespaceId, scope.namespaceId),
        eq(dataFormRevisions.revision, filled.formRevision),
      ),
    );
  if (!revision) throw badRequest(DATA_FORM_TEXT.unknownRevision, { formRevision: DATA_FORM_TEXT.unknownRevision });
  const definition = revision.definition;
  const values = filled.values !== null && typeof filled.values === 'object' && !Array.isArray(filled.values) ? filled.values : null;
  if (!values) throw badRequest(DATA_FORM_TEXT.filledInvalid, { values: 'must be an object of answers by field key' });

  const fields: Record<string, string> = Object.create(null);
  for (const problem of validateFormValues(definition, values)) {
    if (!Object.hasOwn(fields, problem.key)) fields[problem.key] = problem.message;
  }

  // Upload fields must name files of this namespace (not keys made up or taken from elsewhere).
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

  const [first] = Object.values(fields);
  if (first !== undefined) throw badRequest(DATA_FORM_TEXT.filledInvalid, fields);
  return definition;
}
