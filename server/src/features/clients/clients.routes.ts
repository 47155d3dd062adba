import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddNewClientAnswer, AddNewClientBody, RoleConfigAnswer } from '@portal/contracts';
import { contextOf } from '../context';
import { addNewClient } from './addClient';
import { createRoleConfig } from './licenceConfig';
// Registers the CLIENT_COMPANY and SITE location types with the generic Location routes.
import './clients.service';

/**
 * Clients and sites (administration document, "Clients dashboard" and "Locations" calls).
 * Lists, pickers, reads and saves go through the generic Location routes; these are the
 * client-only calls.
 */
export async function clientsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/Location/addNewClient',
    { config: { permission: 'clients.create' }, schema: { body: AddNewClientBody, response: { 200: AddNewClientAnswer } } },
    async (request) => addNewClient(contextOf(app, request), request.body),
  );

  r.post(
    '/Location/RoleConfig/:clientName',
    {
      config: { permission: 'clients.create' },
      schema: { params: z.object({ clientName: z.string().min(1).max(200) }), response: { 200: RoleConfigAnswer } },
    },
    async (request) => createRoleConfig(contextOf(app, request), request.params.clientName),
  );
}
