import { and, eq, inArray } from 'drizzle-orm';
import { ASSET_TYPE_TEXT } from '@portal/contracts';
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
