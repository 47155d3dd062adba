import type { AssetBySerialAnswer, QrStickerAnswer, QrStickerBatch, QrStickerRequest } from '@portal/contracts';
import { get, post } from '../api/http';

export const requestStickers = (body: QrStickerRequest) => post<QrStickerAnswer>('/QRCodeWithImage', body);
export const listStickerBatches = () => get<QrStickerBatch[]>('/QRCodeWithImage');
/** The Asset History popup after a sign-in by sticker (offset 0, limit 50: spec 1). */
export const assetHistoryBySerial = (asn: string) =>
  get<AssetBySerialAnswer>('/Observation/AssetBySerial', { query: { asn, offset: 0, limit: 50 } });
export const fileUrl = (blobKey: string, taskId?: number) =>
  `/api/filedownload?id=${encodeURIComponent(blobKey)}${taskId ? `&observationId=${taskId}` : ''}`;
