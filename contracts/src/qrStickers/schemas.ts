import { z } from 'zod';

/** DECISIONS 8: the sticker sheet options. */
export const QR_STICKER_SIZES = ['25mm', '38mm', '50mm'] as const;
export const QR_STICKER_COLORS = ['Black', 'Blue', 'Red', 'Green'] as const;
export const QR_STICKER_QUANTITIES = [12, 24, 48, 96, 240, 480] as const;
export type QrStickerSize = (typeof QR_STICKER_SIZES)[number];
export type QrStickerColor = (typeof QR_STICKER_COLORS)[number];

/** Sticker serials: 10 characters of Crockford base32 (no I, L, O, U), random (DECISIONS 8). */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const STICKER_SERIAL_LENGTH = 10;
export const STICKER_SERIAL_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * A serial as typed or scanned: upper case, Crockford's look-alikes read as digits (O -> 0,
 * I and L -> 1), hyphens and spaces dropped. Answers null when it is not a sticker serial.
 */
export function normalizeStickerSerial(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return STICKER_SERIAL_PATTERN.test(text) ? text : null;
}

/** `POST /api/QRCodeWithImage` (spec 3: size, color, quantity, createdBy). */
export const QrStickerRequest = z.object({
  size: z.enum(QR_STICKER_SIZES, { error: 'Size must be 25mm, 38mm or 50mm' }), // (ours)
  color: z.enum(QR_STICKER_COLORS, { error: 'Color must be Black, Blue, Red or Green' }), // (ours)
  quantity: z.coerce
    .number()
    .int()
    .refine((n) => (QR_STICKER_QUANTITIES as readonly number[]).includes(n), 'Quantity must be 12, 24, 48, 96, 240 or 480'), // (ours)
  /** The spec sends the signed-in user's id; the server uses the session's user whatever it says. */
  createdBy: z.union([z.number(), z.string()]).optional(),
});
export type QrStickerRequest = z.infer<typeof QrStickerRequest>;

export const QrStickerBatch = z.object({
  id: z.number(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Download with `GET /api/filedownload?id=<blobKey>`. */
  blobKey: z.string(),
  fileName: z.string(),
  /** The first few serials of the batch, to find a sheet again. */
  firstSerial: z.string().nullable(),
});
export type QrStickerBatch = z.infer<typeof QrStickerBatch>;

export const QrStickerAnswer = z.object({
  message: z.string(),
  batch: QrStickerBatch,
});
export type QrStickerAnswer = z.infer<typeof QrStickerAnswer>;

export const QrStickerBatchList = z.array(QrStickerBatch);

/** `GET /api/Observation/AssetBySerial?asn=&offset=0&limit=50`: the Asset History popup. */
export const AssetBySerialQuery = z.object({
  asn: z.string().min(1).max(200),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const StickerHistoryRow = z.object({
  taskId: z.number(),
  inspectionDate: z.string().nullable(),
  certificateDate: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  result: z.number().nullable(),
  /** The certificate's file: `GET /api/filedownload?id=<blobKey>&observationId=<taskId>`, or null. */
  certificateBlobKey: z.string().nullable(),
  /** The next due date the certificate states (DECISIONS 9): inspection date + validity for a Pass, null for a Fail. */
  dueDate: z.string().nullable(),
});
export type StickerHistoryRow = z.infer<typeof StickerHistoryRow>;

export const AssetBySerialAnswer = z.object({
  asset: z.object({ id: z.number(), name: z.string(), serialNumber: z.string(), client: z.string(), site: z.string() }),
  total: z.number(),
  rows: z.array(StickerHistoryRow),
});
export type AssetBySerialAnswer = z.infer<typeof AssetBySerialAnswer>;
