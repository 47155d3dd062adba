import { AppError } from '../appError';

// AppError itself lives at the bottom of the server (src/appError.ts), below db/, whose queue
// throws one; features and plugins take it from here with the helpers.
export { AppError };

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, fields);
export const unauthorized = (message: string) => new AppError(401, message);
export const paymentRequired = (message: string) => new AppError(402, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, message, fields);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMedia = (message: string) => new AppError(415, message);
export const failedDependency = (message: string) => new AppError(424, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** PostgreSQL unique violation (SQLSTATE 23505), as thrown by either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  if (e?.code !== '23505') return false;
  return constraint ? e.constraint === constraint || String(e.message ?? '').includes(constraint) : true;
}

/**
 * PostgreSQL data exception (class 22: a number out of range, text it cannot store...): the
 * caller's bad input that got past the schemas, answered 400.
 */
export function isDataException(error: unknown): boolean {
  return /^22[0-9A-Z]{3}$/.test(findPgError(error)?.code ?? '');
}

function findPgError(error: unknown): { code?: string; constraint?: string; message?: string } | null {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return null;
}
