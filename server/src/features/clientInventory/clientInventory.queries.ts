import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { InventoryValues } from '@portal/contracts';
import { clientInventory } from '../../db/schema';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/**
 * The client inventory's SQL. Every function takes the caller's scope first; the client and
 * site were checked against it by the service (`inventoryScope`), and the namespace is in
 * every condition, so another namespace's ids find nothing.
 */

const columns = {
  id: clientInventory.id,
  productCategory: clientInventory.productCategory,
  description: clientInventory.description,
  quantity: clientInventory.quantity,
  tonne: clientInventory.tonne,
  manufacturer: clientInventory.manufacturer,
  location: clientInventory.location,
  comments: clientInventory.comments,
  clientId: clientInventory.clientId,
  siteId: clientInventory.siteId,
};

export type InventoryRecord = Awaited<ReturnType<typeof siteInventory>>[number];

/** A site's active rows in the order they were added; `after` and `limit` read it in keyset batches (the export). */
export async function siteInventory(db: Db, scope: Scope, siteId: number, batch?: { after: number; limit: number }) {
  const query = db
    .select(columns)
    .from(clientInventory)
    .where(
      and(
        eq(clientInventory.namespaceId, scope.namespaceId),
        eq(clientInventory.siteId, siteId),
        eq(clientInventory.status, 1),
        batch ? gt(clientInventory.id, batch.after) : undefined,
      ),
    )
    .orderBy(asc(clientInventory.id));
  return batch ? query.limit(batch.limit) : query;
}

/** An active row of the namespace, with its client and site (checked against the caller by the service). */
export async function findInventoryRow(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select(columns)
    .from(clientInventory)
    .where(and(eq(clientInventory.namespaceId, scope.namespaceId), eq(clientInventory.id, id), eq(clientInventory.status, 1)));
  return rows[0] ?? null;
}

export async function updateInventoryRow(db: Db, scope: Scope, id: number, values: InventoryValues) {
  const rows = await db
    .update(clientInventory)
    .set({ ...values, tonne: values.tonne === null ? null : String(values.tonne), modifiedBy: scope.userId, modifiedAt: new Date() })
    .where(and(eq(clientInventory.namespaceId, scope.namespaceId), eq(clientInventory.id, id), eq(clientInventory.status, 1)))
    .returning({ id: clientInventory.id });
  return rows.length > 0;
}

export async function archiveInventoryRow(db: Db, scope: Scope, id: number) {
  await db
    .update(clientInventory)
    .set({ status: 0, modifiedBy: scope.userId, modifiedAt: new Date() })
    .where(and(eq(clientInventory.namespaceId, scope.namespaceId), eq(clientInventory.id, id), eq(clientInventory.status, 1)));
}

/** Rows per insert statement: one JSON parameter each, so the count is bound by size, not parameters. */
export const INSERT_BATCH = 5_000;

/**
 * Adds rows to a site: one multi-row insert per 5,000 rows, each batch sent as one JSON
 * parameter and expanded by `json_to_recordset`, in the given order (a handful of statements
 * for 50,000 rows). Answers the number of rows added and the first and last new id.
 */
export async function insertInventoryRows(
  db: Db,
  scope: { namespaceId: number; userId: number | null },
  site: { clientId: number; siteId: number },
  rows: InventoryValues[],
): Promise<{ count: number; firstId: number | null; lastId: number | null }> {
  let count = 0;
  let firstId: number | null = null;
  let lastId: number | null = null;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = JSON.stringify(rows.slice(start, start + INSERT_BATCH));
    const [added] = await queryRows<{ n: number; first: number; last: number }>(
      db,
      sql`
      with added as (
        insert into client_inventory
          (namespace_id, client_id, site_id, product_category, description, quantity, tonne, manufacturer, location, comments, created_by, modified_by)
        select ${scope.namespaceId}::int, ${site.clientId}::int, ${site.siteId}::int,
               r."productCategory", r.description, r.quantity, r.tonne, r.manufacturer, r.location, r.comments,
               ${scope.userId}::int, ${scope.userId}::int
          from json_to_recordset(${batch}::json) as r(
                 "productCategory" text, description text, quantity integer, tonne numeric(12, 3),
                 manufacturer text, location text, comments text)
        returning id)
      select count(*)::int as n, min(id)::int as first, max(id)::int as last from added`,
    );
    count += added.n;
    firstId ??= added.first;
    lastId = added.last;
  }
  return { count, firstId, lastId };
}

/**
 * A bulk import's audit: the per-row trigger is off for the transaction (`app.bulk_import`,
 * migration 0029) and one IMPORT entry names the site, the number of rows and their ids.
 */
export async function bulkImportMode(db: Db) {
  await db.execute(sql`select set_config('app.bulk_import', 'on', true)`);
}

export async function auditImport(
  db: Db,
  scope: { namespaceId: number; userId: number | null },
  entry: { clientId: number; siteId: number; fileName: string; count: number; firstId: number | null; lastId: number | null },
) {
  await db.execute(sql`
    insert into audit_log (namespace_id, user_id, action, entity, entity_id, changes)
    values (${scope.namespaceId}::int, ${scope.userId}::int, 'IMPORT', 'client_inventory', ${entry.firstId === null ? null : String(entry.firstId)},
            ${JSON.stringify({ client_id: entry.clientId, site_id: entry.siteId, file_name: entry.fileName, rows: entry.count, ids: [entry.firstId, entry.lastId] })}::jsonb)`);
}
