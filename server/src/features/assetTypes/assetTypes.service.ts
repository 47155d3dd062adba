import { ASSET_TYPE_OBJECT_TYPE, ASSET_TYPE_TEXT, can, type AssetTypeRow, AssetTypeSaveBody } from '@portal/contracts';
import { assetTypes } from '../../db/schema';
import { defineSettingObject } from '../settings/kit';

/** Asset Types: served by the generic /api/Setting calls (settings/types.ts lists it). */
export const assetTypeSetting = defineSettingObject({
  objectType: ASSET_TYPE_OBJECT_TYPE,
  table: assetTypes,
  activeNameIndex: 'asset_types_active_name_key',
  permissions: { read: 'assetTypes.read', options: 'assetTypes.options', write: 'assetTypes.write' },
  messages: ASSET_TYPE_TEXT,
  row(record, ctx): AssetTypeRow {
    const writable = record.status === 1 && can(ctx.user.role, 'assetTypes.write');
    return {
      id: record.id,
      objectType: ASSET_TYPE_OBJECT_TYPE,
      name: record.name,
      description: record.description,
      status: record.status,
      createdDate: record.createdAt.toISOString(),
      modifiedDate: record.modifiedAt.toISOString(),
      can: { edit: writable, delete: writable },
    };
  },
  save: {
    schema: AssetTypeSaveBody,
    values: (input) => ({ name: input.name, description: input.description ?? null }),
  },
});
