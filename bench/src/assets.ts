// The bench namespace's equipment: the demo asset types and `perSite` assets on every active
// site (machinery and PPE types in turn, never LLG or trainee ones), written by one
// INSERT ... SELECT so that 40,000 sites take seconds. The jobs' tasks of the bench refer to them.
import { and, eq, sql } from 'drizzle-orm';
import { assetTypes } from '../../server/src/db/schema';
import { seedAssetTypes } from '../../server/src/db/seed/assetTypes';
import type { Db } from '../../server/src/db/types';

/** Asset types offered for assets (the LLG and trainee categories are not equipment on a site). */
const EQUIPMENT = sql`(category is null or category in ('MACHINERY', 'BTH&PPE'))`;

export async function insertBenchAssets(db: Db, namespaceId: number, options: { perSite: number }): Promise<number> {
  const existing = await db.select({ id: assetTypes.id }).from(assetTypes).where(eq(assetTypes.namespaceId, namespaceId)).limit(1);
  if (existing.length === 0) await seedAssetTypes(db, namespaceId, { full: true });
  const types = await db
    .select({ id: assetTypes.id, code: assetTypes.acronymCode })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, namespaceId), eq(assetTypes.status, 1), EQUIPMENT))
    .orderBy(assetTypes.id);
  if (types.length === 0) return 0;
  const ids = sql.raw(`ARRAY[${types.map((t) => t.id).join(',')}]::int[]`);
  const codes = sql.raw(`ARRAY[${types.map((t) => `'${String(t.code ?? 'AS').replaceAll("'", "''")}'`).join(',')}]::text[]`);
  await db.execute(sql.raw('ALTER TABLE assets DISABLE TRIGGER assets_audit'));
  // Names are unique per client: the site id and k make them so.
  const result = await db.execute(sql`
    INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, status, time_zone)
    SELECT ${namespaceId}, s.company_id, s.id, t.ids[1 + (s.id + k) % array_length(t.ids, 1)],
           t.codes[1 + (s.id + k) % array_length(t.ids, 1)] || '-' || s.id || '-' || k || ' Bench unit', 1, 'Asia/Dubai'
      FROM sites s CROSS JOIN generate_series(1, ${options.perSite}) k, (SELECT ${ids} AS ids, ${codes} AS codes) t
     WHERE s.namespace_id = ${namespaceId} AND s.status = 1
     ORDER BY s.id, k`);
  await db.execute(sql.raw('ALTER TABLE assets ENABLE TRIGGER assets_audit'));
  return Number(
    (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0,
  );
}
