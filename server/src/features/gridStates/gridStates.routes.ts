import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GridScreenParams, GridState, GridStateAnswer } from '@portal/contracts';
import { contextOf } from '../context';
import { deleteGridState, gridStateOf, saveGridState } from './gridStates.service';

/**
 * A grid's column state per user and screen (ours, issue 23): `GET`, `PUT` and `DELETE`
 * `/api/profile/grids/{screen}`. Any signed-in user, own rows only (`profile.self`).
 */
export async function gridStatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'profile.self' } as const;

  r.get('/profile/grids/:screen', { config, schema: { params: GridScreenParams, response: { 200: GridStateAnswer } } }, async (request) =>
    gridStateOf(contextOf(app, request), request.params.screen),
  );

  r.put(
    '/profile/grids/:screen',
    { config, schema: { params: GridScreenParams, body: GridState, response: { 200: GridStateAnswer } } },
    async (request) => saveGridState(contextOf(app, request), request.params.screen, request.body),
  );

  r.delete(
    '/profile/grids/:screen',
    { config, schema: { params: GridScreenParams, response: { 200: GridStateAnswer } } },
    async (request) => deleteGridState(contextOf(app, request), request.params.screen),
  );
}
