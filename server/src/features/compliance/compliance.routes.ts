import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ComplianceOverview, ComplianceQuery } from '@portal/contracts';
import { contextOf } from '../context';
import { complianceOverview } from './compliance.service';

/**
 * The home dashboard's Compliance overview (issue 23, ours): `GET /api/compliance/overview`,
 * permission `compliance.read`, narrowed by the dashboard tab's view rules.
 */
export async function complianceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/compliance/overview',
    { config: { permission: 'compliance.read' }, schema: { querystring: ComplianceQuery, response: { 200: ComplianceOverview } } },
    async (request) => complianceOverview(contextOf(app, request), request.query),
  );
}
