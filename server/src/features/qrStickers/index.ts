// The qrStickers feature's interface: what other features, features/index.ts and demo/ use.
export { qrStickersRoutes } from './qrStickers.routes';
export { renderStickerSheet } from './qrStickers.sheet';
