import { hashPassword } from '../lib/password';

/** Every demo password is demo1234 (DECISIONS 7). */
export const DEMO_PASSWORD = 'demo1234';

let cached: Promise<string> | null = null;

/**
 * The demo password is hashed once per process and shared by the demo accounts: seeding
 * hundreds of users would otherwise spend minutes in scrypt. Real users always get their own
 * salt (users service, password reset).
 */
export function demoPasswordHash(): Promise<string> {
  cached ??= hashPassword(DEMO_PASSWORD);
  return cached;
}
