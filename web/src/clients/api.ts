import type { AddNewClientBody, ClientRow, SiteRow } from '@portal/contracts';
import { get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/**
 * Clients and their locations over the spec's generic Location calls (administration
 * document, "Locations"). Both lists page by offset/limit with a {name, code} filter header.
 */
registerResourceApi<ClientRow>('clients', {
  list: ({ offset, limit, filter }) =>
    get<ClientRow[]>('/Location/view', { query: { objectType: 'CLIENT_COMPANY', offset, limit }, filter }),
  count: ({ filter }) => get<number>('/Location/view/count', { query: { objectType: 'CLIENT_COMPANY' }, filter }),
});

/**
 * A client's locations. The list state carries `companyId` next to the search fields; it is a
 * query parameter of the call, not part of the filter header (which the server keeps to name
 * and code).
 */
registerResourceApi<SiteRow>('clientLocations', {
  list: ({ offset, limit, filter }) => {
    const { companyId, ...header } = filter;
    return get<SiteRow[]>('/Location/view', {
      query: { objectType: 'SITE', companyId: companyId as number, offset, limit },
      filter: header,
    });
  },
  count: ({ filter }) => {
    const { companyId, ...header } = filter;
    return get<number>('/Location/view/count', { query: { objectType: 'SITE', companyId: companyId as number }, filter: header });
  },
});

export const getLocation = <R extends ClientRow | SiteRow>(id: number) => get<R>(`/Location/${id}`);

/** POST /api/Location: a client edit (objectType CLIENT_COMPANY) or a site create/edit (SITE). */
export const saveLocation = <R extends ClientRow | SiteRow>(body: Record<string, unknown>) => post<R>('/Location', body);

/** The body as the form holds it; the server parses blanks, numeric strings and id lists. */
export type AddNewClientInput = { [K in keyof AddNewClientBody]: unknown };

export const addNewClient = (body: AddNewClientInput) =>
  post<{ Client: ClientRow; Site: SiteRow; Users: unknown[] }>('/Location/addNewClient', body);

/** After Add Client: the client's role-licence configuration (idempotent on the server). */
export const createRoleConfig = (clientName: string) => post<unknown>(`/Location/RoleConfig/${encodeURIComponent(clientName)}`);

export interface ClientLogo {
  clientLogoType: string | null;
  clientLogoFile: string | null;
}

export const getClientLogo = (clientId: number) => get<ClientLogo>(`/Location/getImage/${clientId}`);

export function uploadClientLogo(clientId: number, file: File) {
  const form = new FormData();
  form.append('imageFile', file);
  return post<ClientLogo>(`/Location/uploadImage/${clientId}`, form);
}
