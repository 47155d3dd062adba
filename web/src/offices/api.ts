import { OFFICE_OBJECT_TYPE, type OfficeRow, type OfficeSaveBody } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/**
 * The offices resource over the spec's calls (administration document 7, "Locations").
 * GET /Location/view/loOffice answers every matching office at once (docs/decisions/admin.md),
 * so the 50-row pages of the spec are cut here. The first page always asks the server; the
 * count asked with it (the data provider asks both together) and Load More read that same
 * answer, so the pages of one list never come from two different moments.
 */
let snapshot: { key: string; rows: Promise<OfficeRow[]> } | null = null;

function offices(filter: Record<string, unknown>, meta: Record<string, unknown> | undefined, fresh: boolean): Promise<OfficeRow[]> {
  const key = JSON.stringify([filter, meta?.reloadKey]);
  if (fresh || !snapshot || snapshot.key !== key) {
    const rows = get<OfficeRow[]>('/Location/view/loOffice', { query: { objectType: OFFICE_OBJECT_TYPE }, filter });
    snapshot = { key, rows };
    // A failed answer is not kept: the next try asks the server again.
    rows.catch(() => {
      if (snapshot?.rows === rows) snapshot = null;
    });
  }
  return snapshot.rows;
}

registerResourceApi<OfficeRow>('offices', {
  list: async ({ offset, limit, filter, meta }) => {
    const rows = await offices(filter, meta, offset <= 0);
    return offset < 0 || limit < 0 ? rows : rows.slice(offset, offset + limit);
  },
  count: async ({ filter, meta }) => (await offices(filter, meta, false)).length,
});

export const saveOffice = (body: OfficeSaveBody) => post<OfficeRow>('/Location/addNewLoOffice', body);

export const archiveOffice = (id: number) => del<{ message: string }>(`/Location/deleteLoOffice/${id}`);
