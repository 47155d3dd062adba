import { ASSET_TYPE_OBJECT_TYPE, type AssetTypeRow, type AssetTypeSaveBody } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { archivedQuery, restoreSetting } from '../api/settings';
import { registerResourceApi } from '../providers/resourceApi';

/** Asset types over the generic settings calls: GET /Setting?objectType=AssetType pages by offset and limit, name is "contains". */
registerResourceApi<AssetTypeRow>('assetTypes', {
  list: ({ offset, limit, filter }) =>
    get<AssetTypeRow[]>('/Setting', {
      query: {
        objectType: ASSET_TYPE_OBJECT_TYPE,
        offset,
        limit,
        name: (filter.name as string | undefined) || undefined,
        archived: archivedQuery(filter),
      },
    }),
});

export const saveAssetType = (body: Omit<AssetTypeSaveBody, 'objectType'>) =>
  post<AssetTypeRow>('/Setting', { ...body, objectType: ASSET_TYPE_OBJECT_TYPE });

/** Delete means archive: the type leaves the list and the pickers. */
export const archiveAssetType = (id: number) => del<{ message: string }>(`/Setting/${id}`);

export const restoreAssetType = restoreSetting;
