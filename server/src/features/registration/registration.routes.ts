import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Id,
  MessageAnswer,
  RegistrationCreateBody,
  RegistrationFilter,
  RegistrationList,
  RegistrationListQuery,
  RegistrationLogoAnswer,
  RegistrationMailDomain,
  RegistrationRow,
  RegistrationUpdateBody,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import {
  countRegistrations,
  customerLogo,
  deactivateCustomer,
  getRegistration,
  listRegistrations,
  registerCustomer,
  requireOperator,
  updateCustomer,
  uploadCustomerLogo,
} from './registration.service';

const ListQuery = RegistrationListQuery.extend({ filter: z.string().optional() });
const CountQuery = z.object({ filter: z.string().optional() });
const IdParams = z.object({ id: Id });

/**
 * Customer Registration (administration document "Customer registration"; DECISIONS 10):
 * the platform operator's MASTER_ADMIN registers, edits and deactivates provider namespaces.
 */
export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The registry admits MASTER_ADMIN; only the operator namespace's may go on (before the body is read).
  app.addHook('onRequest', async (request) => {
    if (request.auth) await requireOperator(app, request.auth.user.namespaceId);
  });
  const operator = (request: Parameters<typeof contextOf>[1]) => {
    const ctx = contextOf(app, request);
    return { ctx, operatorId: ctx.scope.namespaceId };
  };

  r.get(
    '/CustomerRegistration',
    { config: { permission: 'customers.read' }, schema: { querystring: ListQuery, response: { 200: RegistrationList } } },
    async (request) => {
      const { ctx, operatorId } = operator(request);
      const { filter: _filter, ...query } = request.query;
      return listRegistrations(ctx, operatorId, query, readFilter(request, RegistrationFilter));
    },
  );

  r.get(
    '/CustomerRegistration/count',
    { config: { permission: 'customers.read' }, schema: { querystring: CountQuery, response: { 200: z.number() } } },
    async (request) => countRegistrations(contextOf(app, request), readFilter(request, RegistrationFilter)),
  );

  r.get(
    '/CustomerRegistration/mailDomain',
    { config: { permission: 'customers.read' }, schema: { response: { 200: RegistrationMailDomain } } },
    async () => ({ domain: app.config.defaultMailDomain }),
  );

  r.get(
    '/CustomerRegistration/:id',
    { config: { permission: 'customers.read' }, schema: { params: IdParams, response: { 200: RegistrationRow } } },
    async (request) => {
      const { ctx, operatorId } = operator(request);
      return getRegistration(ctx, operatorId, request.params.id);
    },
  );

  r.post(
    '/CustomerRegistration',
    { config: { permission: 'customers.write' }, schema: { body: RegistrationCreateBody, response: { 200: RegistrationRow } } },
    async (request) => {
      const { ctx, operatorId } = operator(request);
      return registerCustomer(ctx, operatorId, request.body);
    },
  );

  r.put(
    '/CustomerRegistration',
    { config: { permission: 'customers.write' }, schema: { body: RegistrationUpdateBody, response: { 200: RegistrationRow } } },
    async (request) => {
      const { ctx, operatorId } = operator(request);
      return updateCustomer(ctx, operatorId, request.body);
    },
  );

  r.delete(
    '/CustomerRegistration/:id',
    { config: { permission: 'customers.write' }, schema: { params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      const { ctx, operatorId } = operator(request);
      return deactivateCustomer(ctx, operatorId, request.params.id);
    },
  );

  r.post(
    '/CustomerRegistration/uploadImage/:id',
    {
      config: { permission: 'customers.write', multipart: true },
      schema: { params: IdParams, response: { 200: RegistrationLogoAnswer } },
    },
    async (request) => uploadCustomerLogo(contextOf(app, request), request, request.params.id),
  );

  r.get(
    '/CustomerRegistration/getImage/:id',
    { config: { permission: 'customers.read' }, schema: { params: IdParams, response: { 200: RegistrationLogoAnswer } } },
    async (request) => customerLogo(contextOf(app, request), request.params.id),
  );
}
