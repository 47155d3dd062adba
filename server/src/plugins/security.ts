import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SHELL, VALIDATION } from '@portal/contracts';
import { badRequest, forbidden } from '../lib/errors';
import { containsNul } from '../lib/nul';

/**
 * Security headers (CSP, frame rules, no sniffing) and a same-origin check on writes.
 *
 * Pages (the SPA and this server's dashboard pages) may frame the dashboard tabs a namespace
 * configured (any https page, or this server's own pages) and may be framed only by this
 * server. API answers get a short, strict set. `@fastify/helmet` is registered without a global
 * set (`global: false`); one hook picks the set by the address, as before, and applies it with
 * `reply.helmet(set)`, so that a 404 under /api/ gets the API set and every other path
 * (static files, the SPA's routes) the pages' set. helmet builds its middleware on each call
 * (about 20 µs a request); the headers are the same as when they were computed once.
 */
type HelmetSet = Parameters<FastifyReply['helmet']>[0];

/** A host as browsers send it: lower case, without the scheme's default port. */
const normalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * Whether an Origin (or Referer) names this site: the host of PUBLIC_URL, the request's `Host`,
 * and behind a trusted proxy (TRUST_PROXY) its `X-Forwarded-Host`. Anyone can send that header
 * straight to the server, so without a proxy it counts for nothing. `null` is never ours.
 */
export function isOwnOrigin(app: FastifyInstance, request: FastifyRequest, origin: string): boolean {
  let host: string;
  try {
    host = normalHost(new URL(origin).host);
  } catch {
    return false;
  }
  if (!host) return false;
  const own = [request.headers.host ?? ''];
  if (app.config.publicUrl) own.push(new URL(app.config.publicUrl).host);
  const forwarded = request.headers['x-forwarded-host'];
  if (app.config.trustProxy && typeof forwarded === 'string') own.push(...forwarded.split(','));
  return own.some((value) => normalHost(value.trim()) === host);
}

/**
 * Whether a browser sent this request from one of our own pages, for a state change made over
 * GET (logout): `Sec-Fetch-Site` where the browser sends it (same-origin, or none for an
 * address typed by the user), else the Origin or Referer host. A request with neither comes
 * from a program, not from another site's page.
 */
export function isSameOriginRequest(app: FastifyInstance, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin ?? request.headers.referer;
  return origin === undefined || isOwnOrigin(app, request, origin);
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const hsts = app.config.secureCookies ? { maxAge: 15552000, includeSubDomains: false } : false;
  const pageSet: HelmetSet = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time; the dashboard pages style inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: hsts,
  };
  const apiSet: HelmetSet = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: hsts,
    dnsPrefetchControl: false,
    ieNoOpen: false,
    originAgentCluster: false,
    permittedCrossDomainPolicies: false,
    xssFilter: false,
  };

  await app.register(helmet, { global: false });

  // API answers (session users, lists, logos) and the dashboard's own pages are per user:
  // no browser or proxy keeps them. A route may still choose its own caching (file downloads).
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    const api = url.startsWith('/api/');
    // The dashboard's pages and the API reference (/api/docs) are pages, under the pages' CSP.
    const page = url.startsWith('/api/dashboard/pages/') || /^\/api\/docs(?:[/?]|$)/.test(url);
    await reply.helmet(api && !page ? apiSet : pageSet);
    if (api) reply.header('cache-control', 'no-store');
  });

  // SameSite=Lax already keeps the session cookie off cross-site writes; this refuses a write
  // whose Origin names another site outright (defence in depth for older browsers). `null`
  // (sandboxed frames, some redirects, file: pages) is no site of ours either.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(app, request, origin)) throw forbidden(SHELL.crossSite);
  });

  // NUL cannot be stored in PostgreSQL text: refuse it up front, in the query string (as %00)
  // and in JSON bodies, with a message instead of a database error.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw badRequest(VALIDATION.nulCharacter);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== null && typeof request.body === 'object' && containsNul(request.body)) throw badRequest(VALIDATION.nulCharacter);
  });
});
