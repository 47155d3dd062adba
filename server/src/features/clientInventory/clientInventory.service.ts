import { readFile } from 'node:fs/promises';
import {
  INVENTORY_CSV_MAX_BYTES,
  INVENTORY_TEXT,
  type InventoryQuery,
  type InventoryRow,
  type InventorySaveRow,
  inventoryRowCan,
} from '@portal/contracts';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../lib/errors';
import { withSingleUpload } from '../../lib/files';
import { actorOf, mayUseCompany, mayUseSite } from '../../lib/scope';
import { findClient, findSite } from '../clients';
import type { RequestContext } from '../context';
import { readInventoryCsv } from './clientInventory.csv';
import {
  archiveInventoryRow,
  auditImport,
  bulkImportMode,
  findInventoryRow,
  type InventoryRecord,
  insertInventoryRows,
  siteInventory,
  updateInventoryRow,
} from './clientInventory.queries';

/**
 * The client inventory (administration document 2, 5, 7; DECISIONS 10). Client and site are
 * mandatory; client roles see and edit only their company's inventory, SITE-USER and REQUESTER
 * only their sites' (DECISIONS 4): a client or site out of reach answers 404, as another
 * namespace's id does. Writing needs `inventory.write` (the routes' permission).
 */

/** The client and site, each visible to the caller and the site the client's; else 404. */
export async function inventoryScope(ctx: RequestContext, where: { clientId: number; siteId: number }) {
  if (!mayUseCompany(ctx.scope, where.clientId)) throw notFound(INVENTORY_TEXT.clientNotFound);
  const client = await findClient(ctx.db, ctx.scope, where.clientId);
  if (!client) throw notFound(INVENTORY_TEXT.clientNotFound);
  const site = await findSite(ctx.db, ctx.scope, where.siteId);
  if (!site || site.companyId !== where.clientId || !mayUseSite(ctx.scope, { id: site.id, companyId: site.companyId }))
    throw notFound(INVENTORY_TEXT.siteNotFound);
  return { client, site };
}

export function toInventoryRow(ctx: RequestContext, r: InventoryRecord): InventoryRow {
  return {
    id: r.id,
    productCategory: r.productCategory,
    description: r.description,
    quantity: r.quantity,
    tonne: r.tonne === null ? null : Number(r.tonne),
    manufacturer: r.manufacturer,
    location: r.location,
    comments: r.comments,
    clientId: r.clientId,
    siteId: r.siteId,
    can: inventoryRowCan(ctx.scope.role),
  };
}

async function listOf(ctx: RequestContext, siteId: number): Promise<InventoryRow[]> {
  const records = await siteInventory(ctx.db, ctx.scope, siteId);
  return records.map((r) => toInventoryRow(ctx, r));
}

/** `GET clientInventory/getEntityByClientSite?clientId&siteId`: the site's whole inventory. */
export async function inventoryList(ctx: RequestContext, query: InventoryQuery): Promise<InventoryRow[]> {
  await inventoryScope(ctx, query);
  return listOf(ctx, query.siteId);
}

/**
 * `POST clientInventory/saveEntity` with an array of rows of one client and site: new rows
 * (no id, 0 or -1) are added, rows with an id updated (404 when it is not an active row of that
 * site), all in one transaction. Answers the site's updated list.
 */
export async function saveInventory(ctx: RequestContext, rows: InventorySaveRow[]): Promise<InventoryRow[]> {
  const { clientId, siteId } = rows[0];
  if (rows.some((r) => r.clientId !== clientId || r.siteId !== siteId)) throw badRequest(INVENTORY_TEXT.mixedSites);
  await inventoryScope(ctx, { clientId, siteId });
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const added = [];
    for (const row of rows) {
      const { id, clientId: _c, siteId: _s, ...values } = row;
      if (id && id > 0) {
        const stored = await findInventoryRow(tx, ctx.scope, id);
        if (!stored || stored.siteId !== siteId) throw notFound(INVENTORY_TEXT.rowNotFound);
        await updateInventoryRow(tx, ctx.scope, id, values);
      } else added.push(values);
    }
    if (added.length > 0) await insertInventoryRows(tx, ctx.scope, { clientId, siteId }, added);
  });
  return listOf(ctx, siteId);
}

/** `DELETE clientInventory/deleteClientEntityById/{id}`: archives the row; answers its site's updated list. */
export async function deleteInventoryRow(ctx: RequestContext, id: number): Promise<InventoryRow[]> {
  const stored = await findInventoryRow(ctx.db, ctx.scope, id);
  if (!stored || !mayUseSite(ctx.scope, { id: stored.siteId, companyId: stored.clientId })) throw notFound(INVENTORY_TEXT.rowNotFound);
  await inventoryScope(ctx, { clientId: stored.clientId, siteId: stored.siteId });
  await inTransaction(ctx.db, actorOf(ctx.user), (tx) => archiveInventoryRow(tx, ctx.scope, id));
  return listOf(ctx, stored.siteId);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Custom Upload (ours: `POST /api/clientInventory/upload?clientId&siteId`, multipart field
 * `file`): a CSV file checked by content (lib/files.ts: .csv, text, at most 20 MB), decoded as
 * UTF-8, read by papaparse and added to the site in one transaction (audited as one IMPORT entry), or refused whole with
 * every invalid row's line and reason (`fields`, keyed by line number; DECISIONS 10).
 */
export async function importInventory(ctx: RequestContext, query: InventoryQuery, request: Parameters<typeof withSingleUpload>[0]) {
  await inventoryScope(ctx, query);
  const reading = await withSingleUpload(request, ctx.app.blobs, 'file', ['csv'], INVENTORY_CSV_MAX_BYTES, async (file) => {
    let text: string;
    try {
      text = utf8.decode(await readFile(file.path));
    } catch {
      throw badRequest(INVENTORY_TEXT.notUtf8);
    }
    return { ...readInventoryCsv(text), fileName: file.fileName.replace(/[\\/\0]/g, '_').slice(0, 200) };
  });
  if (!reading.ok) throw badRequest(reading.error, reading.lines);
  const added = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    await bulkImportMode(tx);
    const result = await insertInventoryRows(tx, ctx.scope, query, reading.rows);
    await auditImport(tx, ctx.scope, { ...query, fileName: reading.fileName, ...result });
    return result;
  });
  return { imported: added.count };
}
