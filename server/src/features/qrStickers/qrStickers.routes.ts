import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssetBySerialAnswer,
  AssetBySerialQuery,
  QR_STICKERS,
  QrStickerAnswer,
  QrStickerBatchList,
  QrStickerRequest,
} from '@portal/contracts';
import { contextOf } from '../context';
import { assetHistoryBySerial, createStickerBatch, listStickerBatches } from './qrStickers.service';

/**
 * Resources > QR Sticker (`POST /api/QRCodeWithImage`, spec 3; the list of earlier sheets is
 * ours) and the Asset History popup after a sign-in by sticker
 * (`GET /api/Observation/AssetBySerial?asn=`; the spec does not show the path).
 */
export async function qrStickersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/QRCodeWithImage',
    { config: { permission: 'qrStickers.create' }, schema: { body: QrStickerRequest, response: { 200: QrStickerAnswer } } },
    async (request) => {
      const batch = await createStickerBatch(contextOf(app, request), request.body);
      return { message: QR_STICKERS.saved, batch };
    },
  );
  r.get(
    '/QRCodeWithImage',
    { config: { permission: 'qrStickers.create' }, schema: { response: { 200: QrStickerBatchList } } },
    async (request) => listStickerBatches(contextOf(app, request)),
  );
  r.get(
    '/Observation/AssetBySerial',
    { config: { permission: 'assets.read' }, schema: { querystring: AssetBySerialQuery, response: { 200: AssetBySerialAnswer } } },
    async (request) => assetHistoryBySerial(contextOf(app, request), request.query),
  );
}
