import type { SessionUser } from '@portal/contracts';
import { get, HttpError, post } from './http';

/**
 * The signed-in user, loaded once at start-up (GET /api/login) and kept for the life of the
 * page. Sign-in and logout reset it.
 */
let current: Promise<SessionUser | null> | null = null;

export function loadSession(force = false): Promise<SessionUser | null> {
  if (!current || force) {
    current = get<SessionUser[]>('/login', { anonymous: true })
      .then((list) => list[0] ?? null)
      .catch((error) => {
        if (error instanceof HttpError && error.status === 401) return null;
        current = null;
        throw error;
      });
  }
  return current;
}

export function forgetSession(): void {
  current = null;
}

export async function signIn(input: { email: string; password: string; asn?: string | null }): Promise<SessionUser> {
  const body = { email: input.email, password: input.password, ...(input.asn ? { assetSerial: true, asn: input.asn } : {}) };
  const user = await post<SessionUser>('/weblogin', body, { anonymous: true });
  current = Promise.resolve(user);
  return user;
}

/** Session-storage keys the spec says logout clears. */
export const SESSION_KEYS = ['portal.link', 'portal.fileType', 'portal.newImage'] as const;

export async function signOut(): Promise<void> {
  try {
    await get('/login', { query: { logout: 'true' }, anonymous: true });
  } finally {
    forgetSession();
    for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  }
}
