/** The QR stickers feature's interface (only what other places use so far). */
export { renderStickerSheet } from './qrStickers.sheet';
