import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { normalizeRole, type Role } from '@portal/contracts';
import { namespaces, roles, sessions, users } from '../db/schema';
import type { Db } from '../db/types';
import { newToken, sha256 } from './tokens';

/** Sessions expire after 12 hours idle (DECISIONS 2). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in user as every route sees it: enough to scope and authorise a request. */
export interface AuthUser {
  id: number;
  namespaceId: number;
  namespace: string;
  email: string;
  name: string;
  role: Role;
  roleName: string;
  roleId: number;
  type: number;
  companyId: number | null;
  officeId: number | null;
  siteIds: number[];
}

export interface AuthContext {
  /** SHA-256 of the token: the sessions table key. */
  sessionKey: string;
  user: AuthUser;
}

interface CacheEntry {
  auth: AuthContext;
  expires: number;
  extra: Map<string, unknown>;
}

/**
 * The embedded database has one server process (the DATA_DIR lock): every app built on it in
 * that process shares one cache, so a revocation by any of them is seen by all at once.
 */
const embeddedCaches = new WeakMap<Db, Map<string, CacheEntry>>();

/**
 * Server-side sessions in the database. A resolved session (the user, role, sites and the
 * built session user) may be reused for a short time (SESSION_CACHE_MS, 2 s by default).
 * On PostgreSQL, where several instances serve one database, each reuse still reads the
 * session row (stillValid), so a logout, password reset or suspension made by any instance
 * counts on every instance at once. The cache is only a cache: nothing another instance
 * needs lives here, and an instance drops an entry as soon as it changes the session or user.
 */
export class SessionStore {
  private readonly cache: Map<string, CacheEntry>;
  private readonly checkEachUse: boolean;
  private static readonly MAX_ENTRIES = 20_000;

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
    kind: 'pglite' | 'postgres' = 'postgres',
  ) {
    this.checkEachUse = kind === 'postgres';
    let cache = kind === 'pglite' ? embeddedCaches.get(db) : undefined;
    if (!cache) {
      cache = new Map();
      if (kind === 'pglite') embeddedCaches.set(db, cache);
    }
    this.cache = cache;
  }

  async create(user: { id: number; namespaceId: number }, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const token = newToken();
    await this.db.insert(sessions).values({
      id: sha256(token),
      userId: user.id,
      namespaceId: user.namespaceId,
      expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return token;
  }

  async resolve(token: string): Promise<AuthContext | null> {
    if (!token || token.length > 100) return null;
    // The cache is keyed by the token itself, so a hit costs no hashing.
    const cached = this.cache.get(token);
    if (cached && cached.expires > Date.now() && (!this.checkEachUse || (await this.stillValid(cached.auth.sessionKey))))
      return cached.auth;
    if (cached) this.cache.delete(token);
    const key = sha256(token);

    const rows = await this.db
      .select({
        lastSeenAt: sessions.lastSeenAt,
        id: users.id,
        namespaceId: users.namespaceId,
        namespace: namespaces.name,
        namespaceStatus: namespaces.status,
        email: users.email,
        name: users.name,
        status: users.status,
        type: users.type,
        companyId: users.companyId,
        officeId: users.officeId,
        roleId: roles.id,
        roleName: roles.name,
        baseRole: roles.baseRole,
        siteIds: sql<
          number[]
        >`coalesce((select array_agg(us.site_id order by us.site_id) from user_sites us where us.user_id = ${users.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(namespaces, eq(namespaces.id, users.namespaceId))
      .where(and(eq(sessions.id, key), gt(sessions.expiresAt, sql`now()`)));
    const row = rows[0];
    const role = normalizeRole(row?.baseRole);
    if (!row || !role || row.status !== 1 || row.namespaceStatus !== 1) {
      if (row) await this.destroyKey(key);
      return null;
    }
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_IDLE_MS) })
        .where(eq(sessions.id, key));
    }
    const auth: AuthContext = {
      sessionKey: key,
      user: {
        id: row.id,
        namespaceId: row.namespaceId,
        namespace: row.namespace,
        email: row.email,
        name: row.name,
        role,
        roleName: row.roleName,
        roleId: row.roleId,
        type: row.type,
        companyId: row.companyId,
        officeId: row.officeId,
        siteIds: (row.siteIds ?? []).map(Number),
      },
    };
    if (this.cacheMs > 0) {
      if (this.cache.size >= SessionStore.MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(token, { auth, expires: Date.now() + this.cacheMs, extra: new Map() });
    }
    return auth;
  }

  /**
   * Whether a cached session still stands: one primary-key read, so that a logout, a password
   * reset or a suspension (each deletes the session rows) on any instance ends the session on
   * every instance at once. Everything else about the user (name, role, sites) may stay
   * cached for SESSION_CACHE_MS.
   */
  private async stillValid(key: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(sessions)
      .where(and(eq(sessions.id, key), gt(sessions.expiresAt, sql`now()`)));
    return rows.length > 0;
  }

  /** A value derived from the session (e.g. the built session user), cached with it. */
  async remember<T>(token: string, name: string, build: () => Promise<T>): Promise<T> {
    const entry = this.cache.get(token);
    if (entry && entry.expires > Date.now() && entry.extra.has(name)) return entry.extra.get(name) as T;
    const value = await build();
    if (entry && entry.expires > Date.now()) entry.extra.set(name, value);
    return value;
  }

  async destroy(token: string): Promise<void> {
    this.cache.delete(token);
    await this.destroyKey(sha256(token));
  }

  async destroyKey(key: string): Promise<void> {
    for (const [token, entry] of this.cache) if (entry.auth.sessionKey === key) this.cache.delete(token);
    await this.db.delete(sessions).where(eq(sessions.id, key));
  }

  /** Signs a user out everywhere (status change, password reset). */
  async destroyForUser(db: Db, userId: number): Promise<void> {
    this.forgetUser(userId);
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Drops cached sessions of a user after this instance changed the user. */
  forgetUser(userId: number): void {
    for (const [token, entry] of this.cache) if (entry.auth.user.id === userId) this.cache.delete(token);
  }

  /** Drops every cached session of a namespace after a change that affects all of them. */
  forgetNamespace(namespaceId: number): void {
    for (const [token, entry] of this.cache) if (entry.auth.user.namespaceId === namespaceId) this.cache.delete(token);
  }

  async purgeExpired(): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
    return removed.length;
  }
}
