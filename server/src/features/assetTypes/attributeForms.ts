import { and, eq, inArray } from 'drizzle-orm';
import { ASSET_TYPE_TEXT, IDENTIFICATION_LABEL, type IdentificationFact, isValueField } from '@portal/contracts';
import { dataForms } from '../../db/schema';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/errors';
import type { Scope } from '../../lib/scope';

/** The form object of the data forms that describe an asset type's attributes. */
export const ATTRIBUTE_FORM_OBJECT = 'ASSET TYPE';

/** The names of the namespace's data forms with these ids (archived ones too: a row keeps showing its form). */
export async function attributeFormNames(db: Db, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: dataForms.id, name: dataForms.name })
    .from(dataForms)
    .where(and(eq(dataForms.namespaceId, scope.namespaceId), inArray(dataForms.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Refuses (400) an attribute form that is not an active ASSET TYPE form of the caller's
 * namespace. A type may keep the form it has even once that form is archived (`kept`).
 */
export async function checkAttributeForm(db: Db, scope: Scope, formId: number | null, kept = false): Promise<void> {
  if (formId === null) return;
  const [form] = await db
    .select({ id: dataForms.id })
    .from(dataForms)
    .where(
      and(
        eq(dataForms.id, formId),
        eq(dataForms.namespaceId, scope.namespaceId),
        eq(dataForms.formObject, ATTRIBUTE_FORM_OBJECT),
        kept ? undefined : eq(dataForms.status, 1),
      ),
    );
  if (!form) throw badRequest(ASSET_TYPE_TEXT.saveError, { attributeForm: ASSET_TYPE_TEXT.attributeFormInvalid });
}

/**
 * Refuses (400) an identification mapping (DECISIONS 9) that names a key the attribute form
 * does not have as a value field (or any key without an attribute form).
 */
export async function checkIdentification(db: Db, scope: Scope, formId: number | null, identification: Partial<Record<string, string>>) {
  const named = Object.entries(identification).filter((e): e is [IdentificationFact, string] => typeof e[1] === 'string');
  if (named.length === 0) return;
  const [form] =
    formId === null
      ? []
      : await db
          .select({ definition: dataForms.definition })
          .from(dataForms)
          .where(and(eq(dataForms.id, formId), eq(dataForms.namespaceId, scope.namespaceId)));
  const keys = new Set((form?.definition.fields ?? []).filter(isValueField).map((f) => f.key));
  const fields: Record<string, string> = Object.create(null);
  for (const [fact, key] of named)
    if (!keys.has(key)) fields[`identification.${fact}`] = `${IDENTIFICATION_LABEL[fact]}: ${key} is not a field of the attribute form`;
  if (Object.keys(fields).length > 0) throw badRequest(ASSET_TYPE_TEXT.saveError, fields);
}
