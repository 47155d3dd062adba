import { sql } from 'drizzle-orm';
import {
  ASSETS,
  type FolderQuery,
  LIBRARY_TEXT,
  type LibraryEntry,
  type LibraryKind,
  libraryCan,
  libraryNeedsSite,
  type SaveEntityBody,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { registerFileAccess } from '../../lib/fileAccess';
import { actorOf, mayUseCompany, mayUseSite, type Scope } from '../../lib/scope';
import { can } from '@portal/contracts';
import { llgAssetTypes } from '../assetTypes';
import { findClient, findSite } from '../clients';
import type { RequestContext } from '../context';
import { type EntryRecord, fileNamesIn, findEntry, folderNamed, listFiles, listFolders, technicalFolderNames } from './library.queries';

/** Owner type of a library file and its thumbnail in `files`; the owner id is the folder's. */
export const LIBRARY_FILE_OWNER = 'library-file';

/** A library file (and its thumbnail) is served to who may read the library and see its folder. */
registerFileAccess(LIBRARY_FILE_OWNER, async (db: Db, scope: Scope, folderId: number) => {
  if (!can(scope.role, 'library.read')) return false;
  return (await findEntry(db, scope, folderId)) !== null;
});

export function toEntry(r: EntryRecord, scope: Scope): LibraryEntry {
  const size = r.size === null ? null : Number(r.size);
  return {
    id: r.id,
    name: r.name,
    entityType: r.entity_type,
    category: r.entity_type,
    library: r.library,
    parentId: r.parent_id,
    tenantId: 2,
    clientId: r.client_id,
    siteId: r.site_id,
    fileType: r.content_type,
    filePath: r.blob_key,
    thumbnail: r.thumb_key,
    profilePhoto: size === null ? null : String(size),
    size,
    fileName: r.file_name,
    description: null,
    status: r.status,
    ...(r.entity_type === 'FOLDER' ? { fileCount: Number(r.file_count ?? 0) } : {}),
    can: libraryCan(scope.role),
  };
}

/** The client and the site of a pictorial or report library, each visible to the caller; else 404. */
async function librarySite(ctx: RequestContext, clientId: number, siteId: number) {
  if (!mayUseCompany(ctx.scope, clientId) || !(await findClient(ctx.db, ctx.scope, clientId))) throw notFound(ASSETS.clientNotFound);
  const site = await findSite(ctx.db, ctx.scope, siteId);
  if (!site || site.companyId !== clientId || !mayUseSite(ctx.scope, { id: site.id, companyId: site.companyId }))
    throw notFound(ASSETS.siteNotFound);
}

/** Where a library's folders live: no client and site for product technical information, both for the others. */
async function placeOf(ctx: RequestContext, library: LibraryKind, clientId?: number | null, siteId?: number | null) {
  if (!libraryNeedsSite(library)) {
    if (clientId || siteId) throw badRequest('Product technical information has no client or site', { clientId: 'must be empty' });
    return { clientId: null, siteId: null };
  }
  if (!clientId || !siteId)
    throw badRequest('Choose a client and a site', {
      ...(clientId ? {} : { clientId: 'is required' }),
      ...(siteId ? {} : { siteId: 'is required' }),
    });
  await librarySite(ctx, clientId, siteId);
  return { clientId, siteId };
}

/** `GET /api/document/getEntityByClientAndSiteId?name=<library>[&clientId&siteId]`: a library's folders. */
export async function libraryFolders(ctx: RequestContext, query: FolderQuery): Promise<LibraryEntry[]> {
  const place = await placeOf(ctx, query.name, query.clientId, query.siteId);
  const rows = await listFolders(ctx.db, ctx.scope, query.name, place.clientId, place.siteId);
  return rows.map((r) => toEntry(r, ctx.scope));
}

/** A folder the caller may see; 404 otherwise (another namespace, company or site, or a file's id). */
export async function folderOf(ctx: RequestContext, id: number): Promise<EntryRecord> {
  const folder = await findEntry(ctx.db, ctx.scope, id);
  if (folder?.entity_type !== 'FOLDER') throw notFound(LIBRARY_TEXT.folderNotFound);
  return folder;
}

/** `GET /api/document/getEntityByParentId?parentId=`: a folder's files. */
export async function folderFiles(ctx: RequestContext, parentId: number): Promise<LibraryEntry[]> {
  await folderOf(ctx, parentId);
  const rows = await listFiles(ctx.db, ctx.scope, parentId);
  return rows.map((r) => toEntry(r, ctx.scope));
}

/** The loose-gear asset type labels that have no folder yet in product technical information. */
export async function freeLlgNames(ctx: RequestContext, exceptId: number | null = null): Promise<string[]> {
  const taken = await technicalFolderNames(ctx.db, ctx.scope.namespaceId, exceptId);
  const types = await llgAssetTypes(ctx);
  return types.map((t) => t.label.trim()).filter((label) => !taken.has(label.toLowerCase()));
}

function requireWrite(ctx: RequestContext) {
  if (!libraryCan(ctx.scope.role).edit) throw forbidden('You may not change the library');
}

/**
 * `POST /api/document/saveEntity`: without id a new folder of a library (product technical
 * information: named after a loose-gear asset type without a folder; the others: in a client's
 * site); with id a new name for a folder or a file. Names are trimmed and unique in any case:
 * 409 with the spec's duplicate texts.
 */
export async function saveEntity(ctx: RequestContext, body: SaveEntityBody): Promise<LibraryEntry> {
  requireWrite(ctx);
  const name = body.name.trim();
  if (body.id) {
    const entry = await findEntry(ctx.db, ctx.scope, body.id);
    if (!entry) throw notFound(LIBRARY_TEXT.entryNotFound);
    if (body.entityType && body.entityType !== entry.entity_type)
      throw badRequest('entityType does not match the record', { entityType: 'does not match' });
    if (entry.entity_type === 'FOLDER') {
      const clash = await folderNamed(ctx.db, ctx.scope.namespaceId, {
        library: entry.library,
        clientId: entry.client_id,
        siteId: entry.site_id,
        name,
        exceptId: entry.id,
      });
      if (clash) throw conflict(LIBRARY_TEXT.duplicateFolder, { name: LIBRARY_TEXT.duplicateFolder });
    } else if ((await fileNamesIn(ctx.db, entry.parent_id ?? 0, entry.id)).has(name.toLowerCase())) {
      throw conflict(LIBRARY_TEXT.duplicateFile, { name: LIBRARY_TEXT.duplicateFile });
    }
    await write(ctx, entry.entity_type, () =>
      inTransaction(ctx.db, actorOf(ctx.user), (tx) =>
        tx.execute(
          sql`update library_entries set name = ${name}, modified_by = ${ctx.user.id}::int, modified_at = now() where id = ${entry.id}::int`,
        ),
      ),
    );
    return toEntry((await findEntry(ctx.db, ctx.scope, entry.id)) as EntryRecord, ctx.scope);
  }
  if (body.entityType === 'FILE') throw badRequest('Files are added with POST /api/document/saveFile', { entityType: 'must be FOLDER' });
  if (!body.library) throw badRequest('library is required', { library: 'is required' });
  const library = body.library;
  const place = await placeOf(ctx, library, body.clientId, body.siteId);
  if (await folderNamed(ctx.db, ctx.scope.namespaceId, { library, ...place, name, exceptId: null }))
    throw conflict(LIBRARY_TEXT.duplicateFolder, { name: LIBRARY_TEXT.duplicateFolder });
  if (library === 'technical') {
    const free = await freeLlgNames(ctx);
    if (!free.some((label) => label.toLowerCase() === name.toLowerCase()))
      throw badRequest(LIBRARY_TEXT.notLlgType, { name: LIBRARY_TEXT.notLlgType });
  }
  const id = await write(ctx, 'FOLDER', () =>
    inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into library_entries (namespace_id, library, entity_type, client_id, site_id, name, created_by, modified_by)
             values (${ctx.scope.namespaceId}::int, ${library}, 'FOLDER', ${place.clientId}::int, ${place.siteId}::int, ${name},
                     ${ctx.user.id}::int, ${ctx.user.id}::int)
             returning id`,
      );
      return row.id;
    }),
  );
  return toEntry((await findEntry(ctx.db, ctx.scope, id)) as EntryRecord, ctx.scope);
}

/** A write whose unique index may still refuse a name another request took meanwhile: the spec's 409. */
async function write<T>(_ctx: RequestContext, type: 'FOLDER' | 'FILE', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const text = type === 'FOLDER' ? LIBRARY_TEXT.duplicateFolder : LIBRARY_TEXT.duplicateFile;
      throw conflict(text, { name: text });
    }
    throw error;
  }
}

/**
 * `DELETE /api/document/deleteEntity?documentId=`: a file, or a folder with all its files,
 * with their `files` rows (the maintenance clean-up removes contents no row refers to).
 */
export async function deleteEntity(ctx: RequestContext, id: number): Promise<{ id: number; deletedFiles: number }> {
  requireWrite(ctx);
  const entry = await findEntry(ctx.db, ctx.scope, id);
  if (!entry) throw notFound(LIBRARY_TEXT.entryNotFound);
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const fileRows = await queryRows<{ file_id: number | null; thumbnail_file_id: number | null }>(
      tx,
      sql`select file_id, thumbnail_file_id from library_entries
           where entity_type = 'FILE' and (id = ${id}::int or parent_id = ${id}::int)`,
    );
    await tx.execute(sql`delete from library_entries where id = ${id}::int and namespace_id = ${ctx.scope.namespaceId}::int`);
    const fileIds = fileRows.flatMap((r) => [r.file_id, r.thumbnail_file_id]).filter((v): v is number => v !== null);
    if (fileIds.length)
      await tx.execute(
        sql`delete from files where namespace_id = ${ctx.scope.namespaceId}::int and id in (${sql.join(
          fileIds.map((f) => sql`${f}::int`),
          sql`, `,
        )})`,
      );
    return { id, deletedFiles: fileRows.length };
  });
}
