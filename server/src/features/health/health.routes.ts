import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HealthAnswer, HealthDownAnswer } from '@portal/contracts';
import { asProbe } from '../../db/queue';

/** A database that does not answer within this time counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * `GET /api/health` for load balancers and process managers: no session, 200 `{ status: 'ok' }`
 * when the database answers (its probe goes ahead of the requests waiting for it), 503 `{ status: 'unavailable', error }` when it does not (docs/operations.md).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    { config: { permission: 'public' }, schema: { response: { 200: HealthAnswer, 503: HealthDownAnswer } } },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          // Ahead of the line of busy requests (db/queue.ts): it asks whether the database answers.
          asProbe(() => app.db.execute(sql`select 1`)),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database does not answer');
        return reply.status(503).send({ status: 'unavailable', error: 'The database does not answer' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
