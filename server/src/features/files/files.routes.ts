import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FILES } from '@portal/contracts';
import { clientCompanies } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { mayDownload, OWNER, registerFileAccess } from '../../lib/fileAccess';
import { readFileByKey } from '../../lib/files';
import { mayUseCompany, scopeOf } from '../../lib/scope';
import { userOf } from '../../plugins/auth';

registerFileAccess(OWNER.namespaceLogo, async () => true);
registerFileAccess(OWNER.clientLogo, async (db, scope, clientId) => {
  if (!mayUseCompany(scope, clientId)) return false;
  const rows = await db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.id, clientId), eq(clientCompanies.namespaceId, scope.namespaceId)));
  return rows.length > 0;
});

/** Content types that a browser may show inline; anything else is downloaded. */
const INLINE = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/**
 * `GET /api/filedownload?id=<blobKey>`: a stored file, for users who may see its record,
 * streamed from the blob store with its length (never read whole into memory).
 */
export async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/filedownload',
    {
      config: { permission: 'files.read' },
      schema: {
        querystring: z.object({
          id: z.string().min(1).max(100),
          observationId: z.coerce.number().int().positive().optional(),
          download: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const scope = scopeOf(userOf(request));
      const file = await readFileByKey(app.db, scope.namespaceId, request.query.id);
      if (!file || !(await mayDownload(app.db, scope, file))) throw notFound(FILES.notFound);
      // Inline rows (before the blob store) answer from the row; the rest stream from the store.
      const body = file.content ?? (await app.blobs.open(file.sha256));
      if (!body) {
        request.log.error({ fileId: file.id, sha256: file.sha256 }, 'stored file content is missing');
        throw notFound(FILES.notFound);
      }
      const inline = INLINE.has(file.contentType) && request.query.download !== 'true';
      const name = encodeURIComponent(file.fileName);
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`)
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      return reply.send(body);
    },
  );
}
