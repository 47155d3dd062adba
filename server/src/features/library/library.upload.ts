import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  LIBRARY_ACCEPT,
  LIBRARY_DTO_FIELD,
  LIBRARY_FILE_FIELD,
  LIBRARY_MAX_BYTES,
  LIBRARY_MAX_FILES,
  LIBRARY_TEXT,
  type LibraryEntry,
  SaveFileDto,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { type Received, TooLargeError } from '../../lib/blobs';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, payloadTooLarge } from '../../lib/errors';
import { checkFile, type Kind, MIME, storeFile } from '../../lib/files';
import { makeThumbnail, UnreadableImage } from '../../lib/images';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { fileNamesIn, findEntry } from './library.queries';
import { folderOf, LIBRARY_FILE_OWNER, toEntry } from './library.service';

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (error instanceof TooLargeError || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return payloadTooLarge(LIBRARY_TEXT.invalidTypeOrSize);
  }
  if (error instanceof AppError) return error;
  return badRequest('The upload is not a valid multipart request');
}

interface Accepted {
  received: Received;
  fileName: string;
  kind: Kind;
  thumbnail: { sha256: string; size: number; kind: 'png' | 'jpg' } | null;
}

/**
 * `POST /api/document/saveFile`: the part `documentDTO` (JSON `{ parentId }`, the folder; or
 * `?parentId=`) first, then one part `technicalLibraryFile` per file. Each file is streamed to a
 * temporary file and checked by content against the folder's library (pictorial: png and jpeg;
 * the others also pdf, doc, docx, xls, xlsx, csv); the sum of all files may be 45 MB
 * (47,185,920 bytes); a name already in the folder (or twice in the upload), trimmed and in any
 * case, is refused with 'Can not allow duplicate file name'. All or nothing: one refused file
 * stores none. Images get their thumbnail here, once.
 */
