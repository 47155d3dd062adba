import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { sharedSecret } from '../../lib/secrets';

/**
 * The opt-out link's token: the user's id and an HMAC-SHA256 of it (128 bits, base64url) under
 * a secret every instance shares (`server_secrets`, lib/secrets.ts). It names one user and only
 * that user: changing the id breaks the MAC, and nobody without the secret can make one. It
 * does not expire, so the link in an old mail still works (all it can do is turn mails off).
 */
const SECRET_NAME = 'reminder-opt-out';
const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})$/;

let cached: { db: Db; secret: Promise<Buffer> } | null = null;
function secretOf(db: Db): Promise<Buffer> {
  if (cached?.db === db) return cached.secret;
  const secret = sharedSecret(db, SECRET_NAME);
  cached = { db, secret };
  // A failed read is tried again next time rather than kept.
  secret.catch(() => {
    if (cached?.secret === secret) cached = null;
  });
  return secret;
}

const mac = (secret: Buffer, userId: number) => createHmac('sha256', secret).update(`reminder-opt-out:${userId}`).digest().subarray(0, 16);

export async function optOutToken(db: Db, userId: number): Promise<string> {
  return `${userId}.${mac(await secretOf(db), userId).toString('base64url')}`;
}

/** The user a token was made for, or null for anything else (malformed, changed, another's MAC). */
export async function userOfToken(db: Db, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  // The text is compared, not the bytes it decodes to: 16 bytes fill 22 base64url characters with
  // 4 bits to spare, so 16 spellings of the last character decode alike and only one was sent.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(mac(await secretOf(db), userId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
