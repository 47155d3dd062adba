import type { DataProvider, GetListResult } from 'react-admin';
import { resourceApi } from './resourceApi';

/** The methods no screen uses: each screen saves and deletes through its area's api.ts. */
const unused = (method: string) => async (): Promise<never> => {
  throw new Error(`dataProvider.${method} is not used: screens save and delete through their area's api.ts`);
};

/**
 * react-admin's data provider over the per-resource adapters (resourceApi.ts): lists only.
 * Pages map to the spec's offset/limit; perPage -1 means "everything" (CSV exports use
 * offset -1, limit -1). Sorting is done by the lists on the loaded rows, as the spec's
 * dashboards do.
 */
export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const api = resourceApi(resource);
    const perPage = params.pagination?.perPage ?? 50;
    const page = params.pagination?.page ?? 1;
    const all = perPage < 0;
    const filter = params.filter ?? {};
    // The count is asked once, with the first page; Load More pages only say whether more exist.
    const [data, total] = await Promise.all([
      api.list({ offset: all ? -1 : (page - 1) * perPage, limit: all ? -1 : perPage, filter, meta: params.meta }),
      all || page > 1 || !api.count ? Promise.resolve(undefined) : api.count({ filter, meta: params.meta }),
    ]);
    const result: GetListResult = { data, total: total ?? (all ? data.length : undefined) };
    if (total === undefined && !all) result.pageInfo = { hasNextPage: data.length === perPage, hasPreviousPage: page > 1 };
    return result;
  },
  getOne: unused('getOne'),
  getMany: unused('getMany'),
  getManyReference: unused('getManyReference'),
  create: unused('create'),
  update: unused('update'),
  updateMany: unused('updateMany'),
  delete: unused('delete'),
  deleteMany: unused('deleteMany'),
};
