import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  DOCUMENT_CATEGORY_NAME,
  DOCUMENTS,
  FILES,
  readCertificateStatus,
  VerifyAnswer,
  VerifyCheckAnswer,
  VerifyParams,
} from '@portal/contracts';
import { files, tasks } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type FileAccessRule, registerDownloadCategory, registerFileAccess } from '../../lib/fileAccess';
import { checkUpload, findCertificate, verifyLimited } from './verify';
import { DOCUMENT_OWNER } from './generate';

/**
 * `GET /api/filedownload?id=<taskId>&category=1|2|3`: the task's current certificate, field
 * report or full checklist report (the preview before approval, the final after). 404 with a
 * message saying why when there is none yet.
 */
const CATEGORY_COLUMN = { '1': tasks.certificateFileId, '2': tasks.fieldReportFileId, '3': tasks.fullReportFileId } as const;
function registerDocumentCategories(canSeeTask: FileAccessRule) {
  for (const [category, column] of Object.entries(CATEGORY_COLUMN) as [
    keyof typeof CATEGORY_COLUMN,
    (typeof CATEGORY_COLUMN)[keyof typeof CATEGORY_COLUMN],
  ][]) {
    registerDownloadCategory(category, async (db, scope, taskId) => {
      if (!(await canSeeTask(db, scope, taskId))) throw notFound(FILES.notFound);
      const what = DOCUMENT_CATEGORY_NAME[category];
      const [row] = await db
        .select({ blobKey: files.blobKey, certificateStatus: tasks.certificateStatus })
        .from(tasks)
        .leftJoin(files, eq(files.id, column))
        .where(eq(tasks.id, taskId));
      if (row?.blobKey) return row.blobKey;
      const state = readCertificateStatus(row?.certificateStatus)?.state;
      if (state === 'failed') throw notFound(DOCUMENTS.failed(what));
      if (state === 'queued' || state === 'generating') throw notFound(DOCUMENTS.notReady(what));
      throw notFound(DOCUMENTS.none(what));
    });
  }
}

/**
 * `GET /api/filedownload?id=<taskId>&certificatebooklet=1` (tasks document 7): the booklet of an
 * LLG task, which is its certificate file; asked with a child record's id, its parent's. 404
 * saying why when there is none yet, and for any other task.
 */
function registerBookletDownload(canSeeTask: FileAccessRule) {
  registerDownloadCategory('booklet', async (db, scope, taskId) => {
    if (!(await canSeeTask(db, scope, taskId))) throw notFound(FILES.notFound);
    const [asked] = await db
      .select({ id: tasks.id, isLlg: tasks.isLlg, parentId: tasks.parentId })
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.namespaceId, scope.namespaceId)));
    const parentId = asked ? (asked.isLlg && asked.parentId === null ? asked.id : asked.parentId) : null;
    const [row] =
      parentId === null
        ? []
        : await db
            .select({ blobKey: files.blobKey, certificateStatus: tasks.certificateStatus })
            .from(tasks)
            .leftJoin(files, eq(files.id, tasks.certificateFileId))
            .where(and(eq(tasks.id, parentId), eq(tasks.isLlg, true), eq(tasks.namespaceId, scope.namespaceId)));
    if (!row) throw notFound(DOCUMENTS.none(BOOKLET));
    if (row.blobKey) return row.blobKey;
    const state = readCertificateStatus(row.certificateStatus)?.state;
    if (state === 'failed') throw notFound(DOCUMENTS.failed(BOOKLET));
    if (state === 'queued' || state === 'generating') throw notFound(DOCUMENTS.notReady(BOOKLET));
    throw notFound(DOCUMENTS.none(BOOKLET));
  });
}
const BOOKLET = 'booklet';

/**
 * What the documents' routes need of the tasks feature, passed in by `features/index.ts` so
 * that documents imports nothing of tasks (tasks queues documents: the arrow runs that way).
 */
export interface DocumentsRoutesOptions {
  /** Whether the caller may see the task (its documents go to whoever may). */
  canSeeTask: FileAccessRule;
}

/**
 * Who may download a task's documents, `GET /api/filedownload?id=<taskId>&category=1|2|3`,
 * `GET /api/verify/<code>` and `POST /api/verify/<code>/check` (public, rate limited).
 */
export async function documentsRoutes(app: FastifyInstance, { canSeeTask }: DocumentsRoutesOptions) {
  // A task's PDFs go to whoever may see the task (client users of its company included).
  for (const ownerType of Object.values(DOCUMENT_OWNER)) registerFileAccess(ownerType, canSeeTask);
  registerDocumentCategories(canSeeTask);
  registerBookletDownload(canSeeTask);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/verify/:code',
    { config: { permission: 'public' }, schema: { params: VerifyParams, response: { 200: VerifyAnswer } } },
    async (request) => {
      await verifyLimited(app, request);
      const found = await findCertificate(app.db, request.params.code);
      if (!found) throw notFound(DOCUMENTS.verifyUnknown);
      return found;
    },
  );
  r.post(
    '/verify/:code/check',
    { config: { permission: 'public', multipart: true }, schema: { params: VerifyParams, response: { 200: VerifyCheckAnswer } } },
    async (request) => {
      await verifyLimited(app, request);
      const found = await findCertificate(app.db, request.params.code);
      if (!found) throw notFound(DOCUMENTS.verifyUnknown);
      return checkUpload(request, found);
    },
  );
}
