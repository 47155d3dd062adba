import { ROLE_OBJECT_TYPE, type RoleLicenceRow, type RoleRow, type RoleSaveBody, TENANT_ID } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { archivedQuery, restoreSetting } from '../api/settings';
import { registerResourceApi } from '../providers/resourceApi';

/**
 * Roles over the spec's calls (administration document 7, "Settings"). GET /Setting/Namespace
 * answers every active role matching `name` at once (the screen has no Load More). The
 * customer filter is the spec's client-side one: it never reaches the server, it is applied
 * here to the answer, so the CSV export follows it too.
 */
registerResourceApi<RoleRow>('roles', {
  list: async ({ offset, filter }) => {
    // One answer holds everything: a later page (never asked for, no Load More) is empty.
    if (offset > 0) return [];
    const rows = await get<RoleRow[]>('/Setting/Namespace', {
      query: { objectType: ROLE_OBJECT_TYPE, name: filter.name as string | undefined, archived: archivedQuery(filter) },
    });
    return byCustomer(rows, filter.customer as string | undefined);
  },
});

export function byCustomer(rows: RoleRow[], customer: string | undefined): RoleRow[] {
  const wanted = customer?.trim().toLowerCase();
  return wanted ? rows.filter((r) => r.namespace.toLowerCase().includes(wanted)) : rows;
}

/** The licences of a client role, as CONFIG_ADMIN gets them ([] for anyone else). */
export function licencesOf(role: RoleRow | null): RoleLicenceRow[] {
  if (!role?.metaValue) return [];
  try {
    const parsed = JSON.parse(role.metaValue) as RoleLicenceRow[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Create or update; isNewConfig adds an unlimited licence for every client that has none. */
export const saveRole = (body: Omit<RoleSaveBody, 'objectType'>, isNewConfig = false) =>
  post<RoleRow>(
    '/Setting/Others',
    { ...body, objectType: ROLE_OBJECT_TYPE, tenantId: TENANT_ID },
    {
      query: isNewConfig ? { isNewConfig: 'true' } : undefined,
    },
  );

/** Delete means archive; refused (409) while active users hold the role. */
export const archiveRole = (id: number) => del<{ message: string }>(`/Setting/${id}`);

/** Brings an archived role back (POST /api/Setting/{id}/restore; 409 when its name was taken meanwhile). */
export const restoreRole = restoreSetting;
