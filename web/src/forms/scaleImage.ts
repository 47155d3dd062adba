/**
 * Photos are scaled down in the browser before they are sent (issue 21): a phone's 12-megapixel
 * picture becomes a JPEG whose longest side is at most 2560 px (the size the server keeps anyway,
 * lib/images.ts), so it uploads in seconds on a poor connection. EXIF orientation is applied by
 * the decoder. Anything the browser cannot decode is sent as it is (the server checks it).
 */
export const PHOTO_LONGEST_SIDE = 2560;
const QUALITY = 0.85;

export async function scalePhoto(file: File, longest = PHOTO_LONGEST_SIDE): Promise<File> {
  if (!/^image\/(jpeg|png|webp|heic|heif)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    // Small enough already, and a JPEG: sent unchanged (a PNG keeps its transparency too).
    if (scale === 1 && (file.type === 'image/jpeg' || file.type === 'image/png')) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob) return file;
    return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
