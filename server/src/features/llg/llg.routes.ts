import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChildCreated, ChildDeleted, ChildLlgList, CreateChildBody, CreateChildQuery, TaskIdParams } from '@portal/contracts';
import { contextOf } from '../context';
import { childList, createChild, deleteChild } from './llg.service';

/** The children of a job's LLG task (tasks document 7): add, list, delete. */
export async function llgRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/createChildLLGObservation',
    {
      config: { permission: 'llg.addChild' },
      schema: { querystring: CreateChildQuery, body: CreateChildBody, response: { 200: ChildCreated } },
    },
    async (request) => createChild(contextOf(app, request), request.query, request.body),
  );

  r.get(
    '/Observation/getchildLLG/:id',
    { config: { permission: 'tasks.open' }, schema: { params: TaskIdParams, response: { 200: ChildLlgList } } },
    async (request) => childList(contextOf(app, request), request.params.id),
  );

  r.delete(
    '/Observation/deleteChildLLGTask/:id',
    { config: { permission: 'llg.addChild' }, schema: { params: TaskIdParams, response: { 200: ChildDeleted } } },
    async (request) => deleteChild(contextOf(app, request), request.params.id),
  );
}
