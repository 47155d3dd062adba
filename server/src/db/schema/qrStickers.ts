import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { createdAt } from './columns';
import { files } from './files';
import { namespaces } from './namespaces';
import { users } from './users';

/**
 * A requested sheet of QR stickers (Resources > QR Sticker, `POST /api/QRCodeWithImage`):
 * its options (DECISIONS 8), who asked and the PDF kept for download.
 */
export const qrStickerBatches = pgTable(
  'qr_sticker_batches',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: smallint('quantity').notNull(),
    fileId: integer('file_id').references(() => files.id),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('qr_sticker_batches_namespace_idx').on(t.namespaceId, t.createdAt)],
);

/**
 * One sticker: a random 10-character Crockford base32 serial, unique across the platform (so
 * a sticker of one provider can never be taken for another's). It is assigned to an asset
 * through the asset's Serial Number (`assignStickerSerial`).
 */
export const qrStickers = pgTable(
  'qr_stickers',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    serial: text('serial').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => qrStickerBatches.id),
    assignedAssetId: integer('assigned_asset_id').references(() => assets.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qr_stickers_serial_key').on(t.serial),
    index('qr_stickers_batch_idx').on(t.batchId),
    uniqueIndex('qr_stickers_asset_key').on(t.assignedAssetId),
  ],
);
