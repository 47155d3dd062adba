import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SHELL, VALIDATION } from '@portal/contracts';
import { AppError, isDataException } from '../lib/errors';
import { type ValidationIssue, validationAnswer } from '../lib/parseBody';

function appErrorIn(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError) return e;
  }
  return null;
}

/**
 * Every error becomes `{ error, fields? }` with the right status (DECISIONS 1). Stack traces
 * and internal messages never reach the client; unexpected errors are logged and answered
 * with a generic message.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // Drizzle wraps what a driver throws, so an AppError raised at the database (the queue's
    // 503) may sit on the cause.
    const error = appErrorIn(thrown) ?? thrown;
    if (error instanceof AppError) {
      // The operator's sign that the embedded database is too small (docs/operations.md).
      if (error.statusCode === 503) request.log.warn({ url: request.url }, 'database busy: answered 503');
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fastifyError.validation) {
      return reply.status(400).send(validationAnswer(fastifyError.validation));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 413 || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: VALIDATION.tooLarge });
    }
    if (
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply.status(400).send({ error: VALIDATION.invalidJson });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad content type, malformed multipart...): their
      // messages are safe and written for developers; keep them short.
      return reply.status(status).send({ error: fastifyError.message || VALIDATION.invalidBody });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'request data refused by the database');
      return reply.status(400).send({ error: VALIDATION.outOfRange });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: SHELL.genericError });
  });

  // Unknown API paths answer 404 JSON; any other GET gets the web app's index.html so that
  // client-side routes survive a reload.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/assets/');
    if (isPage && app.webAppAvailable) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: `${SHELL.notFound}: ${request.method} ${url}` });
  });
});
