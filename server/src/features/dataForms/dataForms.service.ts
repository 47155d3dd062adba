import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DATA_FORM_ALIASES,
  DATA_FORM_OBJECT_TYPE,
  DATA_FORM_TEXT,
  type DataFormData,
  type DataFormRow,
  DataFormSaveBody,
  DEFAULT_SAMPLES_MAX,
  DEFAULT_SAMPLES_MIN,
  EMPTY_FORM_DEFINITION,
  FORM_OBJECTS,
  type FormJsonAnswer,
  FormJsonSaveBody,
  type FormObjectEntry,
  type FormType,
  SAMPLES_ORDER,
  type SettingMetadata,
  TENANT_ID,
  settingsRowCan,
} from '@portal/contracts';
import { dataFormRevisions, dataForms } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import { recordsUsingForm } from '../catalogue';
import type { RequestContext } from '../context';
import { defineSettingObject, type SettingObject } from '../settings';

export type DataFormRecord = typeof dataForms.$inferSelect;

/** A zod path as the definition's own messages name it: `formJson.fields[2].key`. */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.length
    ? path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '')
    : 'body';
}

/** The spec's 400 for a form that does not fit: one message per wrong path. */
export function incorrectData(error: z.ZodError): never {
  const fields: Record<string, string> = Object.create(null);
  for (const issue of error.issues) {
    const path = pathOf(issue.path);
    if (!Object.hasOwn(fields, path)) fields[path] = issue.message;
  }
  throw badRequest(DATA_FORM_TEXT.saveError, fields);
}

/** The spec's metadata list of a form (section 3, "Data form"). */
export function metadataOf(record: DataFormRecord): SettingMetadata[] {
  const entry = (meta_key: string, meta_value: string | number, data_type: 'INTEGER' | 'STRING', display_name: string) => ({
    setting_id: record.id,
    tenant_id: TENANT_ID,
    meta_key,
    meta_value: String(meta_value),
    data_type,
    object_type: DATA_FORM_OBJECT_TYPE,
    display_name,
  });
  return [
    entry('samplesmin', record.samplesMin, 'INTEGER', 'Min'),
    entry('samplesmax', record.samplesMax, 'INTEGER', 'Max'),
    entry('formtype', record.formType, 'STRING', 'Form Type'),
    entry('formobject', record.formObject, 'STRING', 'Form Object'),
    entry('formjson', JSON.stringify(record.definition), 'STRING', 'Form JSON'),
  ];
}

/** The spec's settings envelope (section 3), serialised; created_by is fixed at 2 (section 9). */
const envelope = (record: DataFormRecord) =>
  JSON.stringify({
    id: record.id,
    name: record.name,
    tenant_id: TENANT_ID,
    created_by: 2,
    created_date: record.createdAt.toISOString(),
    modified_date: record.modifiedAt.toISOString(),
    description: record.description,
    type: DATA_FORM_OBJECT_TYPE,
    status: record.status,
    display_name: record.name,
    archived: record.status !== 1,
    object_type: DATA_FORM_OBJECT_TYPE,
    metadata: metadataOf(record),
  });

export function rowOf(record: DataFormRecord, ctx: RequestContext): DataFormRow {
  return {
    id: record.id,
    objectType: DATA_FORM_OBJECT_TYPE,
    tenantId: TENANT_ID,
    name: record.name,
    description: record.description,
    formObject: record.formObject,
    formType: record.formType as FormType,
    samplesMin: record.samplesMin,
    samplesMax: record.samplesMax,
    revision: record.revision,
    fieldCount: record.definition.fields.length,
    status: record.status,
    createdDate: record.createdAt.toISOString(),
    modifiedDate: record.modifiedAt.toISOString(),
    settingWithMetadata: envelope(record),
    can: settingsRowCan(ctx.user.role, 'dataForms.write', record),
  };
}

/** Keeps the definition of a revision just written, for checks of data filled in against it. */
async function keepRevision(tx: Db, ctx: RequestContext, saved: DataFormRecord): Promise<void> {
  await tx.insert(dataFormRevisions).values({
    namespaceId: ctx.scope.namespaceId,
    formId: saved.id,
    revision: saved.revision,
    definition: saved.definition,
    createdBy: ctx.user.id,
  });
}

const kit = defineSettingObject({
  objectType: DATA_FORM_OBJECT_TYPE,
  aliases: DATA_FORM_ALIASES,
  table: dataForms,
  activeNameIndex: 'data_forms_active_name_key',
  permissions: { read: 'dataForms.read', options: 'dataForms.definition', write: 'dataForms.write' },
  messages: DATA_FORM_TEXT,
  row: rowOf,
  optionColumns: { formObject: dataForms.formObject, formType: dataForms.formType, revision: dataForms.revision },
  save: {
    schema: DataFormSaveBody,
    values: (input, existing) => {
      // What the body leaves out, an update keeps and a new form takes from the spec's defaults.
      const samplesMin = input.samplesMin ?? existing?.samplesMin ?? DEFAULT_SAMPLES_MIN;
      const samplesMax = input.samplesMax ?? existing?.samplesMax ?? Math.max(DEFAULT_SAMPLES_MAX, samplesMin);
      if (samplesMax < samplesMin) throw badRequest(DATA_FORM_TEXT.saveError, { samplesMax: SAMPLES_ORDER });
      return {
        name: input.name,
        description: input.description ?? null,
        formObject: input.formObject,
        formType: input.formType ?? existing?.formType ?? 'FORM',
        samplesMin,
        samplesMax,
        definition: input.formJson ?? existing?.definition ?? EMPTY_FORM_DEFINITION,
        // Counted by the database, so that two saves racing on one form get two revisions.
        revision: existing ? sql`${dataForms.revision} + 1` : 1,
      };
    },
    after: (tx, ctx, saved) => keepRevision(tx, ctx, saved),
  },
  async archiveCheck(tx, ctx, record) {
    const users = await recordsUsingForm(tx, ctx.scope, record.id);
    if (users.length) throw conflict(DATA_FORM_TEXT.inUse(users));
  },
});

