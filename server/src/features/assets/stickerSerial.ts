import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeStickerSerial, QR_STICKERS } from '@portal/contracts';
import { assets, qrStickers } from '../../db/schema';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/errors';
import type { Scope } from '../../lib/scope';

/**
 * Assigns the sticker `serial` to an asset (called when an asset is saved with that Serial
 * Number, inside the saving transaction). A serial that is not one of the platform's
 * stickers is an ordinary serial number: nothing to assign (any earlier sticker of the asset
 * is released). 409 when the sticker belongs to another namespace or to another asset.
 * Answers the normalized sticker serial to store as the Serial Number, or null.
 */
export async function assignStickerSerial(
  db: Db,
  scope: Scope,
  assetId: number,
  serial: string | null | undefined,
): Promise<string | null> {
  const normalized = normalizeStickerSerial(serial);
  const [sticker] = normalized
    ? await db
        .select({ id: qrStickers.id, namespaceId: qrStickers.namespaceId, assignedAssetId: qrStickers.assignedAssetId })
        .from(qrStickers)
        .where(eq(qrStickers.serial, normalized))
        .for('update')
    : [];
  const release = () =>
    db
      .update(qrStickers)
      .set({ assignedAssetId: null })
      .where(and(eq(qrStickers.assignedAssetId, assetId), sticker ? ne(qrStickers.id, sticker.id) : sql`true`));
  if (!sticker || !normalized) {
    await release();
    return null;
  }
  if (sticker.namespaceId !== scope.namespaceId)
    throw conflict(QR_STICKERS.stickerOfOtherNamespace, { serialNumber: QR_STICKERS.stickerOfOtherNamespace });
  const otherAsset = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(
        eq(assets.namespaceId, scope.namespaceId),
        ne(assets.id, assetId),
        eq(assets.status, 1),
        sql`upper(${assets.serialNumber}) = ${normalized}`,
      ),
    )
    .limit(1);
  if ((sticker.assignedAssetId !== null && sticker.assignedAssetId !== assetId) || otherAsset.length) {
    throw conflict(QR_STICKERS.stickerOnOtherAsset(normalized), { serialNumber: QR_STICKERS.stickerOnOtherAsset(normalized) });
  }
  await release();
  await db.update(qrStickers).set({ assignedAssetId: assetId }).where(eq(qrStickers.id, sticker.id));
  return normalized;
}
