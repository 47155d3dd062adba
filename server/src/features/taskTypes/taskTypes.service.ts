import { and, eq, inArray } from 'drizzle-orm';
import {
  type Checklist,
  checklistText,
  EMPTY_CHECKLIST,
  parseJsonAs,
  Checklist as ChecklistSchema,
  SHELL,
  TASK_TYPE_ALIASES,
  TASK_TYPE_OBJECT_TYPE,
  TASK_TYPE_TEXT,
  type TaskTypeRow,
  TaskTypeSaveBody,
  TENANT_ID,
  settingsRowCan,
} from '@portal/contracts';
import { assetTypes, divisions, taskTypes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { parseBody } from '../../lib/parseBody';
import type { RequestContext } from '../context';
import { activeJobsWithTasks } from '../catalogue';
import { defineSettingObject } from '../settings';
import { checkReferences } from './references';

type TaskTypeRecord = typeof taskTypes.$inferSelect;
type SaveInput = ReturnType<typeof TaskTypeSaveBody.parse>;

/** The spec's settings envelope, serialised: validity and EIAC travel as metadata. */
function envelope(t: TaskTypeRecord, division: string, sectionsJson: string): string {
  const meta = (key: string, value: string, dataType: string, displayName: string) => ({
    setting_id: t.id,
    tenant_id: TENANT_ID,
    meta_key: key,
    meta_value: value,
    data_type: dataType,
    object_type: TASK_TYPE_OBJECT_TYPE,
    display_name: displayName,
  });
  return JSON.stringify({
    id: t.id,
    name: t.name,
    acronym_code: t.acronymCode,
    division_id: t.divisionId,
    division,
    external_id: t.externalId,
    reference_standard: t.referenceStandard,
    inspection_method: t.inspectionMethod,
    description: t.description,
    asset_type: t.assetTypeId,
    attribute_form: t.reportTemplate,
    sectionsJson,
    status: t.status,
    tenant_id: TENANT_ID,
    object_type: TASK_TYPE_OBJECT_TYPE,
    created_date: t.createdAt.toISOString(),
    modified_date: t.modifiedAt.toISOString(),
    metadata: [meta('validity', String(t.validity), 'NUMBER', 'Validity'), meta('eiac', String(t.eiac), 'BOOLEAN', 'EIAC')],
  });
}

/** Rows with their division's (and asset type's) names, read in one query each. */
async function rowsOf(ctx: RequestContext, records: TaskTypeRecord[]): Promise<TaskTypeRow[]> {
  const divisionIds = [...new Set(records.map((r) => r.divisionId))];
  const names = new Map<number, string>();
  if (divisionIds.length > 0) {
    const found = await ctx.db
      .select({ id: divisions.id, name: divisions.name })
      .from(divisions)
      .where(and(inArray(divisions.id, divisionIds), eq(divisions.namespaceId, ctx.scope.namespaceId)));
    for (const d of found) names.set(d.id, d.name);
  }
  const assetTypeNames = await assetTypeNamesOf(
    ctx,
    records.map((r) => r.assetTypeId).filter((id): id is number => id !== null),
  );
  return records.map((t) => {
    const division = names.get(t.divisionId) ?? '';
    const sectionsJson = checklistText(t.checklist);
    return {
      id: t.id,
      objectType: TASK_TYPE_OBJECT_TYPE,
      tenantId: TENANT_ID,
      name: t.name,
      acronymCode: t.acronymCode,
      divisionId: t.divisionId,
      division,
      externalId: t.externalId,
      referenceStandard: t.referenceStandard,
      inspectionMethod: t.inspectionMethod,
      validity: t.validity,
      eiac: t.eiac,
      description: t.description,
      assetTypeId: t.assetTypeId,
      assetType: t.assetTypeId === null ? null : (assetTypeNames.get(t.assetTypeId) ?? null),
      reportTemplate: t.reportTemplate,
      checklist: t.checklist,
      sectionsJson,
      status: t.status,
      createdDate: t.createdAt.toISOString(),
      modifiedDate: t.modifiedAt.toISOString(),
      settingWithMetadata: envelope(t, division, sectionsJson),
      can: settingsRowCan(ctx.user.role, 'taskTypes.write', t),
    };
  });
}

async function assetTypeNamesOf(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await ctx.db
    .select({ id: assetTypes.id, name: assetTypes.name })
    .from(assetTypes)
    .where(and(inArray(assetTypes.id, [...new Set(ids)]), eq(assetTypes.namespaceId, ctx.scope.namespaceId)));
  return new Map(found.map((a) => [a.id, a.name]));
}

/**
 * The checklist a save carries: `sectionsJson` (the spec's JSON text) wins over `checklist`;
 * text that is not JSON gets the spec's 'Please Enter a valid JSON', a document that does not
 * fit its first wrong path. Neither: the record keeps its checklist (a new one starts empty).
 */
function checklistOf(input: SaveInput): Checklist | undefined {
  if (input.sectionsJson !== undefined) {
    const parsed = parseJsonAs(ChecklistSchema, input.sectionsJson);
    if (!parsed.ok) throw badRequest(parsed.message, { sectionsJson: parsed.message });
    return parsed.value;
  }
  return input.checklist;
}

const base = defineSettingObject({
  objectType: TASK_TYPE_OBJECT_TYPE,
  aliases: TASK_TYPE_ALIASES,
  table: taskTypes,
  activeNameIndex: 'task_types_active_name_key',
  permissions: { read: 'taskTypes.read', options: 'taskTypes.options', write: 'taskTypes.write' },
  messages: TASK_TYPE_TEXT,
  rows: rowsOf,
  async archiveCheck(tx, ctx, record) {
    const jobs = await activeJobsWithTasks(tx, ctx.scope, 'taskTypeId', record.id);
    if (jobs.length) throw conflict(TASK_TYPE_TEXT.inUseByJobs(jobs));
  },
  optionColumns: { divisionId: taskTypes.divisionId, assetTypeId: taskTypes.assetTypeId, validity: taskTypes.validity },
  save: {
    schema: TaskTypeSaveBody,
    values: (input, existing) => ({
      name: input.name,
      acronymCode: input.acronymCode ?? input.acronym_code ?? null,
      divisionId: input.divisionId,
      referenceStandard: input.referenceStandard ?? null,
      inspectionMethod: input.inspectionMethod ?? null,
      validity: input.validity,
      eiac: input.eiac ?? existing?.eiac ?? false,
      description: input.description ?? null,
      assetTypeId: input.assetTypeId ?? null,
      reportTemplate: input.reportTemplate ?? null,
      checklist: input.checklist ?? existing?.checklist ?? EMPTY_CHECKLIST,
    }),
  },
});

/**
 * Task types (administration document, "Task type dashboard"): the generic /api/Setting calls,
 * with a save that first reads the checklist text and checks what the task type refers to.
 */
export const taskTypeSetting = {
  ...base,
  save: {
    permission: 'taskTypes.write' as const,
    async run(ctx: RequestContext, body: unknown) {
      const input = parseBody(TaskTypeSaveBody, body);
      const checklist = checklistOf(input);
      const id = typeof input.id === 'number' && input.id > 0 ? input.id : null;
      // Another namespace's (or an unknown) record is a 404 before anything about the body.
      if (id !== null) {
        const [found] = await ctx.db
          .select({ id: taskTypes.id, checklist: taskTypes.checklist })
          .from(taskTypes)
          .where(and(eq(taskTypes.id, id), eq(taskTypes.namespaceId, ctx.scope.namespaceId)));
        if (!found) throw notFound(SHELL.notFound);
        await checkReferences(ctx.db, ctx.scope, { ...input, checklist: checklist ?? found.checklist });
      } else {
        await checkReferences(ctx.db, ctx.scope, { ...input, checklist: checklist ?? EMPTY_CHECKLIST });
      }
      return base.saveRow(ctx, { ...input, sectionsJson: undefined, checklist });
    },
  },
};
