import { type SQL, sql } from 'drizzle-orm';
import type { LibraryKind } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/** A library entry as read, with its file's metadata. */
export interface EntryRecord {
  id: number;
  namespace_id: number;
  library: LibraryKind;
  entity_type: 'FOLDER' | 'FILE';
  parent_id: number | null;
  client_id: number | null;
  site_id: number | null;
  name: string;
  status: number;
  file_id: number | null;
  thumbnail_file_id: number | null;
  content_type: string | null;
  blob_key: string | null;
  thumb_key: string | null;
  size: number | null;
  file_name: string | null;
  file_count: number | null;
}

const columns = sql`e.id, e.namespace_id, e.library, e.entity_type, e.parent_id, e.client_id, e.site_id, e.name, e.status,
  e.file_id, e.thumbnail_file_id, f.content_type, f.blob_key, t.blob_key as thumb_key, f.size, f.file_name`;
const joins = sql`from library_entries e left join files f on f.id = e.file_id left join files t on t.id = e.thumbnail_file_id`;

/**
 * Who sees an entry's library part: every reader for product technical information; for the
 * pictorial and report libraries, client roles only their company, SITE-USER and REQUESTER
 * only their sites (the folder's client and site; a file carries its folder's).
 */
export function visibleTo(scope: Scope, alias = sql`e`): SQL {
  const parts: SQL[] = [sql`${alias}.namespace_id = ${scope.namespaceId}::int`];
  if (scope.companyId !== null) parts.push(sql`(${alias}.client_id is null or ${alias}.client_id = ${scope.companyId}::int)`);
  if (scope.siteIds !== null) {
    const ids = scope.siteIds.length
      ? sql.join(
          scope.siteIds.map((id) => sql`${id}::int`),
          sql`, `,
        )
      : sql`null`;
    parts.push(sql`(${alias}.site_id is null or ${alias}.site_id in (${ids}))`);
  }
  return sql.join(parts, sql` and `);
}

export async function findEntry(db: Db, scope: Scope, id: number): Promise<EntryRecord | null> {
  const rows = await queryRows<EntryRecord>(
    db,
    sql`select ${columns}, null::int as file_count ${joins} where e.id = ${id}::int and ${visibleTo(scope)}`,
  );
  return rows[0] ?? null;
}

/** The folders of a library (and client and site), by name, each with its number of files. */
export async function listFolders(
  db: Db,
  scope: Scope,
  library: LibraryKind,
  clientId: number | null,
  siteId: number | null,
): Promise<EntryRecord[]> {
  return queryRows<EntryRecord>(
    db,
    sql`select ${columns}, (select count(*)::int from library_entries c where c.parent_id = e.id) as file_count ${joins}
         where ${visibleTo(scope)} and e.entity_type = 'FOLDER' and e.library = ${library}
           and e.client_id is not distinct from ${clientId}::int and e.site_id is not distinct from ${siteId}::int
         order by lower(e.name), e.id`,
  );
}

/** The files of a folder, by name. */
export async function listFiles(db: Db, scope: Scope, folderId: number): Promise<EntryRecord[]> {
  return queryRows<EntryRecord>(
    db,
    sql`select ${columns}, null::int as file_count ${joins}
         where e.parent_id = ${folderId}::int and e.entity_type = 'FILE' and ${visibleTo(scope)}
         order by lower(e.name), e.id`,
  );
}

/** Another folder of the same library part with this name, in any case (names are stored trimmed). */
export async function folderNamed(
  db: Db,
  namespaceId: number,
  where: { library: LibraryKind; clientId: number | null; siteId: number | null; name: string; exceptId: number | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from library_entries where namespace_id = ${namespaceId}::int and entity_type = 'FOLDER'
          and library = ${where.library} and coalesce(client_id, 0) = ${where.clientId ?? 0}::int
          and coalesce(site_id, 0) = ${where.siteId ?? 0}::int and lower(name) = lower(${where.name})
          and id <> ${where.exceptId ?? 0}::int limit 1`,
  );
  return rows.length > 0;
}

/** The names (lower case) of a folder's files other than `exceptId`. */
export async function fileNamesIn(db: Db, folderId: number, exceptId: number | null = null): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select lower(name) as name from library_entries where parent_id = ${folderId}::int and entity_type = 'FILE'
          and id <> ${exceptId ?? 0}::int`,
  );
  return new Set(rows.map((r) => r.name));
}

/** The names (lower case) of product technical information's folders. */
export async function technicalFolderNames(db: Db, namespaceId: number, exceptId: number | null = null): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select lower(name) as name from library_entries where namespace_id = ${namespaceId}::int and entity_type = 'FOLDER'
          and library = 'technical' and id <> ${exceptId ?? 0}::int`,
  );
  return new Set(rows.map((r) => r.name));
}
