import { DIVISION_OBJECT_TYPE, type DivisionRow, DivisionSaveBody, DIVISIONS, TENANT_ID, settingsRowCan } from '@portal/contracts';
import { divisions } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { activeJobsWithTasks, taskTypesInDivision } from '../catalogue';
import { effectiveCode } from '../sequences';
import { defineSettingObject } from '../settings';

type DivisionRecord = typeof divisions.$inferSelect;

/** The spec's settings envelope (section 3 "Settings object envelope"), serialised. */
const envelope = (d: DivisionRecord) =>
  JSON.stringify({
    id: d.id,
    name: d.name,
    display_name: d.displayName,
    acronym_code: d.acronymCode,
    description: d.description,
    attribute_form: d.attributeForm,
    status: d.status,
    tenant_id: TENANT_ID,
    object_type: DIVISION_OBJECT_TYPE,
    created_date: d.createdAt.toISOString(),
    modified_date: d.modifiedAt.toISOString(),
    metadata: [],
  });

/** Divisions (administration document, "Divisions"): served by the generic /api/Setting calls. */
export const divisionSetting = defineSettingObject({
  objectType: DIVISION_OBJECT_TYPE,
  aliases: ['DIVISION', 'Divisions'],
  table: divisions,
  activeNameIndex: 'divisions_active_name_key',
  permissions: { read: 'divisions.read', options: 'divisions.options', write: 'divisions.write' },
  messages: DIVISIONS,
  row(d, ctx): DivisionRow {
    return {
      id: d.id,
      objectType: DIVISION_OBJECT_TYPE,
      tenantId: TENANT_ID,
      name: d.name,
      displayName: d.displayName,
      acronymCode: d.acronymCode,
      code: d.code,
      description: d.description,
      attributeForm: d.attributeForm,
      status: d.status,
      createdDate: d.createdAt.toISOString(),
      modifiedDate: d.modifiedAt.toISOString(),
      settingWithMetadata: envelope(d),
      can: settingsRowCan(ctx.user.role, 'divisions.write', d),
    };
  },
  optionColumns: { acronymCode: divisions.acronymCode },
  async archiveCheck(tx, ctx, record) {
    const taskTypes = await taskTypesInDivision(tx, ctx.scope, record.id);
    if (taskTypes.length) throw conflict(DIVISIONS.inUseByTaskTypes(taskTypes));
    const jobs = await activeJobsWithTasks(tx, ctx.scope, 'divisionId', record.id);
    if (jobs.length) throw conflict(DIVISIONS.inUseByJobs(jobs));
  },
  save: {
    schema: DivisionSaveBody,
    async values(input, existing, tx, ctx) {
      const acronymCode = input.acronymCode ?? input.acronym_code ?? null;
      return {
        name: input.name,
        // A display name the form leaves empty follows the name (the seed does the same).
        displayName: input.displayName ?? input.name,
        acronymCode,
        // The code certificate numbers print: typed (refused when another division holds it) or derived.
        code: await effectiveCode(
          tx,
          divisions,
          { namespaceId: ctx.scope.namespaceId, id: existing?.id ?? null, name: input.name, acronymCode, existing },
          (taken, holder) => conflict(DIVISIONS.codeTaken(taken, holder), { acronymCode: DIVISIONS.codeTaken(taken, holder) }),
        ),
        description: input.description ?? null,
        attributeForm: input.attributeForm ?? input.attribute_form ?? null,
      };
    },
  },
});
