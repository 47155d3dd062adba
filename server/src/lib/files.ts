import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { and, eq } from 'drizzle-orm';
import { FILES } from '@portal/contracts';
import { files } from '../db/schema';
import type { Db } from '../db/types';
import { AppError, badRequest, payloadTooLarge } from './errors';
import { newBlobKey } from './tokens';

/** 5,242,880 bytes: signatures and logos (shell document 9, administration document 9). */
export const IMAGE_MAX_BYTES = 5_242_880;
/** 47,185,920 bytes (45 MB): job and library uploads. */
export const DOCUMENT_MAX_BYTES = 47_185_920;

export type Kind = 'png' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'csv';

const EXTENSIONS: Record<Kind, string[]> = {
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  xls: ['xls'],
  xlsx: ['xlsx'],
  csv: ['csv'],
};

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

export interface Upload {
  fileName: string;
  kind: Kind;
  contentType: string;
  content: Buffer;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What the bytes really are, whatever the name says. */
export async function sniff(content: Buffer): Promise<Kind | null> {
  const type = await fileTypeFromBuffer(content);
  switch (type?.ext) {
    case 'png':
      return 'png';
    case 'jpg':
      return 'jpg';
    case 'pdf':
      return 'pdf';
    case 'cfb':
      return 'doc'; // legacy Office (doc or xls): told apart by the name below
    case 'docx':
      return 'docx';
    case 'xlsx':
      return 'xlsx';
    default:
      return null;
  }
}

/** Checks a file by name and by content against the accepted kinds. */
export async function checkFile(fileName: string, content: Buffer, accept: Kind[]): Promise<Upload> {
  const ext = extensionOf(fileName);
  const named = (Object.keys(EXTENSIONS) as Kind[]).find((k) => EXTENSIONS[k].includes(ext));
  if (!named || !accept.includes(named) || content.length === 0) throw badRequest(FILES.invalidTypeOrSize);
  const sniffed = await sniff(content);
  let ok: boolean;
  if (named === 'csv') ok = sniffed === null && !content.subarray(0, 4096).includes(0);
  else if (named === 'doc' || named === 'xls') ok = sniffed === 'doc';
  else ok = sniffed === named;
  if (!ok) throw badRequest(FILES.invalidTypeOrSize);
  return { fileName: fileName.replace(/[\\/\0]/g, '_').slice(0, 200), kind: named, contentType: MIME[named], content };
}

/**
 * Reads the single file of a multipart request from the given field, refusing oversize
 * bodies (413) and files whose content is not one of the accepted kinds (400).
 */
export async function readSingleUpload(request: FastifyRequest, field: string, accept: Kind[], maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (!part) throw badRequest(`No file in the field ${field}`, { [field]: 'is required' });
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(`Send the file in the field ${field}`, { [field]: 'is required' });
  }
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
  if (part.file.truncated || content.length > maxBytes) throw payloadTooLarge(FILES.invalidTypeOrSize);
  return checkFile(part.filename ?? '', content, accept);
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return payloadTooLarge(FILES.invalidTypeOrSize);
  }
  if (error instanceof AppError) return error;
  return badRequest('The upload is not a valid multipart request');
}

export async function storeFile(
  db: Db,
  input: { namespaceId: number; ownerType: string; ownerId: number; createdBy: number | null; upload: Upload },
): Promise<{ id: number; blobKey: string }> {
  const [row] = await db
    .insert(files)
    .values({
      namespaceId: input.namespaceId,
      blobKey: newBlobKey(),
      ownerType: input.ownerType,
      ownerId: input.ownerId,
      fileName: input.upload.fileName,
      contentType: input.upload.contentType,
      size: input.upload.content.length,
      sha256: createHash('sha256').update(input.upload.content).digest('hex'),
      content: input.upload.content,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id, blobKey: files.blobKey });
  return row;
}

export async function readFileById(db: Db, namespaceId: number, id: number) {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.namespaceId, namespaceId)));
  return rows[0] ?? null;
}

export async function readFileByKey(db: Db, namespaceId: number, blobKey: string) {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.blobKey, blobKey), eq(files.namespaceId, namespaceId)));
  return rows[0] ?? null;
}

export async function deleteFile(db: Db, namespaceId: number, id: number): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), eq(files.namespaceId, namespaceId)));
}
