import type { UserBodyInput, UserRow, UserStatusAction } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/** The users resource over the spec's calls (shell document 7). */
registerResourceApi<UserRow>('users', {
  list: ({ offset, limit, filter }) => get<UserRow[]>('/Users', { query: { offset, limit }, filter }),
  count: ({ filter }) => get<number>('/Users/count', { filter }),
});

export const saveUser = (body: UserBodyInput) => post<UserRow>('/Users', body);

export const changeUserStatus = (id: number, action: UserStatusAction) => del<{ message: string }>(`/Users/${id}/${action}`);

export function uploadSignature(userId: number, file: File) {
  const form = new FormData();
  form.append('imageFile', file);
  return post<{ blobKey: string }>(`/Users/signature/${userId}`, form);
}

export const deleteSignature = (userId: number) => del<unknown>(`/Users/signature/${userId}`);
