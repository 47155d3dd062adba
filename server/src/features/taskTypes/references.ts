import { and, eq, inArray } from 'drizzle-orm';
import {
  CHECKLIST_FORM_OBJECTS,
  type Checklist,
  checklistFormIds,
  isLlgTaskType,
  LLG_CATEGORY,
  LLG_FORM_OBJECT,
  TASK_TYPE_TEXT,
} from '@portal/contracts';
import { assetTypes, dataForms, divisions } from '../../db/schema';
import type { Db } from '../../db/types';
import { badRequest } from '../../lib/errors';
import type { Scope } from '../../lib/scope';

/**
 * What a task type refers to must be of the caller's namespace and active: its division, its
 * asset type (not a loose gear one) and every data form of its checklist. A wrong one is a
 * 400 naming the field (or the checklist path), never a foreign key failure.
 */
export async function checkReferences(
  db: Db,
  scope: Scope,
  input: { name: string; divisionId: number; assetTypeId?: number | null; checklist: Checklist },
): Promise<void> {
  const [division] = await db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.id, input.divisionId), eq(divisions.namespaceId, scope.namespaceId), eq(divisions.status, 1)));
  if (!division) throw badRequest(TASK_TYPE_TEXT.unknownDivision, { divisionId: TASK_TYPE_TEXT.unknownDivision });
  if (input.assetTypeId) await checkAssetType(db, scope, input.assetTypeId, input.name);
  const formIds = checklistFormIds(input.checklist);
  if (formIds.length > 0) {
    const active = await activeFormIds(db, scope, formIds, input.name);
    const path = firstPathOf(input.checklist, (id) => !active.has(id));
    if (path) {
      const message = `${path}: ${TASK_TYPE_TEXT.unknownForm}`;
      throw badRequest(message, { [path]: TASK_TYPE_TEXT.unknownForm });
    }
  }
}

/** The path of the first formId of a checklist that fails a test, e.g. sections[1].items[0].formId. */
export function firstPathOf(checklist: Checklist, wrong: (formId: number) => boolean): string | null {
  for (const [s, section] of checklist.sections.entries()) {
    if (section.formId && wrong(section.formId)) return `sections[${s}].formId`;
    for (const [i, item] of section.items.entries()) if (item.formId && wrong(item.formId)) return `sections[${s}].items[${i}].formId`;
  }
  return null;
}

/**
 * An active asset type of the namespace; a loose gear (LLG) one only for the LLG task type and
 * its llg- children, any other one only for the others (DECISIONS 8: pickers keep them apart).
 */
async function checkAssetType(db: Db, scope: Scope, assetTypeId: number, taskTypeName: string): Promise<void> {
  const [found] = await db
    .select({ category: assetTypes.category })
    .from(assetTypes)
    .where(and(eq(assetTypes.id, assetTypeId), eq(assetTypes.namespaceId, scope.namespaceId), eq(assetTypes.status, 1)));
  if (!found || (found.category === LLG_CATEGORY) !== isLlgTaskType(taskTypeName))
    throw badRequest(TASK_TYPE_TEXT.unknownAssetType, { assetTypeId: TASK_TYPE_TEXT.unknownAssetType });
}

/**
 * The forms among `ids` a checklist may use: active forms of the namespace whose form object is
 * TASK TYPE, or LLG for the LLG task type and its llg- children.
 */
async function activeFormIds(db: Db, scope: Scope, ids: number[], taskTypeName: string): Promise<Set<number>> {
  const objects = isLlgTaskType(taskTypeName) ? [...CHECKLIST_FORM_OBJECTS, LLG_FORM_OBJECT] : CHECKLIST_FORM_OBJECTS;
  const found = await db
    .select({ id: dataForms.id })
    .from(dataForms)
    .where(
      and(
        inArray(dataForms.id, ids),
        eq(dataForms.namespaceId, scope.namespaceId),
        eq(dataForms.status, 1),
        inArray(dataForms.formObject, objects),
      ),
    );
  return new Set(found.map((f) => f.id));
}
