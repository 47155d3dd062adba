import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types';
import { sharedSecret } from './secrets';

/**
 * Device cookies (OWASP, "Slow Brute Force Attacks: Device Cookies"): a browser that signed in
 * to an account gets a cookie naming that login and a random nonce, signed with a secret all
 * instances share. A later sign-in to the same account that presents it is counted against
 * that device only, so an attacker hammering the account cannot keep its owner's browser out.
 *
 * One cookie holds the entries of the last few accounts signed in on the browser (a shared
 * office computer), most recent first: `<entry>~<entry>...`, each entry
 * `<login base64url>.<issued, seconds>.<nonce>.<HMAC-SHA256 base64url>`.
 */
export const DEVICE_COOKIE = 'portal_device';
/** How long a browser stays known without signing in again (the cookie's Max-Age, and checked). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_ACCOUNTS = 5;
/** Browsers limit a cookie to 4096 bytes; anything longer is not ours. */
const MAX_COOKIE_LENGTH = 4096;
const SECRET_NAME = 'device-cookie';

interface Entry {
  login: string;
  issued: number;
  nonce: string;
  raw: string;
}

export class DeviceCookies {
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The nonce of a valid, unexpired entry for `login`, or null (absent, forged, another account's). */
  async nonceFor(cookie: string | undefined, login: string): Promise<string | null> {
    if (!cookie) return null;
    const key = await this.key();
    return this.valid(cookie, key).find((entry) => entry.login === login)?.nonce ?? null;
  }

  /** The cookie after a successful sign-in to `login`: a fresh entry first, then the other valid ones. */
  async issue(cookie: string | undefined, login: string, issuedAtMs = this.now()): Promise<string> {
    const key = await this.key();
    const issued = Math.floor(issuedAtMs / 1000);
    const nonce = randomBytes(16).toString('base64url');
    const encodedLogin = Buffer.from(login).toString('base64url');
    const fresh = `${encodedLogin}.${issued}.${nonce}.${sign(key, login, issued, nonce)}`;
    const others = cookie ? this.valid(cookie, key).filter((entry) => entry.login !== login) : [];
    return [fresh, ...others.slice(0, MAX_ACCOUNTS - 1).map((entry) => entry.raw)].join('~');
  }

  private key(): Promise<Buffer> {
    if (!this.secret) {
      this.secret = sharedSecret(this.db, SECRET_NAME);
      // A failed read (database briefly away) is tried again by the next sign-in.
      this.secret.catch(() => {
        this.secret = null;
      });
    }
    return this.secret;
  }

  private valid(cookie: string, key: Buffer): Entry[] {
    if (cookie.length > MAX_COOKIE_LENGTH) return [];
    const oldest = this.now() / 1000 - DEVICE_COOKIE_MAX_AGE_SECONDS;
    const entries: Entry[] = [];
    for (const raw of cookie.split('~').slice(0, MAX_ACCOUNTS)) {
      const parts = raw.split('.');
      if (parts.length !== 4) continue;
      const [encodedLogin, issuedText, nonce, signature] = parts;
      if (!/^\d{1,12}$/.test(issuedText) || !/^[\w-]{22}$/.test(nonce)) continue;
      const issued = Number(issuedText);
      const login = Buffer.from(encodedLogin, 'base64url').toString();
      if (issued < oldest || !sameText(signature, sign(key, login, issued, nonce))) continue;
      entries.push({ login, issued, nonce, raw });
    }
    return entries;
  }
}

function sign(key: Buffer, login: string, issued: number, nonce: string): string {
  return createHmac('sha256', key).update(`device:v1\n${login}\n${issued}\n${nonce}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
