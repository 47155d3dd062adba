import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asRequest, newTurn, type Turn } from '../db/queue';

declare module 'fastify' {
  interface FastifyRequest {
    dbTurn: Turn | null;
  }
}

/**
 * Makes each request one party of the database queue (db/queue.ts): every statement the
 * request runs, from session resolution to the handler, shares one turn. The turn is entered
 * again before the handler because a body arrives on the connection's own events, outside the
 * request's asynchronous context.
 */
export const dbQueuePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('dbTurn', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const turn = newTurn();
    request.dbTurn = turn;
    asRequest(done, turn);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.dbTurn) asRequest(done, request.dbTurn);
    else done();
  });
});
