// The bench namespace's equipment: the demo asset types and `perSite` assets on every active
// site (machinery and PPE types in turn, never LLG or trainee ones), written by one
// INSERT ... SELECT so that 40,000 sites take seconds. The jobs' tasks of the bench refer to them.
import { and, eq, sql } from 'drizzle-orm';
import { assetTypes } from '../../server/src/db/schema';
import { seedAssetTypes } from '../../server/src/demo/assetTypes';
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

/**
 * The asset dashboard's heavy case (issue 11): the client that comes first by name (the one the
 * Client picker lists first) gets `options.client` assets in all: `options.site` on its first
 * site, the rest spread over new sites of its own with fewer each, so that the first site is the
 * fullest. Results and due dates are spread over Valid, Due Shortly and Expired.
 */
export async function insertHeavyClient(db: Db, namespaceId: number, options: { site: number; client: number }): Promise<void> {
  const [heavy] = (
    (await db.execute(sql`
      SELECT s.id, s.company_id, s.name FROM sites s JOIN client_companies c ON c.id = s.company_id
       WHERE s.namespace_id = ${namespaceId} AND s.status = 1 AND c.status = 1
       ORDER BY c.name, c.id, s.id LIMIT 1`)) as unknown as { rows: { id: number; company_id: number; name: string }[] }
  ).rows;
  const [type] = await db
    .select({ id: assetTypes.id })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, namespaceId), eq(assetTypes.status, 1), EQUIPMENT))
    .orderBy(assetTypes.id)
    .limit(1);
  const perOther = Math.max(1, Math.floor(options.site * 0.9));
  const others = Math.ceil(Math.max(0, options.client - options.site) / perOther);
  const extra = (
    (await db.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, status, time_zone)
      SELECT ${namespaceId}, ${heavy.company_id}::int, ${heavy.name} || ' Annex ' || g, 1, 'Asia/Dubai'
        FROM generate_series(1, ${others}::int) g
      RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  const siteIds = sql.raw(`ARRAY[${extra.join(',') || 'NULL'}]::int[]`);
  await db.execute(sql.raw('ALTER TABLE assets DISABLE TRIGGER assets_audit'));
  await db.execute(sql`
    INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, acronym_code, status, time_zone,
                        last_result, last_inspection_date, due_date, attributes)
    SELECT ${namespaceId}, ${heavy.company_id}::int,
           CASE WHEN k <= ${options.site}::int THEN ${heavy.id}::int
                ELSE (${siteIds})[1 + (k - ${options.site}::int - 1) / ${perOther}::int] END,
           ${type.id}, 'Heavy unit ' || lpad(k::text, 6, '0'), 'HU-' || k, 1, 'Asia/Dubai',
           1 + k % 3, now() - make_interval(days => (k % 700)::int), now() - make_interval(days => (k % 700)::int) + interval '365 days',
           jsonb_build_object('manufacturer', 'Bench', 'model', 'H' || (k % 40), 'swl', k % 250)
      FROM generate_series(1, ${options.client}::int) k`);
  await db.execute(sql.raw('ALTER TABLE assets ENABLE TRIGGER assets_audit'));
}
