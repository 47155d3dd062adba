import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RoleListQuery, RoleRow, RoleSaveBody, RoleSaveQuery } from '@portal/contracts';
import { contextOf } from '../context';
import { roleList, saveRole } from './roles.service';

/** Roles and role licences (administration document: "Role dashboard", section 7 "Settings"). */
export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Setting/Namespace',
    { config: { permission: 'roles.read' }, schema: { querystring: RoleListQuery, response: { 200: RoleRow.array() } } },
    async (request) => roleList(contextOf(app, request), request.query.name, request.query.archived),
  );

  r.post(
    '/Setting/Others',
    { config: { permission: 'roles.write' }, schema: { querystring: RoleSaveQuery, body: RoleSaveBody, response: { 200: RoleRow } } },
    async (request) => saveRole(contextOf(app, request), request.body, { isNewConfig: request.query.isNewConfig === 'true' }),
  );
}
