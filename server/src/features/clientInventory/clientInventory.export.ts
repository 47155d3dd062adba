import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fileStamp,
  INVENTORY_EXCEL_COLUMNS,
  INVENTORY_TEMPLATE_CSV,
  INVENTORY_TEMPLATE_FILE,
  type InventoryQuery,
} from '@portal/contracts';
import { fileNamePart, keysetPages, streamExcel } from '../../lib/excelExport';
import type { RequestContext } from '../context';
import { siteInventory } from './clientInventory.queries';
import { inventoryScope } from './clientInventory.service';

/** Rows read per statement while the workbook streams. */
const BATCH = 2000;

type Column = keyof typeof INVENTORY_EXCEL_COLUMNS;
const WIDTHS: Record<Column, number> = {
  productCategory: 24,
  description: 40,
  quantity: 11,
  tonne: 11,
  manufacturer: 22,
  location: 20,
  comments: 36,
  client: 26,
  site: 24,
};

/** `Client_Inventory_{site}_{timestamp}.xlsx`, the site's name kept to letters, digits, - and _ (ours). */
export function inventoryFileName(site: string, at = new Date()): string {
  return `Client_Inventory_${fileNamePart(site, 'Site')}_${fileStamp(at)}.xlsx`;
}

/**
 * Export to Excel (ours: `GET /api/clientInventory/export?clientId&siteId`): the site's whole
 * inventory in the spec's columns (item, description, quantity, tonne, manufacturer, location,
 * comments, client and site labels), streamed (`lib/excelExport.ts`) in keyset batches so
 * memory stays flat. Every text is written as a text cell, never a formula, so a value such
 * as `=HYPERLINK(...)` typed or imported into a row stays inert text in Excel.
 */
export async function exportInventory(ctx: RequestContext, query: InventoryQuery, request: FastifyRequest, reply: FastifyReply) {
  const { client, site } = await inventoryScope(ctx, query);
  return streamExcel(request, reply, {
    sheet: 'Client Inventory',
    fileName: inventoryFileName(site.name),
    headers: INVENTORY_EXCEL_COLUMNS,
    widths: WIDTHS,
    pages: keysetPages(
      BATCH,
      (after: number | undefined, limit) => siteInventory(ctx.db, ctx.scope, query.siteId, { after: after ?? 0, limit }),
      (last) => last.id,
    ),
    values: (r) => ({
      productCategory: r.productCategory,
      description: r.description ?? '',
      quantity: r.quantity ?? '',
      tonne: r.tonne === null ? '' : Number(r.tonne),
      manufacturer: r.manufacturer ?? '',
      location: r.location ?? '',
      comments: r.comments ?? '',
      client: client.name,
      site: site.name,
    }),
    failure: 'client inventory export failed',
  });
}

/** Download Template (ours: `GET /api/clientInventory/template`): the CSV header of the spec's import columns. */
export function sendInventoryTemplate(reply: FastifyReply) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${INVENTORY_TEMPLATE_FILE}"`)
    .header('cache-control', 'no-store')
    .send(INVENTORY_TEMPLATE_CSV);
}
