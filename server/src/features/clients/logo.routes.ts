import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ClientLogoAnswer, Id, SHELL } from '@portal/contracts';
import { clientCompanies, files } from '../../db/schema';
import { fileContent } from '../../lib/blobs';
import { notFound } from '../../lib/errors';
import { mayUseCompany, scopeOf } from '../../lib/scope';
import { userOf } from '../../plugins/auth';
import { contextOf } from '../context';
import { uploadClientLogo } from './logo';

/**
 * `GET /api/Location/getImage/{companyId}`: a client company's logo, for users who may see it;
 * `POST /api/Location/uploadImage/{id}`: replaces it (the four privileged roles).
 */
export async function clientLogoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/Location/getImage/:companyId',
    { config: { permission: 'locations.read' }, schema: { params: z.object({ companyId: Id }), response: { 200: ClientLogoAnswer } } },
    async (request) => {
      const scope = scopeOf(userOf(request));
      const { companyId } = request.params;
      if (!mayUseCompany(scope, companyId)) throw notFound(SHELL.notFound);
      const rows = await app.db
        .select({ content: files.content, sha256: files.sha256, type: files.contentType })
        .from(clientCompanies)
        .leftJoin(files, eq(files.id, clientCompanies.logoFileId))
        .where(and(eq(clientCompanies.id, companyId), eq(clientCompanies.namespaceId, scope.namespaceId)));
      if (rows.length === 0) throw notFound(SHELL.notFound);
      const logo = rows[0];
      const content = await fileContent(app.blobs, logo);
      return { clientLogoType: content ? (logo.type ?? null) : null, clientLogoFile: content ? content.toString('base64') : null };
    },
  );

  r.post(
    '/Location/uploadImage/:id',
    {
      config: { permission: 'clients.logo', multipart: true },
      schema: { params: z.object({ id: Id }), response: { 200: ClientLogoAnswer } },
    },
    async (request) => uploadClientLogo(contextOf(app, request), request, request.params.id),
  );
}
