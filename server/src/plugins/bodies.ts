import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VALIDATION } from '@portal/contracts';
import { unsupportedMedia } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart/form-data upload; every other route refuses one (415). */
    multipart?: boolean;
  }
}

/**
 * Request bodies are JSON, or multipart on the upload routes that declare `config.multipart`
 * (docs/api.md). Any other non-empty body answers 415, also on routes that take no body at
 * all, so that a client sending form fields or text learns that they were not read.
 * The route's permission is checked first (onRequest), so 401 and 403 still come before 415.
 */
export const bodiesPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) done(null, undefined);
    else done(unsupportedMedia(VALIDATION.unsupportedMediaType), undefined);
  });

  app.addHook('preParsing', async (request) => {
    if (request.routeOptions.config?.multipart) return;
    const type = request.headers['content-type'];
    if (!type || !/^\s*multipart\//i.test(type)) return;
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (hasBody) throw unsupportedMedia(VALIDATION.multipartNotHere);
  });
});