export async function uploadLibraryFiles(ctx: RequestContext, request: FastifyRequest, queryParentId: number | undefined) {
  if (!request.isMultipart()) throw badRequest(`Send the files as multipart/form-data in the field ${LIBRARY_FILE_FIELD}`);
  const store = ctx.app.blobs;
  const accepted: Accepted[] = [];
  let folder = queryParentId ? await folderOf(ctx, queryParentId) : null;
  if (folder && !toEntry(folder, ctx.scope).can.upload) throw forbidden('You may not change the library');
  let remaining = LIBRARY_MAX_BYTES;
  const names = new Set<string>();
  let existing: Set<string> | null = null;
  try {
    let parts: AsyncIterableIterator<Multipart>;
    try {
      parts = request.parts({
        limits: { fileSize: LIBRARY_MAX_BYTES, files: LIBRARY_MAX_FILES, fields: 5, fieldSize: 10_000, parts: LIBRARY_MAX_FILES + 5 },
      });
    } catch (error) {
      throw uploadError(error);
    }
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== LIBRARY_DTO_FIELD) continue;
          let dto: unknown;
          try {
            dto = JSON.parse(String(part.value));
          } catch {
            throw badRequest('documentDTO must be JSON', { documentDTO: 'must be JSON' });
          }
          const parsed = SaveFileDto.safeParse(dto);
          if (!parsed.success) throw badRequest('documentDTO needs the folder id in parentId', { parentId: 'is required' });
          if (folder && folder.id !== parsed.data.parentId) throw badRequest('parentId differs from the query', { parentId: 'differs' });
          folder = await folderOf(ctx, parsed.data.parentId);
          if (!toEntry(folder, ctx.scope).can.upload) throw forbidden('You may not change the library');
          continue;
        }
        if (part.fieldname !== LIBRARY_FILE_FIELD) {
          part.file.resume();
          throw badRequest(`Send the files in the field ${LIBRARY_FILE_FIELD}`, { [LIBRARY_FILE_FIELD]: 'is required' });
        }
        if (!folder) {
          part.file.resume();
          throw badRequest('Send documentDTO with the folder before the files', { parentId: 'is required' });
        }
        existing ??= await fileNamesIn(ctx.db, folder.id);
        const fileName = (part.filename ?? '')
          .replace(/[\\/\0]/g, '_')
          .trim()
          .slice(0, 200);
        const received = await store.receive(part.file, remaining);
        accepted.push({ received, fileName, kind: 'pdf', thumbnail: null });
        if (part.file.truncated) throw payloadTooLarge(LIBRARY_TEXT.invalidTypeOrSize);
        // The limit is the sum of every file of the upload (not the first file counted again).
        remaining -= received.size;
        if (remaining < 0) throw payloadTooLarge(LIBRARY_TEXT.invalidTypeOrSize);
        const entry = accepted[accepted.length - 1];
        entry.kind = await checkFile(fileName, received, [...LIBRARY_ACCEPT[folder.library]]);
        const key = fileName.toLowerCase();
        if (existing.has(key) || names.has(key))
          throw conflict(LIBRARY_TEXT.duplicateFile, { [LIBRARY_FILE_FIELD]: LIBRARY_TEXT.duplicateFile });
        names.add(key);
      }
    } catch (error) {
      throw uploadError(error);
    }
    if (!folder) throw badRequest('documentDTO needs the folder id in parentId', { parentId: 'is required' });
    if (accepted.length === 0) throw badRequest(LIBRARY_TEXT.noFileChosen, { [LIBRARY_FILE_FIELD]: 'is required' });
    for (const file of accepted) {
      if (file.kind !== 'png' && file.kind !== 'jpg') continue;
      try {
        const thumb = await makeThumbnail(file.received.path);
        const put = await store.put(thumb.data);
        file.thumbnail = { sha256: put.sha256, size: put.size, kind: thumb.kind };
      } catch (error) {
        if (error instanceof UnreadableImage) throw badRequest(LIBRARY_TEXT.invalidTypeOrSize);
        throw error;
      }
    }
    for (const file of accepted) await store.commit(file.received);
    const target = folder;
    const ids = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
      const made: number[] = [];
      for (const file of accepted) {
        const stored = await storeFile(tx, {
          namespaceId: ctx.scope.namespaceId,
          ownerType: LIBRARY_FILE_OWNER,
          ownerId: target.id,
          createdBy: ctx.user.id,
          upload: {
            fileName: file.fileName,
            kind: file.kind,
            contentType: MIME[file.kind],
            sha256: file.received.sha256,
            size: file.received.size,
          },
        });
        const thumb = file.thumbnail
          ? await storeFile(tx, {
              namespaceId: ctx.scope.namespaceId,
              ownerType: LIBRARY_FILE_OWNER,
              ownerId: target.id,
              createdBy: ctx.user.id,
              upload: {
                fileName: `thumbnail-${file.fileName}`,
                kind: file.thumbnail.kind,
                contentType: MIME[file.thumbnail.kind],
                sha256: file.thumbnail.sha256,
                size: file.thumbnail.size,
              },
            })
          : null;
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into library_entries (namespace_id, library, entity_type, parent_id, client_id, site_id, name, file_id,
                                           thumbnail_file_id, created_by, modified_by)
               values (${ctx.scope.namespaceId}::int, ${target.library}, 'FILE', ${target.id}::int, ${target.client_id}::int,
                       ${target.site_id}::int, ${file.fileName}, ${stored.id}::int, ${thumb?.id ?? null}::int,
                       ${ctx.user.id}::int, ${ctx.user.id}::int)
               returning id`,
        );
        made.push(row.id);
      }
      return made;
    }).catch((error) => {
      if (isUniqueViolation(error)) throw conflict(LIBRARY_TEXT.duplicateFile, { [LIBRARY_FILE_FIELD]: LIBRARY_TEXT.duplicateFile });
      throw error;
    });
    const files: LibraryEntry[] = [];
    for (const id of ids) {
      const row = await findEntry(ctx.db, ctx.scope, id);
      if (row) files.push(toEntry(row, ctx.scope));
    }
    return { files, message: LIBRARY_TEXT.filesUploaded(files.length) };
  } finally {
    for (const file of accepted) await store.discard(file.received);
  }
}
