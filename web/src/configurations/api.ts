import { CONFIG_OBJECT_TYPE, type ConfigRow, type ConfigSaveBody, TENANT_ID } from '@portal/contracts';
import { get, post } from '../api/http';

/** GET Setting tenantId=2 objectType=Config: every active configuration of the namespace, by name. */
export function listConfigurations(signal?: AbortSignal): Promise<ConfigRow[]> {
  return get<ConfigRow[]>('/Setting', { query: { tenantId: TENANT_ID, objectType: CONFIG_OBJECT_TYPE, offset: -1, limit: -1 }, signal });
}

/** POST Setting: creates (id -1) or updates (id) a configuration; the JSON goes as the text typed. */
export function saveConfiguration(body: Omit<ConfigSaveBody, 'objectType'>): Promise<ConfigRow> {
  return post<ConfigRow>('/Setting', { objectType: CONFIG_OBJECT_TYPE, tenantId: TENANT_ID, ...body });
}
