import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVE_JOB_STATUSES, TASK_STATUS } from '@portal/contracts';
import { assets, assetTypes, jobs, tasks, taskTypes } from '../../db/schema';
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

/** Names of the active task types of the namespace in this division (at most 3). */
export async function taskTypesInDivision(db: Db, scope: Scope, divisionId: number): Promise<string[]> {
  const rows = await db
    .select({ name: taskTypes.name })
    .from(taskTypes)
    .where(and(eq(taskTypes.namespaceId, scope.namespaceId), eq(taskTypes.status, 1), eq(taskTypes.divisionId, divisionId)))
    .orderBy(taskTypes.name)
    .limit(3);
  return rows.map((r) => r.name);
}

/** Names of the active assets of the namespace of this asset type (at most 3). */
export async function assetsOfType(db: Db, scope: Scope, assetTypeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: assets.name })
    .from(assets)
    .where(and(eq(assets.namespaceId, scope.namespaceId), eq(assets.status, 1), eq(assets.assetTypeId, assetTypeId)))
    .orderBy(assets.name)
    .limit(3);
  return rows.map((r) => r.name);
}

/**
 * Numbers of the active jobs (Active, Ongoing, Completed, Submitted) of the namespace with a
 * live task (not cancelled or deleted) whose column (task type, division, asset type) is this
 * record (at most 3): archiving it would leave those jobs pointing at what they can no longer pick.
 */
export async function activeJobsWithTasks(
  db: Db,
  scope: Scope,
  column: 'taskTypeId' | 'divisionId' | 'assetTypeId',
  id: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ number: jobs.jobNumber })
    .from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(
      and(
        eq(tasks.namespaceId, scope.namespaceId),
        eq(tasks[column] as AnyPgColumn, id),
        notInArray(tasks.status, [TASK_STATUS.CANCELLED, TASK_STATUS.DELETED]),
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
      ),
    )
    .orderBy(jobs.jobNumber)
    .limit(3);
  return rows.map((r) => r.number);
}

/** Numbers of the active jobs of the namespace run from this office (at most 3). */
export async function activeJobsOfOffice(db: Db, scope: Scope, officeId: number): Promise<string[]> {
  const rows = await db
    .select({ number: jobs.jobNumber })
    .from(jobs)
    .where(and(eq(jobs.namespaceId, scope.namespaceId), eq(jobs.officeId, officeId), inArray(jobs.status, [...ACTIVE_JOB_STATUSES])))
    .orderBy(jobs.jobNumber)
    .limit(3);
  return rows.map((r) => r.number);
}
