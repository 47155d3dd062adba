import { and, eq, sql } from 'drizzle-orm';
import {
  ASSET_OBJECT_TYPE,
  ASSETS,
  AssetBody,
  type AssetOptionsQuery,
  type AssetRow,
  assetCan,
  assetNameError,
  can,
  LLG_CATEGORY,
  SHELL,
  serverDisallowedAssetChars,
} from '@portal/contracts';
import { assets, clientCompanies } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { parseBody } from '../../lib/parseBody';
import { actorOf, mayUseCompany, mayUseSite, type Scope } from '../../lib/scope';
import { findClient, findSite } from '../clients';
import type { RequestContext } from '../context';
import { defineLocationType, type LocationCallContext } from '../locations';
import { assetDetailExtra, assetViewerOf, taskLockOf } from './assetsArea.service';
import { findAsset, findAssetType, listAssets, toAssetRow } from './assets.queries';
import { assignStickerSerial } from './stickerSerial';

/** An active client the caller may see, or 404. */
async function activeClient(db: Db, scope: Scope, companyId: number) {
  const client = await findClient(db, scope, companyId);
  if (client?.status !== 1) throw notFound(ASSETS.clientNotFound);
  return client;
}

/** An active site of the client the caller may see: 404 when not visible, 400 when of another client. */
async function activeSiteOf(db: Db, scope: Scope, companyId: number, siteId: number) {
  const site = await findSite(db, scope, siteId);
  if (site?.status !== 1 || !mayUseSite(scope, site)) throw notFound(ASSETS.siteNotFound);
  if (site.companyId !== companyId) throw badRequest(ASSETS.siteNotOfClient, { parentId: ASSETS.siteNotOfClient });
  return site;
}

/** An active, non-LLG asset type of the namespace: 404 when unknown, 400 when archived or LLG. */
async function usableAssetType(db: Db, scope: Scope, assetTypeId: number, keep: number | null) {
  const type = await findAssetType(db, scope.namespaceId, assetTypeId);
  if (!type) throw notFound(ASSETS.assetTypeNotFound);
  if (type.id === keep) return type;
  if (type.status !== 1) throw badRequest(ASSETS.assetTypeUnknown, { assetTypeId: ASSETS.assetTypeUnknown });
  if (type.category === LLG_CATEGORY) throw badRequest(ASSETS.assetTypeIsLlg, { assetTypeId: ASSETS.assetTypeIsLlg });
  return type;
}

/**
 * `POST /api/Location` with objectType ASSET (the wizard's Add Asset; the assets area's
 * panel later): creates an asset on a client's site, or edits one. One active asset per
 * client and name (409 with the server's text).
 */
export async function saveAsset(ctx: RequestContext, raw: Record<string, unknown>, context: LocationCallContext = {}): Promise<AssetRow> {
  const body = parseBody(AssetBody, raw);
  // Opened from a task in a locked status: read-only through that task (issue 21).
  if (body.id !== undefined && body.id !== null) {
    const lock = await taskLockOf(ctx, body.id, context.observationId);
    if (lock) throw conflict(lock);
    await requireDescriptionTab(ctx, body.id);
  }
  const savedId = await inTransaction(ctx.db, actorOf(ctx.user), (tx) => saveAssetIn(tx, ctx, body));
  const saved = await findAsset(ctx.db, ctx.scope, savedId);
  return toAssetRow(saved!);
}

/**
 * The Description tab holds the asset's fields: a caller the assets policy does not show it may
 * not change them (403). An asset the caller may not see or save is refused by the save itself.
 */
async function requireDescriptionTab(ctx: RequestContext, id: number): Promise<void> {
  const existing = await findAsset(ctx.db, ctx.scope, id);
  if (!existing) return;
  const flags = assetCan(await assetViewerOf(ctx), { id, status: existing.status, lockedBy: null });
  if (flags.save && !flags.description) throw forbidden(ASSETS.tabRefused('Description'));
}

/**
 * The asset save inside the caller's transaction (also ATTACH ASSET's new asset): every rule of
 * `POST /api/Location` for assets; answers the asset's id.
 */
