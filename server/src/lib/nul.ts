// PostgreSQL text cannot hold NUL (0x00): requests carrying one are refused before any query.

/** Whether a parsed JSON value holds a NUL character in any string or key. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false; // multipart files, buffers
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
