import { open } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { and, eq } from 'drizzle-orm';
import { FILES } from '@portal/contracts';
import { files } from '../db/schema';
import type { Db } from '../db/types';
import { type BlobStore, type Received, TooLargeError } from './blobs';
import { AppError, badRequest, payloadTooLarge } from './errors';
import { type ImagePurpose, normaliseImage, renamedFor, UnreadableImage } from './images';
import { acceptableDimensions, imageDimensions } from './imageSize';
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

/** The content type a stored file of each kind is served with. */
export const MIME: Record<Kind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

/** An accepted upload, already in the blob store under `sha256`. */
export interface Upload {
  fileName: string;
  kind: Kind;
  contentType: string;
  sha256: string;
  size: number;
  /** The size of the file as sent (before an image was scaled), for the spec's limits. */
  uploadedSize?: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What the bytes really are, whatever the name says (reads only the start of the file). */
export async function sniff(filePath: string): Promise<Kind | null> {
  const type = await fileTypeFromFile(filePath);
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

async function startOf(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks a received file by name and by content against the accepted kinds, and images by
 * the pixel size their header declares (at most MAX_IMAGE_PIXELS). Answers the kind; throws
 * the spec's 400 otherwise.
 */
export async function checkFile(fileName: string, received: Received, accept: Kind[]): Promise<Kind> {
  const ext = extensionOf(fileName);
  const named = (Object.keys(EXTENSIONS) as Kind[]).find((k) => EXTENSIONS[k].includes(ext));
  if (!named || !accept.includes(named) || received.size === 0) throw badRequest(FILES.invalidTypeOrSize);
  const sniffed = await sniff(received.path);
  let ok: boolean;
  if (named === 'csv') ok = sniffed === null && !(await startOf(received.path, 4096)).includes(0);
  else if (named === 'doc' || named === 'xls') ok = sniffed === 'doc';
  else ok = sniffed === named;
  if (ok && (named === 'png' || named === 'jpg')) ok = acceptableDimensions(await imageDimensions(received.path, named));
  if (!ok) throw badRequest(FILES.invalidTypeOrSize);
  return named;
}

/**
 * Receives the single file of a multipart request from the given field into the blob store:
 * streamed to a temporary file (never whole in memory), refused when larger than `maxBytes`
 * (413) or when its content is not one of the accepted kinds (400), and committed to the store
 * only once accepted. A refused file leaves nothing behind.
 *
 * With `image`, a PNG or JPEG is stored the size its purpose needs (`lib/images.ts`: scaled
 * down, upright, without metadata; kept byte for byte when already so); one that does not
 * decode is refused with the same 400. The answer describes what was stored.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  store: BlobStore,
  field: string,
  accept: Kind[],
  maxBytes: number,
  options: { image?: ImagePurpose } = {},
): Promise<Upload> {
  const { part, received } = await receiveSinglePart(request, store, field, maxBytes);
  try {
    if (part.file.truncated) throw payloadTooLarge(FILES.invalidTypeOrSize);
    const kind = await checkFile(part.filename ?? '', received, accept);
    const fileName = (part.filename ?? '').replace(/[\\/\0]/g, '_').slice(0, 200);
    if (options.image && (kind === 'png' || kind === 'jpg')) {
      const stored = await storedImage(store, received, kind, options.image);
      if (stored) return { ...stored, fileName: renamedFor(fileName, stored.kind), uploadedSize: received.size };
    }
    await store.commit(received);
    return { fileName, kind, contentType: MIME[kind], sha256: received.sha256, size: received.size, uploadedSize: received.size };
  } finally {
    await store.discard(received);
  }
}

/**
 * The same reception and checks as readSingleUpload (413 above `maxBytes`, 400 for content
 * that is not an accepted kind), but nothing is stored: `use` reads the temporary copy (an
 * import keeps what it finds in the file, not the file), which is removed afterwards.
 */
export async function withSingleUpload<T>(
  request: FastifyRequest,
  store: BlobStore,
  field: string,
  accept: Kind[],
  maxBytes: number,
  use: (file: { path: string; size: number; fileName: string; kind: Kind }) => Promise<T>,
): Promise<T> {
  const { part, received } = await receiveSinglePart(request, store, field, maxBytes);
  try {
    if (part.file.truncated) throw payloadTooLarge(FILES.invalidTypeOrSize);
    const kind = await checkFile(part.filename ?? '', received, accept);
    return await use({ path: received.path, size: received.size, fileName: part.filename ?? '', kind });
  } finally {
    await store.discard(received);
  }
}

async function receiveSinglePart(request: FastifyRequest, store: BlobStore, field: string, maxBytes: number) {
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
  let received: Received;
  try {
    received = await store.receive(part.file, maxBytes);
  } catch (error) {
    throw uploadError(error);
  }
  return { part, received };
}

/** The scaled copy of an uploaded image, stored; null when the upload itself is kept. */
async function storedImage(store: BlobStore, received: Received, kind: 'png' | 'jpg', purpose: ImagePurpose) {
  let normalised: Awaited<ReturnType<typeof normaliseImage>>;
  try {
    normalised = await normaliseImage(received.path, kind, purpose);
  } catch (error) {
    if (error instanceof UnreadableImage) throw badRequest(FILES.invalidTypeOrSize);
    throw error;
  }
  if (!normalised.data) return null;
  const put = await store.put(normalised.data);
  return { kind: normalised.kind, contentType: MIME[normalised.kind], sha256: put.sha256, size: put.size };
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (error instanceof TooLargeError || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return payloadTooLarge(FILES.invalidTypeOrSize);
  }
  if (error instanceof AppError) return error;
  return badRequest('The upload is not a valid multipart request');
}

/** The metadata row of a file whose content is in the blob store. */
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
      size: input.upload.size,
      sha256: input.upload.sha256,
      createdBy: input.createdBy,
    })
    .returning({ id: files.id, blobKey: files.blobKey });
  return row;
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
