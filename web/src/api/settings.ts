import { post } from './http';

/**
 * The settings lists' archived view (issue 20): `GET /api/Setting?archived=true` answers the
 * archived records, and `POST /api/Setting/{id}/restore` brings one back (ours; the spec
 * restores nothing). The lists pass `archived: true` in their filter when the toggle is on.
 */
export const archivedQuery = (filter: Record<string, unknown>): 'true' | undefined => (filter.archived ? 'true' : undefined);

export const restoreSetting = (id: number) => post<{ message: string }>(`/Setting/${id}/restore`);
