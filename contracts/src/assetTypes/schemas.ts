import { z } from 'zod';
import { MAX_ID, objectTypeOf, optionalText, RowRights, requiredText, SaveId } from '../common/schemas';

/** Asset types (administration document, "Asset type administration"): settings objects of type AssetType. */
export const ASSET_TYPE_OBJECT_TYPE = 'AssetType';
export const ASSET_TYPE_ALIASES = ['ASSET_TYPE', 'AssetTypes'];

/** The spec's page size of the asset types table (section 9). */
export const ASSET_TYPE_PAGE_SIZE = 50;

/** Asset categories (spec section 9 and DECISIONS 8): LLG is loose lifting gear. */
export const ASSET_CATEGORIES = ['MACHINERY', 'BTH&PPE', 'TRAINEE', 'LLG'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];
export const LLG_CATEGORY: AssetCategory = 'LLG';
/** The asset type every namespace has, used by a job's special LLG task (DECISIONS 8). */
export const LLG_ASSET_TYPE_NAME = 'LLG';

export const ASSET_CATEGORY_ERROR = `Category must be one of ${ASSET_CATEGORIES.join(', ')}`;

/** A category as sent: any case, BTH+PPE is the spec's other spelling of BTH&PPE. */
export const AssetCategoryInput = z
  .string({ error: ASSET_CATEGORY_ERROR })
  .max(20, ASSET_CATEGORY_ERROR)
  .transform((value) => value.trim().toUpperCase().replace('BTH+PPE', 'BTH&PPE'))
  .pipe(z.enum(ASSET_CATEGORIES, { error: ASSET_CATEGORY_ERROR }));

/** A data form id, or nothing: '', null, 0 and -1 mean "no attribute form". */
const AttributeFormId = z.preprocess((value) => {
  if (value === '' || value === null || value === 0 || value === -1 || value === '0' || value === '-1') return null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return value;
}, z
  .number({ error: 'Attribute form must be a data form id' })
  .int('Attribute form must be a data form id')
  .positive('Attribute form must be a data form id')
  .max(MAX_ID, 'Attribute form must be a data form id')
  .nullish());

/**
 * Which attribute of the type's attribute form holds each identification fact a certificate
 * prints (DECISIONS 9): field keys of that form, each optional.
 */
export const IDENTIFICATION_FACTS = ['manufacturer', 'model', 'serialNumber', 'yearOfManufacture', 'swl'] as const;
export type IdentificationFact = (typeof IDENTIFICATION_FACTS)[number];
export const IDENTIFICATION_LABEL: Record<IdentificationFact, string> = {
  manufacturer: 'Manufacturer',
  model: 'Model',
  serialNumber: "Manufacturer's serial number",
  yearOfManufacture: 'Year of manufacture',
  swl: 'Safe working load (SWL/WLL)',
};
/** A field key, or nothing: '' and null leave the fact unmapped. */
const attributeKey = z
  .preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be a field key of the attribute form')
      .nullish(),
  )
  .transform((v) => v || undefined);
export const AssetIdentification = z
  .object(Object.fromEntries(IDENTIFICATION_FACTS.map((f) => [f, attributeKey])) as Record<IdentificationFact, typeof attributeKey>)
  .strict();
export type AssetIdentification = Partial<Record<IdentificationFact, string>>;

/** POST /api/Setting with objectType AssetType: create (no id) or update (id). */
export const AssetTypeSaveBody = z.object({
  objectType: objectTypeOf(ASSET_TYPE_OBJECT_TYPE, ASSET_TYPE_ALIASES),
  id: SaveId,
  name: requiredText(200, 'Type Name'),
  displayName: optionalText(200),
  acronymCode: optionalText(20),
  /** The spec's spelling; acronymCode wins when both are sent. */
  acronym_code: optionalText(20),
  externalId: optionalText(100),
  external_id: optionalText(100),
  category: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), AssetCategoryInput.nullish()),
  description: optionalText(2000),
  attributeForm: AttributeFormId,
  attribute_form: AttributeFormId,
  certificateReference: optionalText(200),
  certificate_reference: optionalText(200),
  /** Where the identification facts are among the attributes (absent: unchanged; null: none). */
  identification: AssetIdentification.nullish(),
  tenantId: z.number().optional(),
});
export type AssetTypeSaveBody = z.input<typeof AssetTypeSaveBody>;

export const AssetTypeRow = z.object({
  id: z.number(),
  objectType: z.literal(ASSET_TYPE_OBJECT_TYPE),
  tenantId: z.literal(2),
  name: z.string(),
  displayName: z.string().nullable(),
  acronymCode: z.string().nullable(),
  externalId: z.string().nullable(),
  category: z.enum(ASSET_CATEGORIES).nullable(),
  description: z.string().nullable(),
  /** A data form (form object ASSET TYPE) whose fields describe an asset of this type. */
  attributeForm: z.number().nullable(),
  attributeFormName: z.string().nullable(),
  certificateReference: z.string().nullable(),
  identification: z.record(z.string(), z.string()),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope (section 3) serialised: snake_case fields plus metadata []. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type AssetTypeRow = z.infer<typeof AssetTypeRow>;

/** GET /api/Setting/Objects?objectType=AssetType: the pickers' entries (LLG types left out). */
export const AssetTypeOption = z.object({
  id: z.number(),
  name: z.string(),
  acronymCode: z.string().nullable(),
  category: z.enum(ASSET_CATEGORIES).nullable(),
});
export type AssetTypeOption = z.infer<typeof AssetTypeOption>;

/** GET /api/Setting/llgAsset: the loose-gear asset types, for library folder names. */
export const LlgAssetType = z.object({ id: z.number(), name: z.string(), label: z.string() });
export type LlgAssetType = z.infer<typeof LlgAssetType>;