export async function saveAssetIn(tx: Db, ctx: RequestContext, body: AssetBody): Promise<number> {
  const nameError = assetNameError(body.name, serverDisallowedAssetChars(ctx.user.role));
  if (nameError) throw badRequest(nameError, { name: nameError });
  const id = body.id ?? null;
  // A new asset needs assets.create, a change assets.update (not CLIENT-USER, SITE-USER: tasks document 2.6).
  if (!can(ctx.user.role, id === null ? 'assets.create' : 'assets.update')) throw forbidden(SHELL.forbidden);
  if (!mayUseCompany(ctx.scope, body.companyId)) throw notFound(ASSETS.clientNotFound);
  const existing = id !== null ? await findAsset(tx, ctx.scope, id) : null;
  if (id !== null && !existing) throw notFound(SHELL.notFound);
  if (existing && existing.status !== 1) throw conflict(ASSETS.assetNotActive);
  if (existing && existing.companyId !== body.companyId) throw badRequest(ASSETS.assetMovesClient, { companyId: ASSETS.assetMovesClient });
  if (existing && existing.siteId !== body.parentId) throw badRequest(ASSETS.siteLocked, { parentId: ASSETS.siteLocked });
  await activeClient(tx, ctx.scope, body.companyId);
  await activeSiteOf(tx, ctx.scope, body.companyId, body.parentId);
  await usableAssetType(tx, ctx.scope, body.assetTypeId, existing?.assetTypeId ?? null);
  const fields = {
    name: body.name,
    assetTypeId: body.assetTypeId,
    ...(body.serialNumber !== undefined ? { serialNumber: body.serialNumber } : {}),
    ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
    ...(body.externalId !== undefined ? { externalId: body.externalId } : {}),
    ...(body.acronymCode !== undefined ? { acronymCode: body.acronymCode } : {}),
    ...(body.endUserName !== undefined ? { endUserName: body.endUserName } : {}),
    ...(body.endUserAddress !== undefined ? { endUserAddress: body.endUserAddress } : {}),
  };
  // A name another active asset of the client has is refused by the index (assetLocation.unique).
  const assetId = await assetLocation.guard(body, async () => {
    if (existing) {
      await tx
        .update(assets)
        .set({ ...fields, modifiedAt: sql`now()` })
        .where(eq(assets.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(assets)
      .values({ ...fields, namespaceId: ctx.scope.namespaceId, companyId: body.companyId, siteId: body.parentId, status: 1 })
      .returning({ id: assets.id });
    return row.id;
  });
  // A Serial Number that is one of the namespace's QR stickers assigns that sticker (409 when
  // it is another namespace's or already on another asset), kept in its normal spelling.
  if (body.serialNumber !== undefined) {
    const sticker = await assignStickerSerial(tx, ctx.scope, assetId, body.serialNumber);
    if (sticker && sticker !== body.serialNumber) await tx.update(assets).set({ serialNumber: sticker }).where(eq(assets.id, assetId));
  }
  return assetId;
}

/**
 * `GET /api/Location/Asset?assetTypeId=` (with the job's `siteId`, or a `companyId`): the asset
 * options of a task row. An asset type, site or client the caller cannot see answers 404.
 */
export async function assetOptions(ctx: RequestContext, query: AssetOptionsQuery): Promise<AssetRow[]> {
  const type = await findAssetType(ctx.db, ctx.scope.namespaceId, query.assetTypeId);
  if (!type) throw notFound(ASSETS.assetTypeNotFound);
  if (query.siteId) {
    const site = await findSite(ctx.db, ctx.scope, query.siteId);
    if (!site || !mayUseSite(ctx.scope, site)) throw notFound(ASSETS.siteNotFound);
    if (query.companyId && site.companyId !== query.companyId) return [];
  }
  if (query.companyId && !(await findClient(ctx.db, ctx.scope, query.companyId))) throw notFound(ASSETS.clientNotFound);
  const rows = await listAssets(ctx.db, ctx.scope, query);
  return rows.map(toAssetRow);
}

/** Assets of a client the caller may see (`GET /api/Location/Object?objectType=ASSET&companyId=`). */
async function assetObjects(ctx: RequestContext, query: { companyId?: number }): Promise<AssetRow[]> {
  if (query.companyId) {
    const [client] = await ctx.db
      .select({ id: clientCompanies.id })
      .from(clientCompanies)
      .where(and(eq(clientCompanies.id, query.companyId), eq(clientCompanies.namespaceId, ctx.scope.namespaceId)));
    if (!client || !mayUseCompany(ctx.scope, client.id)) throw notFound(ASSETS.clientNotFound);
  }
  return (await listAssets(ctx.db, ctx.scope, { companyId: query.companyId })).map(toAssetRow);
}

/** Assets in the generic Location calls (`GET /api/Location/{id}`, `POST /api/Location`, `/Location/Object`). */
export const assetLocation = defineLocationType<{ name: string }>({
  objectType: ASSET_OBJECT_TYPE,
  table: assets,
  unique: [
    {
      index: 'assets_active_name_key',
      scope: ['company_id'],
      value: 'lower(name)',
      field: 'name',
      message: (input) => ASSETS.duplicateName(input.name),
    },
  ],
  objects: { permission: 'assets.read', run: assetObjects },
  get: {
    permission: 'assets.read',
    async run(ctx, id, context) {
      const found = await findAsset(ctx.db, ctx.scope, id);
      return found ? { ...toAssetRow(found), ...(await assetDetailExtra(ctx, id, context.observationId)) } : null;
    },
  },
  save: { permission: 'assets.create', run: saveAsset },
});
