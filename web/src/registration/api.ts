import type { RegistrationCreateBody, RegistrationRow, RegistrationUpdateBody } from '@portal/contracts';
import { del, get, http, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

export interface RegistrationQuery {
  page: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  filter: Record<string, string>;
}

/**
 * Customer Registration (administration document 7): GET CustomerRegistration pages by offset
 * and limit with sortField/sortOrder and the filter header; /count the total. The CSV export
 * asks for every matching row (offset -1, limit -1).
 */
registerResourceApi<RegistrationRow>('customerRegistration', {
  list: ({ offset, limit, filter }) => get<RegistrationRow[]>('/CustomerRegistration', { query: { offset, limit }, filter }),
  count: ({ filter }) => get<number>('/CustomerRegistration/count', { filter }),
});

export const listRegistrations = (
  query: { offset: number; limit: number; sortField: string; sortOrder: string },
  filter: object,
  signal?: AbortSignal,
) => get<RegistrationRow[]>('/CustomerRegistration', { query, filter: filter as Record<string, unknown>, signal });

export const countRegistrations = (filter: object, signal?: AbortSignal) =>
  get<number>('/CustomerRegistration/count', { filter: filter as Record<string, unknown>, signal });

export const mailDomain = () => get<{ domain: string }>('/CustomerRegistration/mailDomain');

export const registerCustomer = (body: RegistrationCreateBody) => post<RegistrationRow>('/CustomerRegistration', body);

export const updateCustomer = (body: RegistrationUpdateBody) => http<RegistrationRow>('/CustomerRegistration', { method: 'PUT', body });

/** Delete deactivates the namespace: its users are signed out, its data stays. */
export const deactivateCustomer = (id: number) => del<{ message: string }>(`/CustomerRegistration/${id}`);

export interface CustomerLogo {
  fileType: string | null;
  loComanyLogo: string | null;
}

export const getCustomerLogo = (id: number) => get<CustomerLogo>(`/CustomerRegistration/getImage/${id}`);

export function uploadCustomerLogo(id: number, file: File) {
  const form = new FormData();
  form.append('imageFile', file);
  return post<CustomerLogo>(`/CustomerRegistration/uploadImage/${id}`, form);
}
