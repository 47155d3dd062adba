import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ASSET_OBJECT_TYPE, type AssetRow } from '@portal/contracts';
import { assets, assetTypes, clientCompanies, sites } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/**
 * Assets the caller may see: the namespace's; client roles their company's; SITE-USER and
 * REQUESTER the assets of their sites.
 */
export function assetScope(scope: Scope): SQL {
  const conditions: SQL[] = [eq(assets.namespaceId, scope.namespaceId)];
  if (scope.companyId !== null) conditions.push(eq(assets.companyId, scope.companyId));
  if (scope.siteIds !== null) conditions.push(scope.siteIds.length ? inArray(assets.siteId, scope.siteIds) : sql`false`);
  return and(...conditions) as SQL;
}

const assetColumns = {
  id: assets.id,
  name: assets.name,
  assetTypeId: assets.assetTypeId,
  assetType: assetTypes.name,
  companyId: assets.companyId,
  client: clientCompanies.name,
  siteId: assets.siteId,
  site: sites.name,
  serialNumber: assets.serialNumber,
  externalId: assets.externalId,
  acronymCode: assets.acronymCode,
  endUserName: assets.endUserName,
  endUserAddress: assets.endUserAddress,
  status: assets.status,
  timeZone: assets.timeZone,
  createdAt: assets.createdAt,
  modifiedAt: assets.modifiedAt,
};

type AssetRecord = {
  [K in keyof typeof assetColumns]: (typeof assetColumns)[K]['_']['notNull'] extends true
    ? (typeof assetColumns)[K]['_']['data']
    : (typeof assetColumns)[K]['_']['data'] | null;
};

export function toAssetRow(record: AssetRecord): AssetRow {
  const { createdAt, modifiedAt, ...fields } = record;
  return {
    ...fields,
    objectType: ASSET_OBJECT_TYPE,
    parentId: record.siteId,
    locationLevel: 1,
    type: 1,
    createdDate: createdAt.toISOString(),
    modifiedDate: modifiedAt.toISOString(),
  };
}

function selectAssets(db: Db) {
  return db
    .select(assetColumns)
    .from(assets)
    .innerJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, assets.companyId))
    .innerJoin(sites, eq(sites.id, assets.siteId));
}

/** One asset in the caller's scope, whatever its status. */
export async function findAsset(db: Db, scope: Scope, id: number): Promise<AssetRecord | null> {
  const rows = await selectAssets(db).where(and(assetScope(scope), eq(assets.id, id)));
  return rows[0] ?? null;
}

export interface AssetListQuery {
  assetTypeId?: number;
  siteId?: number;
  companyId?: number;
}

/** Active assets in the caller's scope, by name (the wizard's asset options, pickers). */
export async function listAssets(db: Db, scope: Scope, query: AssetListQuery): Promise<AssetRecord[]> {
  return selectAssets(db)
    .where(
      and(
        assetScope(scope),
        eq(assets.status, 1),
        query.assetTypeId ? eq(assets.assetTypeId, query.assetTypeId) : undefined,
        query.siteId ? eq(assets.siteId, query.siteId) : undefined,
        query.companyId ? eq(assets.companyId, query.companyId) : undefined,
      ),
    )
    .orderBy(asc(assets.name), asc(assets.id));
}

/** An asset type of the namespace (any status), with its category. */
export async function findAssetType(db: Db, namespaceId: number, id: number) {
  const rows = await db
    .select({ id: assetTypes.id, name: assetTypes.name, category: assetTypes.category, status: assetTypes.status })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, namespaceId), eq(assetTypes.id, id)));
  return rows[0] ?? null;
}

/**
 * For the task saves of a job (jobs-core): the assets among `ids` the caller may see, with
 * what a task row checks (its site, client, type and status). Missing ids are not visible.
 */
export async function assetsForTasks(db: Db, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: assets.id,
      name: assets.name,
      siteId: assets.siteId,
      companyId: assets.companyId,
      assetTypeId: assets.assetTypeId,
      status: assets.status,
    })
    .from(assets)
    .where(and(assetScope(scope), inArray(assets.id, ids)));
}
