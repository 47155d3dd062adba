import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { VALIDATION } from '@portal/contracts';
import { badRequest, forbidden } from '../lib/errors';
import { containsNul } from '../lib/nul';

/**
 * Security headers (CSP, frame rules, no sniffing) and a same-origin check on writes.
 *
 * Pages (the SPA and this server's dashboard pages) may frame the dashboard tabs a namespace
 * configured (any https page, or this server's own pages) and may be framed only by this
 * server. API answers get a short, strict set. helmet computes both sets once at start-up;
 * every request then only copies them (helmet per request cost a tenth of the time of
 * `GET /api/login`).
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const hsts = app.config.secureCookies ? { maxAge: 15552000, includeSubDomains: false } : false;
  const pageHeaders = headersOf({
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
  });
  const apiHeaders = headersOf({
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
  });

  // API answers (session users, lists, logos) and the dashboard's own pages are per user:
  // no browser or proxy keeps them. A route may still choose its own caching (file downloads).
  apiHeaders['cache-control'] = 'no-store';
  const dashboardPageHeaders = { ...pageHeaders, 'cache-control': 'no-store' };

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    const api = url.startsWith('/api/');
    // The dashboard's pages and the API reference (/api/docs) are pages, under the pages' CSP.
    const page = url.startsWith('/api/dashboard/pages/') || /^\/api\/docs(?:[/?]|$)/.test(url);
    reply.headers(!api ? pageHeaders : page ? dashboardPageHeaders : apiHeaders);
  });

  // SameSite=Lax already keeps the session cookie off cross-site writes; this refuses a write
  // whose Origin names another site outright (defence in depth for older browsers).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused');
    }
    const allowedHosts = new Set([request.headers.host, request.headers['x-forwarded-host']].filter(Boolean) as string[]);
    if (app.config.publicUrl) allowedHosts.add(new URL(app.config.publicUrl).host);
    if (!allowedHosts.has(originHost)) throw forbidden('Cross-site request refused');
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
