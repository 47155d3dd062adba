import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH, can, isPermission, type Permission, SHELL } from '@portal/contracts';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { AuthContext, AuthUser } from '../lib/sessions';

/**
 * What a route needs (STYLE: "every route declares the permission it needs"):
 * - 'public': no session needed (sign-in, password reset, branding);
 * - a permission from contracts/permissions.ts;
 * - { anyOf }: any one of several (the service then checks the specific one);
 * - { query, values, otherwise? }: the permission depends on a query parameter such as
 *   objectType (`otherwise` applies when the parameter is absent).
 */
export type RoutePermission =
  | 'public'
  | Permission
  | { anyOf: Permission[] }
  | { query: string; values: Record<string, Permission>; otherwise?: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every API route, what it requires and its input schemas, for the route-walk tests and the docs. */
    routePermissions: { method: string; url: string; permission: RoutePermission; schema?: FastifySchema }[];
  }
}

export const SESSION_COOKIE = 'portal_sid';

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[SESSION_COOKIE] ?? null;
}

/** The signed-in user; only for routes that declared a permission (never 'public'). */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized(AUTH.notSignedIn);
  return request.auth.user;
}

function validate(permission: RoutePermission | undefined, where: string): void {
  if (permission === undefined) throw new Error(`Route ${where} declares no permission (config.permission)`);
  if (permission === 'public') return;
  const list = typeof permission === 'string' ? [permission] : 'anyOf' in permission ? permission.anyOf : Object.values(permission.values);
  for (const p of list) if (!isPermission(p)) throw new Error(`Route ${where} declares unknown permission ${p}`);
}

/**
 * The permission a query-dependent route needs for this request, or undefined for a value it
 * does not know. Object types match case-insensitively (the spec writes both Division and
 * DIVISION). Own keys only: `constructor` or `__proto__` must not find what every object inherits.
 */
function permissionFor(
  permission: { query: string; values: Record<string, Permission>; otherwise?: Permission },
  query: Record<string, unknown> | undefined,
): Permission | undefined {
  const value = query && Object.hasOwn(query, permission.query) ? query[permission.query] : undefined;
  if (value === undefined) return permission.otherwise;
  if (typeof value !== 'string') return undefined;
  const key = value.toLowerCase();
  return Object.hasOwn(permission.values, key) ? permission.values[key] : undefined;
}

function allowed(permission: RoutePermission, request: FastifyRequest, user: AuthUser): boolean {
  if (permission === 'public') return true;
  if (typeof permission === 'string') return can(user.role, permission);
  if ('anyOf' in permission) return permission.anyOf.some((p) => can(user.role, p));
  const needed = permissionFor(permission, request.query as Record<string, unknown> | undefined);
  if (!needed) {
    const options = Object.keys(permission.values).join(', ');
    throw new AppError(400, `${permission.query} must be one of ${options}`, { [permission.query]: `must be one of ${options}` });
  }
  return can(user.role, needed);
}

/**
 * Resolves the session on every API request, then authorises the route before its input is
 * validated, so a caller without the right learns nothing about the expected input.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('routePermissions', []);

  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.method === 'HEAD' ||
      (Array.isArray(route.method) && route.method.includes('HEAD') && route.method.length === 1)
    )
      return;
    const where = `${String(route.method)} ${route.url}`;
    const permission = route.config?.permission;
    validate(permission, where);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      app.routePermissions.push({ method, url: route.url, permission: permission as RoutePermission, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined) return; // unknown route: the 404 handler answers
    const token = tokenOf(request);
    if (token) request.auth = await app.sessions.resolve(token);
    // Only the session call drops a cookie whose session ended: the web app learns from that
    // call's 401 that the session *expired*. Were another call sent alongside it (the logo at
    // start-up) to drop the cookie first, the session call could go out without it and read as
    // "never signed in".
    if (token && !request.auth && request.routeOptions.url === '/api/login') reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (permission === 'public') return;
    if (!request.auth) throw unauthorized(token ? AUTH.sessionExpired : AUTH.notSignedIn);
    if (!allowed(permission, request, request.auth.user)) throw forbidden(SHELL.forbidden);
  });
});
