import type { InventoryRow, InventorySaveRow } from '@portal/contracts';
import { del, get, post } from '../api/http';

/** The spec's three calls (administration document 7). */
export const fetchInventory = (clientId: number, siteId: number, signal?: AbortSignal) =>
  get<InventoryRow[]>('/clientInventory/getEntityByClientSite', { query: { clientId, siteId }, signal });

export const saveInventory = (rows: (Omit<InventorySaveRow, 'id'> & { id?: number | null })[]) =>
  post<InventoryRow[]>('/clientInventory/saveEntity', rows);

export const deleteInventoryRow = (id: number) => del<InventoryRow[]>(`/clientInventory/deleteClientEntityById/${id}`);

/** Ours: the CSV import's address. */
export const uploadUrl = (clientId: number, siteId: number) => `/api/clientInventory/upload?clientId=${clientId}&siteId=${siteId}`;
