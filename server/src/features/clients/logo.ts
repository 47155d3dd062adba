import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { SHELL } from '@portal/contracts';
import { clientCompanies } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import { fileContent } from '../../lib/blobs';
import { OWNER } from '../../lib/fileAccess';
import { deleteFile, IMAGE_MAX_BYTES, readSingleUpload, storeFile } from '../../lib/files';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { clientScope } from './clients.queries';

/**
 * `POST /api/Location/uploadImage/{id}`: a client's logo, .jpg or .png of at most 5 MB checked
 * by content; it replaces the previous logo. Answers what `GET /api/Location/getImage/{id}` does.
 */
export async function uploadClientLogo(ctx: RequestContext, request: FastifyRequest, clientId: number) {
  const where = and(clientScope(ctx.scope), eq(clientCompanies.id, clientId));
  const found = await ctx.db.select({ id: clientCompanies.id }).from(clientCompanies).where(where);
  if (found.length === 0) throw notFound(SHELL.notFound);
  const upload = await readSingleUpload(request, ctx.app.blobs, 'imageFile', ['png', 'jpg'], IMAGE_MAX_BYTES, { image: 'logo' });
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const [current] = await tx.select({ fileId: clientCompanies.logoFileId }).from(clientCompanies).where(where).for('update');
    const stored = await storeFile(tx, {
      namespaceId: ctx.scope.namespaceId,
      ownerType: OWNER.clientLogo,
      ownerId: clientId,
      createdBy: ctx.user.id,
      upload,
    });
    await tx.update(clientCompanies).set({ logoFileId: stored.id, modifiedAt: sql`now()` }).where(eq(clientCompanies.id, clientId));
    if (current?.fileId) await deleteFile(tx, ctx.scope.namespaceId, current.fileId);
  });
  const content = await fileContent(ctx.app.blobs, { sha256: upload.sha256, content: null });
  return { clientLogoType: upload.contentType, clientLogoFile: content ? content.toString('base64') : null };
}
