import { z } from 'zod';

/**
 * Technical libraries (administration document, DECISIONS 10): three libraries, chosen by the
 * third segment of the path `/resources/library/<kind>`. The kind is always one of these three.
 */
export const LIBRARY_KINDS = ['technical', 'pictorial', 'report'] as const;
export const LibraryKind = z.enum(LIBRARY_KINDS, { error: 'must be technical, pictorial or report' });
export type LibraryKind = z.infer<typeof LibraryKind>;

/** The pictorial and report libraries belong to a client and a site; product technical information does not. */
export const libraryNeedsSite = (kind: LibraryKind): boolean => kind !== 'technical';

/** Accepted file kinds (by extension and by content) per library. */
export const LIBRARY_ACCEPT: Record<LibraryKind, readonly ('png' | 'jpg' | 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'csv')[]> = {
  technical: ['png', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'],
  pictorial: ['png', 'jpg'],
  report: ['png', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'],
};

/** The browser's `accept` attribute for each library's file pick. */
export const LIBRARY_ACCEPT_ATTR: Record<LibraryKind, string> = {
  technical: '.png,.jpg,.jpeg,.pdf,.doc,.docx,.xls,.xlsx,.csv',
  pictorial: '.png,.jpg,.jpeg',
  report: '.png,.jpg,.jpeg,.pdf,.doc,.docx,.xls,.xlsx,.csv',
};

/** 47,185,920 bytes (45 MB): the total of all files of one upload. */
export const LIBRARY_MAX_BYTES = 47_185_920;
/** Files in one upload (ours; the 45 MB total is the real limit). */
export const LIBRARY_MAX_FILES = 50;
/** The multipart parts of `POST /api/document/saveFile`. */
export const LIBRARY_FILE_FIELD = 'technicalLibraryFile';
export const LIBRARY_DTO_FIELD = 'documentDTO';

/** Names: required, trimmed, at most 200 characters. */
export const LibraryName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' });

const Id = z.coerce.number({ error: 'must be a whole number' }).int().positive().max(2_147_483_647);

export const EntityType = z.enum(['FOLDER', 'FILE']);
export type EntityType = z.infer<typeof EntityType>;

/** What a user may do with the library's records (contracts policy `libraryCan`). */
export const LibraryRights = z.object({ edit: z.boolean(), delete: z.boolean(), upload: z.boolean() });
export type LibraryRights = z.infer<typeof LibraryRights>;

/**
 * A folder or a file (the spec's Document). `filePath` is the blob key served by
 * `GET /api/filedownload?id=`, `thumbnail` the key of the server-made thumbnail of an image,
 * `profilePhoto` the size in bytes (as the spec's field holds it) and `size` the same as a number.
 */
export const LibraryEntry = z.object({
  id: z.number(),
  name: z.string(),
  entityType: EntityType,
  category: EntityType,
  library: LibraryKind,
  parentId: z.number().nullable(),
  tenantId: z.literal(2),
  clientId: z.number().nullable(),
  siteId: z.number().nullable(),
  fileType: z.string().nullable(),
  filePath: z.string().nullable(),
  thumbnail: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  size: z.number().nullable(),
  fileName: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number(),
  /** Folders: how many files they hold. */
  fileCount: z.number().optional(),
  can: LibraryRights,
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;

/** `GET /api/document/getEntityByClientAndSiteId?name=<kind>[&clientId&siteId]`: a library's folders. */
export const FolderQuery = z.object({
  name: LibraryKind,
  clientId: Id.optional(),
  siteId: Id.optional(),
});
export type FolderQuery = z.infer<typeof FolderQuery>;

/** `GET /api/document/getEntityByParentId?parentId=`: a folder's files. */
export const ParentQuery = z.object({ parentId: Id });

/** `DELETE /api/document/deleteEntity?documentId=`. */
export const DeleteQuery = z.object({ documentId: Id });

/**
 * `POST /api/document/saveEntity`: a new folder (no id; its library, and for the pictorial and
 * report libraries its client and site), or a new name for a folder or file (with id).
 */
export const SaveEntityBody = z.object({
  id: Id.optional().nullable(),
  name: LibraryName,
  entityType: EntityType.optional(),
  library: LibraryKind.optional(),
  clientId: Id.optional().nullable(),
  siteId: Id.optional().nullable(),
  parentId: Id.optional().nullable(),
  tenantId: z.unknown().optional(),
});
export type SaveEntityBody = z.infer<typeof SaveEntityBody>;

/** The `documentDTO` part of `POST /api/document/saveFile`: the folder the files go into. */
export const SaveFileDto = z.object({ parentId: Id, tenantId: z.unknown().optional() });

export const SaveFileAnswer = z.object({ files: LibraryEntry.array(), message: z.string() });
export const DeleteAnswer = z.object({ id: z.number(), deletedFiles: z.number() });
