import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { can, isJobLocked, JOB_FILE_FIELD, JOB_FILES_MAX_BYTES, JOB_TEXT, type JobFile } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { type Received, TooLargeError } from '../../lib/blobs';
import { AppError, badRequest, notFound, payloadTooLarge } from '../../lib/errors';
import { registerFileAccess } from '../../lib/fileAccess';
import { checkFile, type Kind, storeFile } from '../../lib/files';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';

/** Owner type of job files in `files`. */
export const JOB_FILE_OWNER = 'job-file';

const KINDS: Kind[] = ['png', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'];
const MIME: Record<Kind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};
/** Files in one upload (the 45 MB total is the real limit). */
const MAX_FILES = 20;

/** A job file is served to the users who may see the job: job readers of its namespace. */
registerFileAccess(JOB_FILE_OWNER, async (db, scope, jobId) => {
  if (!can(scope.role, 'jobs.read')) return false;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from jobs where id = ${jobId}::int and namespace_id = ${scope.namespaceId}::int
         ${scope.companyId !== null ? sql`and customer_id = ${scope.companyId}::int` : sql``}`,
  );
  return rows.length > 0;
});

async function jobForFiles(ctx: RequestContext, jobId: number) {
  const [job] = await queryRows<{ id: number; status: number }>(
    ctx.db,
    sql`select id, status from jobs where id = ${jobId}::int and namespace_id = ${ctx.scope.namespaceId}::int`,
  );
  if (!job) throw notFound(JOB_TEXT.notFound);
  if (isJobLocked(job.status)) {
    throw new AppError(
      417,
      job.status === 64 ? JOB_TEXT.lockedCancelled : job.status === 16 ? JOB_TEXT.lockedClosed : JOB_TEXT.lockedDeleted,
    );
  }
  return job;
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (error instanceof TooLargeError || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return payloadTooLarge(JOB_TEXT.filesTooLarge);
  }
  if (error instanceof AppError) return error;
  return badRequest('The upload is not a valid multipart request');
}

/**
 * POST /api/Schedule/attachment/{jobId}: one or more files in the field scheduleFile, 45 MB in
 * total, each checked by content (png, jpeg, pdf, doc, docx, xls, xlsx, csv). All or nothing:
 * one refused file stores none. Answers the job's file list.
 */
export async function uploadJobFiles(ctx: RequestContext, request: FastifyRequest, jobId: number) {
  await jobForFiles(ctx, jobId);
  if (!request.isMultipart()) throw badRequest(`Send the files as multipart/form-data in the field ${JOB_FILE_FIELD}`);
  const store = ctx.app.blobs;
  const accepted: { received: Received; fileName: string; kind: Kind }[] = [];
  let remaining = JOB_FILES_MAX_BYTES;
  try {
    let parts: AsyncIterableIterator<MultipartFile>;
    try {
      parts = request.files({ limits: { fileSize: JOB_FILES_MAX_BYTES, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } });
    } catch (error) {
      throw uploadError(error);
    }
    try {
      for await (const part of parts) {
        if (part.fieldname !== JOB_FILE_FIELD) {
          part.file.resume();
          throw badRequest(`Send the files in the field ${JOB_FILE_FIELD}`, { [JOB_FILE_FIELD]: 'is required' });
        }
        const received = await store.receive(part.file, remaining);
        const fileName = (part.filename ?? '').replace(/[\\/\0]/g, '_').slice(0, 200);
        accepted.push({ received, fileName, kind: 'pdf' });
        if (part.file.truncated) throw payloadTooLarge(JOB_TEXT.filesTooLarge);
        remaining -= received.size;
        if (remaining < 0) throw payloadTooLarge(JOB_TEXT.filesTooLarge);
        const entry = accepted[accepted.length - 1];
        entry.kind = await checkFile(fileName, received, KINDS);
      }
    } catch (error) {
      throw uploadError(error);
    }
    if (accepted.length === 0) throw badRequest(`No file in the field ${JOB_FILE_FIELD}`, { [JOB_FILE_FIELD]: 'is required' });
    for (const file of accepted) await store.commit(file.received);
    await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
      for (const file of accepted) {
        const stored = await storeFile(tx, {
          namespaceId: ctx.scope.namespaceId,
          ownerType: JOB_FILE_OWNER,
          ownerId: jobId,
          createdBy: ctx.user.id,
          upload: {
            fileName: file.fileName,
            kind: file.kind,
            contentType: MIME[file.kind],
            sha256: file.received.sha256,
            size: file.received.size,
          },
        });
        await tx.execute(sql`insert into job_files (job_id, file_id) values (${jobId}::int, ${stored.id}::int)`);
      }
    });
  } finally {
    for (const file of accepted) await store.discard(file.received);
  }
  return { otherFiles: await jobFiles(ctx, jobId), message: JOB_TEXT.filesUploaded };
}

export async function jobFiles(ctx: RequestContext, jobId: number): Promise<JobFile[]> {
  return queryRows<JobFile>(
    ctx.db,
    sql`select f.file_name as "fileName", f.content_type as "fileType", f.blob_key as "blobKey"
          from job_files jf join files f on f.id = jf.file_id where jf.job_id = ${jobId}::int order by jf.created_at, f.id`,
  );
}
