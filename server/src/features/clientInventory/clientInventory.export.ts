import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { INVENTORY_EXCEL_COLUMNS, INVENTORY_TEMPLATE_CSV, INVENTORY_TEMPLATE_FILE, type InventoryQuery } from '@portal/contracts';
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
  const safe =
    site
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '_') || 'Site';
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `Client_Inventory_${safe}_${stamp}.xlsx`;
}

/**
 * Export to Excel (ours: `GET /api/clientInventory/export?clientId&siteId`): the site's whole
 * inventory in the spec's columns (item, description, quantity, tonne, manufacturer, location,
 * comments, client and site labels), streamed with exceljs' streaming writer in keyset batches
 * so memory stays flat. Every text is written as a text cell, never a formula, so a value such
 * as `=HYPERLINK(...)` typed or imported into a row stays inert text in Excel.
 */
export async function exportInventory(ctx: RequestContext, query: InventoryQuery, request: FastifyRequest, reply: FastifyReply) {
  const { client, site } = await inventoryScope(ctx, query);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Client Inventory');
  sheet.columns = (Object.keys(INVENTORY_EXCEL_COLUMNS) as Column[]).map((key) => ({
    header: INVENTORY_EXCEL_COLUMNS[key],
    key,
    width: WIDTHS[key],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${inventoryFileName(site.name)}"`)
    .header('cache-control', 'no-store');
  const write = async () => {
    let after = 0;
    for (;;) {
      const batch = await siteInventory(ctx.db, ctx.scope, query.siteId, { after, limit: BATCH });
      for (const r of batch) {
        if (stream.destroyed) return;
        sheet
          .addRow({
            productCategory: r.productCategory,
            description: r.description ?? '',
            quantity: r.quantity ?? '',
            tonne: r.tonne === null ? '' : Number(r.tonne),
            manufacturer: r.manufacturer ?? '',
            location: r.location ?? '',
            comments: r.comments ?? '',
            client: client.name,
            site: site.name,
          })
          .commit();
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1].id;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => {
    request.log.error({ err: error }, 'client inventory export failed');
    stream.destroy(error as Error);
  });
  return reply.send(stream);
}

/** Download Template (ours: `GET /api/clientInventory/template`): the CSV header of the spec's import columns. */
export function sendInventoryTemplate(reply: FastifyReply) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${INVENTORY_TEMPLATE_FILE}"`)
    .header('cache-control', 'no-store')
    .send(INVENTORY_TEMPLATE_CSV);
}
