import { and, eq, sql } from 'drizzle-orm';
import { assetTypes, taskTypes } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/**
 * What in the catalogue still refers to a record, so that archiving it (or changing what it is)
 * cannot leave active task types or asset types pointing at something jobs can no longer pick.
 */

/** Names of the active task types of the namespace whose asset type is this one (at most 3). */
export async function taskTypesUsingAssetType(db: Db, scope: Scope, assetTypeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: taskTypes.name })
    .from(taskTypes)
    .where(and(eq(taskTypes.namespaceId, scope.namespaceId), eq(taskTypes.status, 1), eq(taskTypes.assetTypeId, assetTypeId)))
    .orderBy(taskTypes.name)
    .limit(3);
  return rows.map((r) => r.name);
}

/**
 * Names of the active asset types (attribute form) and task types (a section's or an item's
 * form in the checklist) of the namespace that use this data form (at most 3).
 */
export async function recordsUsingForm(db: Db, scope: Scope, formId: number): Promise<string[]> {
  const byAssetType = await db
    .select({ name: assetTypes.name })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, scope.namespaceId), eq(assetTypes.status, 1), eq(assetTypes.attributeForm, formId)))
    .orderBy(assetTypes.name)
    .limit(3);
  const byTaskType = await db
    .select({ name: taskTypes.name })
    .from(taskTypes)
    .where(
      and(
        eq(taskTypes.namespaceId, scope.namespaceId),
        eq(taskTypes.status, 1),
        sql`jsonb_path_exists(${taskTypes.checklist}, '$.sections[*] ? (@.formId == $id || exists(@.items[*] ? (@.formId == $id)))', jsonb_build_object('id', ${formId}::int))`,
      ),
    )
    .orderBy(taskTypes.name)
    .limit(3);
  return [...byAssetType.map((r) => `asset type ${r.name}`), ...byTaskType.map((r) => `task type ${r.name}`)].slice(0, 3);
}
