import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverRoot } from '../db/paths';

/**
 * Serves the built web app (web/dist) with its pre-compressed .br/.gz files, and index.html
 * for every other non-API GET so that client-side routes survive a reload.
 */
declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable: boolean;
  }
}

export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist ?? path.resolve(serverRoot(), '..', 'web', 'dist');
  app.decorate('webAppAvailable', false);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`web app not built (${root}); run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  // `/` is the folder itself: @fastify/static answers it only with a pre-compressed index and
  // refuses it (403) to a client that accepts no compression (curl, load-balancer checks).
  app.get('/', (_request, reply) => reply.sendFile('index.html'));
  app.webAppAvailable = true;
});
