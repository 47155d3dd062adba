import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  ASSET_TYPE_ALIASES,
  ASSET_TYPE_OBJECT_TYPE,
  ASSET_TYPE_TEXT,
  type AssetCategory,
  type AssetTypeOption,
  type AssetTypeRow,
  AssetTypeSaveBody,
  LLG_ASSET_TYPE_NAME,
  LLG_CATEGORY,
  type LlgAssetType,
  TENANT_ID,
  settingsRowCan,
} from '@portal/contracts';
import { assetTypes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { activeJobsWithTasks, assetsOfType, taskTypesUsingAssetType } from '../catalogue';
import type { RequestContext } from '../context';
import { defineSettingObject, type SettingObject } from '../settings';
import { attributeFormNames, checkAttributeForm, checkIdentification } from './attributeForms';

type AssetTypeRecord = typeof assetTypes.$inferSelect;

/** The spec's settings envelope (section 3): snake_case fields, category and certificate reference as metadata. */
const envelope = (a: AssetTypeRecord) => {
  const meta = (key: string, value: string | null, displayName: string) => ({
    setting_id: a.id,
    tenant_id: TENANT_ID,
    meta_key: key,
    meta_value: value,
    data_type: 'STRING',
    object_type: ASSET_TYPE_OBJECT_TYPE,
    display_name: displayName,
  });
  return JSON.stringify({
    id: a.id,
    name: a.name,
    display_name: a.displayName,
    acronym_code: a.acronymCode,
    external_id: a.externalId,
    description: a.description,
    attribute_form: a.attributeForm,
    status: a.status,
    tenant_id: TENANT_ID,
    object_type: ASSET_TYPE_OBJECT_TYPE,
    created_date: a.createdAt.toISOString(),
    modified_date: a.modifiedAt.toISOString(),
    metadata: [meta('category', a.category, 'Category'), meta('certificate_reference', a.certificateReference, 'Certificate Reference')],
  });
};

/** The namespace's `LLG` type (DECISIONS 8): jobs' LLG task needs it, so it stays, named LLG, of category LLG. */
const isLlgType = (a: { name: string }) => a.name.trim().toLowerCase() === LLG_ASSET_TYPE_NAME.toLowerCase();

function rowOf(a: AssetTypeRecord, ctx: RequestContext, formNames: Map<number, string>): AssetTypeRow {
  return {
    id: a.id,
    objectType: ASSET_TYPE_OBJECT_TYPE,
    tenantId: TENANT_ID,
    name: a.name,
    displayName: a.displayName,
    acronymCode: a.acronymCode,
    externalId: a.externalId,
    category: a.category as AssetCategory | null,
    description: a.description,
    attributeForm: a.attributeForm,
    attributeFormName: a.attributeForm === null ? null : (formNames.get(a.attributeForm) ?? null),
    certificateReference: a.certificateReference,
    identification: Object.fromEntries(
      Object.entries(a.identification ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
    status: a.status,
    createdDate: a.createdAt.toISOString(),
    modifiedDate: a.modifiedAt.toISOString(),
    settingWithMetadata: envelope(a),
    can: settingsRowCan(ctx.user.role, 'assetTypes.write', { status: a.status, kept: isLlgType(a) }),
  };
}

const activeIn = (ctx: RequestContext) => and(eq(assetTypes.namespaceId, ctx.scope.namespaceId), eq(assetTypes.status, 1));
const byName = [asc(sql`lower(${assetTypes.name})`), asc(assetTypes.id)];

/** Asset types (administration document, "Asset type administration"): served by the generic /api/Setting calls. */
const kit = defineSettingObject({
  objectType: ASSET_TYPE_OBJECT_TYPE,
  aliases: ASSET_TYPE_ALIASES,
  table: assetTypes,
  activeNameIndex: 'asset_types_active_name_key',
  permissions: { read: 'assetTypes.read', options: 'assetTypes.options', write: 'assetTypes.write' },
  messages: ASSET_TYPE_TEXT,
  async rows(ctx, records) {
    const formNames = await attributeFormNames(
      ctx.db,
      ctx.scope,
      records.flatMap((r) => (r.attributeForm === null ? [] : [r.attributeForm])),
    );
    return records.map((record) => rowOf(record, ctx, formNames));
  },
  // Pickers leave the loose-gear (LLG) types out (DECISIONS 8); GET /api/Setting/llgAsset lists those.
  archiveCheck: async (tx, ctx, record) => {
    if (isLlgType(record)) throw conflict(ASSET_TYPE_TEXT.llgKept);
    const users = await taskTypesUsingAssetType(tx, ctx.scope, record.id);
    if (users.length) throw conflict(ASSET_TYPE_TEXT.inUse(users));
    const assetsOf = await assetsOfType(tx, ctx.scope, record.id);
    if (assetsOf.length) throw conflict(ASSET_TYPE_TEXT.inUseByAssets(assetsOf));
    const jobs = await activeJobsWithTasks(tx, ctx.scope, 'assetTypeId', record.id);
    if (jobs.length) throw conflict(ASSET_TYPE_TEXT.inUseByJobs(jobs));
  },
  options: async (ctx): Promise<AssetTypeOption[]> =>
    (await ctx.db
      .select({ id: assetTypes.id, name: assetTypes.name, acronymCode: assetTypes.acronymCode, category: assetTypes.category })
      .from(assetTypes)
      .where(and(activeIn(ctx), or(isNull(assetTypes.category), ne(assetTypes.category, LLG_CATEGORY))))
      .orderBy(...byName)) as AssetTypeOption[],
  save: {
    schema: AssetTypeSaveBody,
    values: (input, existing) => {
      if (existing && isLlgType(existing) && (!isLlgType(input) || input.category !== LLG_CATEGORY)) {
        throw badRequest(ASSET_TYPE_TEXT.llgKept, { [isLlgType(input) ? 'category' : 'name']: ASSET_TYPE_TEXT.llgKept });
      }
      return {
        name: input.name,
        // A display name the form leaves empty follows the name (the seed does the same).
        displayName: input.displayName ?? input.name,
        acronymCode: input.acronymCode ?? input.acronym_code ?? null,
        externalId: input.externalId ?? input.external_id ?? null,
        category: input.category ?? null,
        description: input.description ?? null,
        attributeForm: input.attributeForm ?? input.attribute_form ?? null,
        certificateReference: input.certificateReference ?? input.certificate_reference ?? null,
        identification: input.identification === undefined ? (existing?.identification ?? {}) : (input.identification ?? {}),
      };
    },
    // In the save's transaction: a form that is not an active ASSET TYPE form of the namespace
    // undoes it (the form the type already had may be archived since).
    after: async (tx, ctx, saved, _input, options) => {
      await checkAttributeForm(tx, ctx.scope, saved.attributeForm, saved.attributeForm === options.storedAttributeForm);
      await checkIdentification(tx, ctx.scope, saved.attributeForm, saved.identification ?? {});
    },
  },
});

/** The attribute form an existing type of the caller's namespace has now (null for none or a new type). */
async function storedAttributeForm(ctx: RequestContext, id: number | null | undefined): Promise<number | null> {
  if (!id || id <= 0) return null;
  const [row] = await ctx.db
    .select({ attributeForm: assetTypes.attributeForm })
    .from(assetTypes)
    .where(and(eq(assetTypes.id, id), eq(assetTypes.namespaceId, ctx.scope.namespaceId)));
  return row?.attributeForm ?? null;
}

/**
 * The kit's type, with the attribute form also checked before the write: an id that is no
 * data form at all would otherwise reach the foreign key first. `after` checks again inside
 * the transaction, so a form archived meanwhile is refused too.
 */
export const assetTypeSetting: SettingObject<AssetTypeRow> = {
  ...kit,
  save: kit.save && {
    permission: kit.save.permission,
    run: async (ctx, body) => {
      const parsed = AssetTypeSaveBody.safeParse(body);
      if (!parsed.success) return kit.saveRow(ctx, body); // the kit answers the 400
      const stored = await storedAttributeForm(ctx, parsed.data.id);
      const formId = parsed.data.attributeForm ?? parsed.data.attribute_form ?? null;
      await checkAttributeForm(ctx.db, ctx.scope, formId, formId === stored);
      return kit.saveRow(ctx, body, { storedAttributeForm: stored });
    },
  },
};

/** GET /api/Setting/llgAsset: the active loose-gear asset types, labelled by their display name. */
export async function llgAssetTypes(ctx: RequestContext): Promise<LlgAssetType[]> {
  const rows = await ctx.db
    .select({ id: assetTypes.id, name: assetTypes.name, displayName: assetTypes.displayName })
    .from(assetTypes)
    .where(and(activeIn(ctx), eq(assetTypes.category, LLG_CATEGORY)))
    .orderBy(...byName);
  return rows.map((r) => ({ id: r.id, name: r.name, label: r.displayName || r.name }));
}
