import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  certificateFacts,
  DOCUMENT_OWNER,
  enqueueTaskDocuments,
  loadTaskDocumentData,
  renderCertificate,
  signingKey,
  signPdf,
} from '../features/documents';
import type { BlobStore } from '../lib/blobs';
import { newBlobKey } from '../lib/tokens';
import { certificates, files } from '../db/schema';
import type { Db } from '../db/types';

/**
 * The seed has no blob store: everything it needs to read (signatures, logos) is kept in the
 * `files` rows themselves, which a first start moves out to the store.
 */
const NO_STORE = {
  open: async () => null,
  put: async () => {
    throw new Error('the demo seed keeps file contents in their rows');
  },
} as unknown as BlobStore;

/**
 * An amended demo certificate with two revisions (DECISIONS 9): revision 0 is issued here, as
 * the documents worker would have issued it (signed, with its verification code and facts); the
 * task then moves to revision 1 with the amendment's reason and its final documents are queued,
 * so the worker issues revision 1 after start, naming revision 0 as the one it replaces.
 */
export async function issueDemoRevisions(tx: Db, namespaceId: number, taskId: number, publicUrl: string): Promise<void> {
  const data = await loadTaskDocumentData(tx, NO_STORE, taskId);
  if (!data?.certificateNumber || !data.certificateDate) return;
  const code = randomBytes(16).toString('base64url');
  const rendered = await renderCertificate(data, {
    final: true,
    verificationUrl: `${publicUrl.replace(/\/+$/, '')}/verify/${code}`,
    issuedAt: data.certificateDate,
  });
  const key = await signingKey(tx, namespaceId, data.provider.name);
  const pdf = await signPdf(rendered, key, {
    name: data.provider.name,
    reason: `Certificate ${data.certificateNumber}`,
    location: data.office?.name ?? data.provider.name,
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [file] = await tx
    .insert(files)
    .values({
      namespaceId,
      blobKey: newBlobKey(),
      ownerType: DOCUMENT_OWNER.certificate,
      ownerId: taskId,
      fileName: `Certificate-${data.certificateNumber}.pdf`,
      contentType: 'application/pdf',
      size: pdf.length,
      sha256,
      content: pdf,
    })
    .returning({ id: files.id });
  await tx.insert(certificates).values({
    namespaceId,
    taskId,
    number: data.certificateNumber,
    revision: 0,
    sha256,
    code,
    fileId: file.id,
    facts: certificateFacts(data),
    issuedAt: data.certificateDate,
  });
  await tx.execute(
    sql`update tasks set revision = 1, certificate_file_id = ${file.id}::int,
               revision_comments = 'Manufacturer''s serial number corrected from the data plate',
               certificate_date = certificate_date + interval '3 days'
         where id = ${taskId}::int`,
  );
  await enqueueTaskDocuments(tx, { id: taskId, namespaceId }, 'final', null);
}
