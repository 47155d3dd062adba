import { z } from 'zod';
import { objectTypeOf, optionalText, RowRights, requiredText, SaveId } from '../common/schemas';

/** Asset Types: settings objects of type ASSET_TYPE (see the spec for the fields). */
export const ASSET_TYPE_OBJECT_TYPE = 'ASSET_TYPE';

/** POST /api/Setting with objectType ASSET_TYPE: create (no id) or update (id). */
export const AssetTypeSaveBody = z.object({
  objectType: objectTypeOf(ASSET_TYPE_OBJECT_TYPE),
  id: SaveId,
  name: requiredText(200, 'Name'),
  description: optionalText(2000),
});
export type AssetTypeSaveBody = z.input<typeof AssetTypeSaveBody>;

export const AssetTypeRow = z.object({
  id: z.number(),
  objectType: z.literal(ASSET_TYPE_OBJECT_TYPE),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  can: RowRights,
});
export type AssetTypeRow = z.infer<typeof AssetTypeRow>;
