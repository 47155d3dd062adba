import { DIVISION_OBJECT_TYPE, type DivisionRow, type DivisionSaveBody, TENANT_ID } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { archivedQuery, restoreSetting } from '../api/settings';
import { registerResourceApi } from '../providers/resourceApi';

/**
 * Divisions over the spec's generic settings calls (administration document 7, "Settings"):
 * GET /Setting?objectType=Division pages by offset and limit (15 a page); it has no count, so
 * Load More shows while a page comes back full. The list answers active divisions only.
 */
registerResourceApi<DivisionRow>('divisions', {
  list: ({ offset, limit, filter }) =>
    get<DivisionRow[]>('/Setting', { query: { objectType: DIVISION_OBJECT_TYPE, offset, limit, archived: archivedQuery(filter) } }),
});

export const saveDivision = (body: Omit<DivisionSaveBody, 'objectType'>) =>
  post<DivisionRow>('/Setting', { ...body, objectType: DIVISION_OBJECT_TYPE, tenantId: TENANT_ID });

/** Delete means archive: the division leaves the list and the pickers. */
export const archiveDivision = (id: number) => del<{ message: string }>(`/Setting/${id}`);

export const restoreDivision = restoreSetting;
