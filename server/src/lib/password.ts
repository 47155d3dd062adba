import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Slow salted password hashes (DECISIONS 2): scrypt, 32 MiB, about 0.1 s on one core.
 * Parameters are stored with each hash, so they can be raised without breaking old ones.
 * Format: scrypt$N$r$p$salt(base64)$hash(base64)
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const PRODUCTION_COST: ScryptCost = { N: 32768, r: 8, p: 1 };
/**
 * For the server's tests only: server/vitest.config.ts sets PORTAL_PASSWORD_HASH_COST=test, and
 * sign-ins then take about a millisecond instead of a tenth of a second each. A hash verifies
 * whatever its cost, so nothing else changes.
 */
export const TEST_COST: ScryptCost = { N: 1024, r: 8, p: 1 };
const DEFAULT = process.env.PORTAL_PASSWORD_HASH_COST === 'test' ? TEST_COST : PRODUCTION_COST;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await scryptAsync(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await scryptAsync(password, Buffer.alloc(16), DEFAULT.N, DEFAULT.r, DEFAULT.p);
    return false;
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20) return false;
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await scryptAsync(password, Buffer.from(parts[4], 'base64'), N, r, p);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Passwords are 6 to 18 characters after trimming (shell document section 5). */
export function passwordLengthValid(password: string): boolean {
  const length = password.trim().length;
  return length >= 6 && length <= 18;
}
