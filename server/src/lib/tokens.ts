import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random session token for the cookie; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** Opaque key for stored files. */
export const newBlobKey = () => randomBytes(18).toString('base64url');

/** Six-digit one-time password. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