/** Saves through the kit, after checking the body so that bad data gets the spec's message. */
async function saveForm(ctx: RequestContext, body: unknown): Promise<DataFormRow> {
  const parsed = DataFormSaveBody.safeParse(body);
  if (!parsed.success) incorrectData(parsed.error);
  const id = parsed.data.id;
  if (id && id > 0) {
    // Asset types and checklists pick forms by form object: one in use keeps its object.
    const [stored] = await ctx.db
      .select({ formObject: dataForms.formObject })
      .from(dataForms)
      .where(and(eq(dataForms.id, id), eq(dataForms.namespaceId, ctx.scope.namespaceId)));
    if (stored && stored.formObject !== parsed.data.formObject) {
      const users = await recordsUsingForm(ctx.db, ctx.scope, id);
      if (users.length) throw conflict(DATA_FORM_TEXT.formObjectInUse(users));
    }
  }
  return kit.saveRow(ctx, body);
}

/** Data forms: served by the generic /api/Setting calls (settings/types.ts lists it) and by dataForms.routes.ts. */
export const dataFormSetting: SettingObject<DataFormRow> = {
  ...kit,
  saveRow: saveForm,
  save: { permission: 'dataForms.write', run: saveForm },
};

/** A form of the caller's namespace (any status: filled-in data may refer to an archived form); 404 otherwise. */
export async function loadForm(db: Db, ctx: RequestContext, formId: number, lock = false): Promise<DataFormRecord> {
  const query = db
    .select()
    .from(dataForms)
    .where(and(eq(dataForms.id, formId), eq(dataForms.namespaceId, ctx.scope.namespaceId)))
    .$dynamic();
  const [record] = await (lock ? query.for('update') : query);
  if (!record) throw notFound(DATA_FORM_TEXT.loadError);
  return record;
}

const jsonAnswer = (record: DataFormRecord): FormJsonAnswer => ({
  formId: record.id,
  name: record.name,
  formObject: record.formObject,
  formType: record.formType as FormType,
  samplesMin: record.samplesMin,
  samplesMax: record.samplesMax,
  revision: record.revision,
  formJson: record.definition,
});

/**
 * GET /api/Setting/FormJSON?formId=[&revision=]: the current definition, to fill the form in or
 * preview it; with a revision, that revision's definition (to show data filled in against it).
 */
export async function formJson(ctx: RequestContext, formId: number, revision?: number): Promise<FormJsonAnswer> {
  const record = await loadForm(ctx.db, ctx, formId);
  if (revision === undefined || revision === record.revision) return jsonAnswer(record);
  const [kept] = await ctx.db
    .select({ definition: dataFormRevisions.definition })
    .from(dataFormRevisions)
    .where(
      and(
        eq(dataFormRevisions.formId, formId),
        eq(dataFormRevisions.namespaceId, ctx.scope.namespaceId),
        eq(dataFormRevisions.revision, revision),
      ),
    );
  if (!kept) throw notFound(DATA_FORM_TEXT.unknownRevision);
  return { ...jsonAnswer(record), revision, formJson: kept.definition };
}

/** POST /api/Setting/FormJSON: a new definition only (a new revision). */
export async function saveFormJson(ctx: RequestContext, body: unknown): Promise<FormJsonAnswer> {
  const parsed = FormJsonSaveBody.safeParse(body);
  if (!parsed.success) incorrectData(parsed.error);
  const { formId, formJson: definition } = parsed.data;
  const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = await loadForm(tx, ctx, formId, true);
    if (existing.status !== 1) throw conflict(DATA_FORM_TEXT.notActive);
    const [row] = await tx
      .update(dataForms)
      .set({ definition, revision: sql`${dataForms.revision} + 1`, modifiedAt: sql`now()` })
      .where(and(eq(dataForms.id, formId), eq(dataForms.namespaceId, ctx.scope.namespaceId)))
      .returning();
    await keepRevision(tx, ctx, row);
    return row;
  });
  return jsonAnswer(saved);
}

/** GET /api/Setting/formdata?formId=: the row, the spec's metadata list and the definition. */
export async function formData(ctx: RequestContext, formId: number): Promise<DataFormData> {
  const record = await loadForm(ctx.db, ctx, formId);
  return { ...rowOf(record, ctx), metadata: metadataOf(record), formJson: record.definition };
}

/** GET /api/Setting/FormObject?formobject=: the active forms of one form object, by name. */
export async function formsOfObject(ctx: RequestContext, formObject: string): Promise<FormObjectEntry[]> {
  const known = FORM_OBJECTS.find((o) => o.value === formObject.trim().toUpperCase());
  if (!known) throw badRequest(DATA_FORM_TEXT.unknownFormObject, { formobject: DATA_FORM_TEXT.unknownFormObject });
  const rows = await ctx.db
    .select({
      id: dataForms.id,
      name: dataForms.name,
      formType: dataForms.formType,
      samplesMin: dataForms.samplesMin,
      samplesMax: dataForms.samplesMax,
      revision: dataForms.revision,
    })
    .from(dataForms)
    .where(and(eq(dataForms.namespaceId, ctx.scope.namespaceId), eq(dataForms.formObject, known.value), eq(dataForms.status, 1)))
    .orderBy(asc(sql`lower(${dataForms.name})`), asc(dataForms.id));
  return rows.map((r) => ({ ...r, formType: r.formType as FormType }));
}
