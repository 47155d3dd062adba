import { ASSET_TYPE_OBJECT_TYPE, type AssetTypeRow, type AssetTypeSaveBody } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/** Asset Types over the generic settings calls: GET /Setting?objectType=ASSET_TYPE pages by offset and limit. */
registerResourceApi<AssetTypeRow>('assetTypes', {
  list: ({ offset, limit }) => get<AssetTypeRow[]>('/Setting', { query: { objectType: ASSET_TYPE_OBJECT_TYPE, offset, limit } }),
});

export const saveAssetType = (body: Omit<AssetTypeSaveBody, 'objectType'>) =>
  post<AssetTypeRow>('/Setting', { ...body, objectType: ASSET_TYPE_OBJECT_TYPE });

/** Delete means archive: the record leaves the list and the pickers. */
export const archiveAssetType = (id: number) => del<{ message: string }>(`/Setting/${id}`);
