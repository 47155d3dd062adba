import type { DataProvider, GetListResult, RaRecord } from 'react-admin';
import { resourceApi } from './resourceApi';

/**
 * react-admin's data provider over the per-resource adapters (resourceApi.ts). Pages map to
 * the spec's offset/limit; perPage -1 means "everything" (CSV exports use offset -1, limit -1).
 * Sorting is done by the lists on the loaded rows, as the spec's dashboards do.
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
  async getOne(resource, params) {
    const api = resourceApi(resource);
    if (!api.getOne) throw new Error(`${resource}: getOne is not supported`);
    return { data: (await api.getOne(params.id)) as never };
  },
  async getMany(resource, params) {
    const api = resourceApi(resource);
    if (!api.getOne) throw new Error(`${resource}: getMany is not supported`);
    const getOne = api.getOne;
    return { data: (await Promise.all(params.ids.map((id) => getOne(id)))) as never };
  },
  async getManyReference() {
    throw new Error('getManyReference is not used');
  },
  async create(resource, params) {
    const api = resourceApi(resource);
    if (!api.save) throw new Error(`${resource}: create is not supported`);
    return { data: (await api.save(params.data as Partial<RaRecord>)) as never };
  },
  async update(resource, params) {
    const api = resourceApi(resource);
    if (!api.save) throw new Error(`${resource}: update is not supported`);
    return { data: (await api.save({ ...params.data, id: params.id } as Partial<RaRecord>, params.previousData)) as never };
  },
  async updateMany() {
    throw new Error('updateMany is not used');
  },
  async delete(resource, params) {
    const api = resourceApi(resource);
    if (!api.remove) throw new Error(`${resource}: delete is not supported`);
    await api.remove(params.id, params.previousData);
    return { data: params.previousData as never };
  },
  async deleteMany() {
    throw new Error('deleteMany is not used');
  },
};
