import type { RaRecord } from 'react-admin';

/**
 * How one react-admin resource's list maps to the spec's API calls. Each area registers its own
 * (e.g. web/src/users/api.ts) when its module loads, so the data provider stays generic and
 * an area never edits a shared file.
 */
export interface ListParams {
  /** -1 with limit -1 asks for everything (exports). */
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface ResourceApi<R extends RaRecord = RaRecord> {
  list(params: ListParams): Promise<R[]>;
  /** Total matching rows; without it the total is unknown and Load More relies on page size. */
  count?(params: Omit<ListParams, 'offset' | 'limit'>): Promise<number>;
}

const registry = new Map<string, ResourceApi>();

export function registerResourceApi<R extends RaRecord>(name: string, api: ResourceApi<R>): void {
  registry.set(name, api as unknown as ResourceApi);
}

export function resourceApi(name: string): ResourceApi {
  const api = registry.get(name);
  if (!api) throw new Error(`No API registered for resource ${name}`);
  return api;
}
