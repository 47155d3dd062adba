import type { SessionUser } from '@portal/contracts';
import { AUTH } from '@portal/contracts/messages';
import { clearOfflineData } from '../offline/db';
import { keptUser, rememberUser } from '../offline/cache';
import { get, HttpError, post } from './http';

/**
 * The signed-in user, loaded once at start-up (GET /api/login) and kept for the life of the
 * page. Sign-in and logout reset it.
 */
let current: Promise<SessionUser | null> | null = null;
/** Whether the last start-up probe found a session that had ended (rather than none at all). */
let expired = false;

export function loadSession(force = false): Promise<SessionUser | null> {
  if (!current || force) {
    expired = false;
    // Kept on this device: a reload without a connection reopens the app (issue 21, offline inspection).
    current = keptUser(() => get<SessionUser[]>('/login', { anonymous: true }).then((list) => list[0] ?? null)).catch((error) => {
      if (error instanceof HttpError && error.status === 401) {
        expired = error.message === AUTH.sessionExpired;
        return null;
      }
      current = null;
      throw error;
    });
  }
  return current;
}

/** The page was opened with a session that has since ended (idle timeout, logout elsewhere). */
export function sessionHadExpired(): boolean {
  return expired;
}

export function forgetSession(): void {
  current = null;
}

export async function signIn(input: { email: string; password: string; asn?: string | null }): Promise<SessionUser> {
  const body = { email: input.email, password: input.password, ...(input.asn ? { assetSerial: true, asn: input.asn } : {}) };
  const user = await post<SessionUser>('/weblogin', body, { anonymous: true });
  // Each sign-in starts from the disallowed asset-name characters the server hands out, not
  // from what an earlier user of this browser chose in the Configuration panel.
  const chars = user.disallowedAssetNameCharacters;
  if (Array.isArray(chars)) localStorage.setItem(DISALLOWED_CHARS_KEY, JSON.stringify(chars));
  else localStorage.removeItem(DISALLOWED_CHARS_KEY);
  // Another user's offline data on this device goes before this one's screens open (issue 21).
  await rememberUser(user);
  current = Promise.resolve(user);
  return user;
}

/** Where the Configuration panel keeps the disallowed asset-name characters (common/assetNameRules). */
export const DISALLOWED_CHARS_KEY = 'portal.disallowedAssetChars';

/** Stored items the spec says logout clears: session storage, and the asset-name rule kept locally. */
export const SESSION_KEYS = ['portal.link', 'portal.fileType', 'portal.newImage'] as const;

export async function signOut(): Promise<void> {
  try {
    await get('/login', { query: { logout: 'true' }, anonymous: true });
    // What this device kept for offline inspection is the user's: it goes with them, once the
    // server has ended the session (a logout that could not reach it keeps the queued saves).
    await clearOfflineData();
  } finally {
    forgetSession();
    for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
    localStorage.removeItem(DISALLOWED_CHARS_KEY);
  }
}
