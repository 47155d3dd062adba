import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FILES } from '@portal/contracts';
import { clientCompanies } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { downloadCategory, mayDownload, OWNER, registerFileAccess } from '../../lib/fileAccess';
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
 * `GET /api/filedownload?id=<blobKey>` (optionally `&observationId=<task id>`), or
 * `?id=<record id>&category=<n>` (a task's certificate 1, field report 2, full checklist 3) or
 * `?id=<task id>&certificatebooklet=1` (an LLG task's booklet): a stored file, for users who may see its record,
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
          /** With a record id in `id`: that record's current file of the kind (lib/fileAccess.ts registerDownloadCategory). */
          category: z.string().max(10).optional(),
          /** tasks document 7: `?id=<task id>&certificatebooklet=1` is the LLG booklet of the task (or of its parent). */
          certificatebooklet: z.enum(['0', '1'], { error: 'certificatebooklet must be 1 or 0' }).optional(),
        }),
      },
    },
    async (request, reply) => {
      const scope = scopeOf(userOf(request));
      let blobKey = request.query.id;
      const booklet = request.query.certificatebooklet === '1';
      if (booklet && request.query.category !== undefined)
        throw badRequest('Ask for a category or the booklet, not both', { certificatebooklet: 'cannot be used with category' });
      const category = booklet ? 'booklet' : request.query.category;
      if (category !== undefined) {
        const resolve = downloadCategory(category);
        if (!resolve) throw badRequest(`category ${category} is not known`, { category: 'is not known' });
        const recordId = Number(request.query.id);
        if (!Number.isSafeInteger(recordId) || recordId <= 0)
          throw badRequest('id must be a record id with category', { id: 'must be a positive whole number' });
        blobKey = await resolve(app.db, scope, recordId);
      }
      const file = await readFileByKey(app.db, scope.namespaceId, blobKey);
      if (!file || !(await mayDownload(app.db, scope, file))) throw notFound(FILES.notFound);
      // A task's document asked for with its task (the spec's observationId) must be that task's.
      const observationId = request.query.observationId;
      if (observationId !== undefined && file.ownerType.startsWith('task-') && file.ownerId !== observationId)
        throw notFound(FILES.notFound);
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
