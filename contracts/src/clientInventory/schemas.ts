import { z } from 'zod';
import { Id, MAX_ID, SaveId } from '../common/schemas';
import { INVENTORY_TEXT } from './messages';

/**
 * The client inventory (administration document 2, 3, 5, 7; DECISIONS 10): rows of a client's
 * site (product category, description, quantity, tonne, manufacturer, location, comments),
 * listed whole by `GET /api/clientInventory/getEntityByClientSite?clientId&siteId`, saved as an
 * array by `POST /api/clientInventory/saveEntity`, deleted (archived) by
 * `DELETE /api/clientInventory/deleteClientEntityById/{id}`; ours: the CSV template, the CSV
 * import (all or nothing, every bad row with its line and reason) and the Excel export.
 */

/** At most this many data rows in one imported file (issue 24). */
export const INVENTORY_MAX_IMPORT_ROWS = 50_000;
/** The largest CSV accepted: 20 MB, room for 50,000 rows of ordinary length (ours). */
export const INVENTORY_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many rows in one `saveEntity` body (the inline edit sends one; ours). */
export const INVENTORY_MAX_SAVE_ROWS = 1_000;
/** Largest quantity (a database integer) and tonne (numeric(12,3)). */
export const INVENTORY_MAX_QUANTITY = MAX_ID;
export const INVENTORY_MAX_TONNE = 999_999_999.999;

export type InventoryField = 'productCategory' | 'description' | 'quantity' | 'tonne' | 'manufacturer' | 'location' | 'comments';

/** The spec's CSV import columns, in the template's order, and the field each fills. */
export const INVENTORY_CSV_COLUMNS: readonly { header: string; field: InventoryField }[] = [
  { header: 'ProductCategory', field: 'productCategory' },
  { header: 'Description', field: 'description' },
  { header: 'Quantity', field: 'quantity' },
  { header: 'Tonne', field: 'tonne' },
  { header: 'Manufacturer', field: 'manufacturer' },
  { header: 'Location', field: 'location' },
  { header: 'Comments', field: 'comments' },
];

/** Text limits (ours); ProductCategory (the export's "item") is the one required value. */
export const INVENTORY_TEXT_MAX: Record<Exclude<InventoryField, 'quantity' | 'tonne'>, number> = {
  productCategory: 200,
  description: 1000,
  manufacturer: 200,
  location: 200,
  comments: 1000,
};

/** The grid's column labels (ours, after the CSV's). */
export const INVENTORY_LABELS: Record<InventoryField, string> = {
  productCategory: 'Product Category',
  description: 'Description',
  quantity: 'Quantity',
  tonne: 'Tonne',
  manufacturer: 'Manufacturer',
  location: 'Location',
  comments: 'Comments',
};

/** The spec's Excel export columns: item, description, quantity, tonne, manufacturer, location, comments, client and site labels. */
export const INVENTORY_EXCEL_COLUMNS = {
  productCategory: 'Item',
  description: 'Description',
  quantity: 'Quantity',
  tonne: 'Tonne',
  manufacturer: 'Manufacturer',
  location: 'Location',
  comments: 'Comments',
  client: 'Client',
  site: 'Site',
} as const;

/** The values of one row, checked. */
export interface InventoryValues {
  productCategory: string;
  description: string | null;
  quantity: number | null;
  tonne: number | null;
  manufacturer: string | null;
  location: string | null;
  comments: string | null;
}

const WHOLE = /^[0-9]+$/;
const DECIMAL = /^(?:[0-9]+(?:\.[0-9]{0,3})?|\.[0-9]{1,3})$/;

/** A quantity as typed: a whole number of 0 or more; '' is none. Answers the value or the reason. */
export function readQuantity(text: string, label = 'Quantity'): { value: number | null } | { reason: string } {
  const s = text.trim();
  if (s === '') return { value: null };
  if (!WHOLE.test(s)) return { reason: INVENTORY_TEXT.notWhole(label) };
  const n = Number(s);
  return n > INVENTORY_MAX_QUANTITY ? { reason: INVENTORY_TEXT.tooBig(label) } : { value: n };
}

/** A tonne as typed: a decimal of 0 or more with at most 3 decimals; '' is none. */
export function readTonne(text: string, label = 'Tonne'): { value: number | null } | { reason: string } {
  const s = text.trim();
  if (s === '') return { value: null };
  if (!DECIMAL.test(s)) return { reason: INVENTORY_TEXT.notDecimal(label) };
  const n = Number(s);
  return n > INVENTORY_MAX_TONNE ? { reason: INVENTORY_TEXT.tooBig(label) } : { value: n };
}

/**
 * One CSV row's cells (by field, as text) checked with the rules of the save body: the values,
 * or every reason the row is refused (named by the CSV's column headers).
 */
export function readInventoryCells(cells: Record<InventoryField, string>): { values: InventoryValues } | { reasons: string[] } {
  const reasons: string[] = [];
  const text = (field: keyof typeof INVENTORY_TEXT_MAX, header: string): string | null => {
    const s = cells[field].trim();
    if (s.length > INVENTORY_TEXT_MAX[field]) reasons.push(INVENTORY_TEXT.tooLong(header, INVENTORY_TEXT_MAX[field]));
    return s === '' ? null : s;
  };
  const productCategory = text('productCategory', 'ProductCategory');
  if (productCategory === null) reasons.push(INVENTORY_TEXT.required('ProductCategory'));
  const description = text('description', 'Description');
  const quantity = readQuantity(cells.quantity);
  if ('reason' in quantity) reasons.push(quantity.reason);
  const tonne = readTonne(cells.tonne);
  if ('reason' in tonne) reasons.push(tonne.reason);
  const manufacturer = text('manufacturer', 'Manufacturer');
  const location = text('location', 'Location');
  const comments = text('comments', 'Comments');
  if (reasons.length > 0 || 'reason' in quantity || 'reason' in tonne) return { reasons };
  return {
    values: {
      productCategory: productCategory as string,
      description,
      quantity: quantity.value,
      tonne: tonne.value,
      manufacturer,
      location,
      comments,
    },
  };
}

/** The template file: the header line of the spec's columns. */
export const INVENTORY_TEMPLATE_CSV = `${INVENTORY_CSV_COLUMNS.map((c) => c.header).join(',')}\r\n`;
export const INVENTORY_TEMPLATE_FILE = 'Client_Inventory_Template.csv';

const idOf = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

/** `?clientId&siteId`: the inventory's client and site, both mandatory (section 5). */
export const InventoryQuery = z.object({
  clientId: z.string({ error: 'clientId is required' }).pipe(Id),
  siteId: z.string({ error: 'siteId is required' }).pipe(Id),
});
export type InventoryQuery = z.infer<typeof InventoryQuery>;

export const InventoryIdParams = z.object({ id: Id });

const optional = (field: keyof typeof INVENTORY_TEXT_MAX) =>
  z
    .string({ error: `${INVENTORY_LABELS[field]} must be text` })
    .max(INVENTORY_TEXT_MAX[field], INVENTORY_TEXT.tooLong(INVENTORY_LABELS[field], INVENTORY_TEXT_MAX[field]))
    .transform((s) => (s.trim() === '' ? null : s.trim()))
    .nullish()
    .transform((s) => s ?? null);

/** One row of `saveEntity`: id absent, null, 0 or -1 adds it; a positive id updates that row. */
export const InventorySaveRow = z.object({
  id: SaveId,
  productCategory: z
    .string({ error: INVENTORY_TEXT.required(INVENTORY_LABELS.productCategory) })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, INVENTORY_TEXT.required(INVENTORY_LABELS.productCategory))
        .max(
          INVENTORY_TEXT_MAX.productCategory,
          INVENTORY_TEXT.tooLong(INVENTORY_LABELS.productCategory, INVENTORY_TEXT_MAX.productCategory),
        ),
    ),
  description: optional('description'),
  quantity: z
    .number({ error: INVENTORY_TEXT.notWhole('Quantity') })
    .int(INVENTORY_TEXT.notWhole('Quantity'))
    .min(0, INVENTORY_TEXT.notWhole('Quantity'))
    .max(INVENTORY_MAX_QUANTITY, INVENTORY_TEXT.tooBig('Quantity'))
    .nullish()
    .transform((n) => n ?? null),
  tonne: z
    .number({ error: INVENTORY_TEXT.notDecimal('Tonne') })
    .min(0, INVENTORY_TEXT.notDecimal('Tonne'))
    .max(INVENTORY_MAX_TONNE, INVENTORY_TEXT.tooBig('Tonne'))
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, INVENTORY_TEXT.notDecimal('Tonne'))
    .nullish()
    .transform((n) => n ?? null),
  manufacturer: optional('manufacturer'),
  location: optional('location'),
  comments: optional('comments'),
  clientId: idOf('clientId'),
  siteId: idOf('siteId'),
});
export type InventorySaveRow = z.infer<typeof InventorySaveRow>;

export const InventorySaveBody = z
  .array(InventorySaveRow, { error: 'Send an array of inventory rows' })
  .min(1, 'Send at least one row')
  .max(INVENTORY_MAX_SAVE_ROWS, `At most ${INVENTORY_MAX_SAVE_ROWS} rows per save`);

export const InventoryCan = z.object({ edit: z.boolean(), delete: z.boolean() });

/** A row as listed (section 3's client inventory row) with the caller's rights on it. */
export const InventoryRow = z.object({
  id: z.number(),
  productCategory: z.string(),
  description: z.string().nullable(),
  quantity: z.number().nullable(),
  tonne: z.number().nullable(),
  manufacturer: z.string().nullable(),
  location: z.string().nullable(),
  comments: z.string().nullable(),
  clientId: z.number(),
  siteId: z.number(),
  can: InventoryCan,
});
export type InventoryRow = z.infer<typeof InventoryRow>;

/** The import's answer (ours): how many rows were added to the site. */
export const InventoryImportAnswer = z.object({ imported: z.number() });
export type InventoryImportAnswer = z.infer<typeof InventoryImportAnswer>;
