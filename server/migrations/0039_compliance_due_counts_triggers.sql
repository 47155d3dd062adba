-- The Compliance overview's counts (compliance_due_counts, schema/assets.ts) kept by statement
-- triggers on assets, in the transaction of the write: every insert, update, delete (cascades
-- included) adds its rows' changes, active assets only (status 1), once per due day ('d') and
-- once per month ('m'; no due date: the month row with due_day null). An update subtracts the
-- old rows and adds the new ones, so an edit that changes none of the counted columns writes
-- nothing. Rows whose count falls to 0 are deleted. The SQL is static (plans kept for the
-- session): a one-row update costs a fraction of a millisecond more.
CREATE FUNCTION compliance_due_counts_add(delta compliance_due_counts[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  INSERT INTO compliance_due_counts AS c (namespace_id, company_id, site_id, failed, grain, due_day, n)
  SELECT d.namespace_id, d.company_id, d.site_id, d.failed, d.grain, d.due_day, sum(d.n)::int
    FROM unnest(delta) d
   GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.n) <> 0
   ORDER BY 3, 2, 1, 4, 5, 6
  ON CONFLICT ON CONSTRAINT compliance_due_counts_key DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    DELETE FROM compliance_due_counts WHERE n = 0;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION compliance_due_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM compliance_due_counts;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM compliance_due_counts_add(array(
      SELECT row(r.namespace_id, r.company_id, r.site_id, coalesce(r.last_result = 2, false), g.grain, g.day, 1)::compliance_due_counts
        FROM new_rows r
        CROSS JOIN LATERAL (SELECT (r.due_date AT TIME ZONE 'UTC')::date AS day) x
        CROSS JOIN LATERAL (VALUES ('d', x.day), ('m', date_trunc('month', x.day::timestamp)::date)) g(grain, day)
       WHERE r.status = 1 AND (g.grain = 'm' OR x.day IS NOT NULL)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM compliance_due_counts_add(array(
      SELECT row(r.namespace_id, r.company_id, r.site_id, coalesce(r.last_result = 2, false), g.grain, g.day, -1)::compliance_due_counts
        FROM old_rows r
        CROSS JOIN LATERAL (SELECT (r.due_date AT TIME ZONE 'UTC')::date AS day) x
        CROSS JOIN LATERAL (VALUES ('d', x.day), ('m', date_trunc('month', x.day::timestamp)::date)) g(grain, day)
       WHERE r.status = 1 AND (g.grain = 'm' OR x.day IS NOT NULL)));
  ELSE
    PERFORM compliance_due_counts_add(array(
      SELECT row(r.namespace_id, r.company_id, r.site_id, coalesce(r.last_result = 2, false), g.grain, g.day, r.k)::compliance_due_counts
        FROM (SELECT namespace_id, company_id, site_id, last_result, due_date, status, -1 AS k FROM old_rows
              UNION ALL
              SELECT namespace_id, company_id, site_id, last_result, due_date, status, 1 FROM new_rows) r
        CROSS JOIN LATERAL (SELECT (r.due_date AT TIME ZONE 'UTC')::date AS day) x
        CROSS JOIN LATERAL (VALUES ('d', x.day), ('m', date_trunc('month', x.day::timestamp)::date)) g(grain, day)
       WHERE r.status = 1 AND (g.grain = 'm' OR x.day IS NOT NULL)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER assets_compliance_counts_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER assets_compliance_counts_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER assets_compliance_counts_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_due_counts_apply();
--> statement-breakpoint
CREATE TRIGGER assets_compliance_counts_truncate AFTER TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_due_counts_apply();
--> statement-breakpoint
-- The assets already there.
WITH base AS (
  SELECT namespace_id, company_id, site_id, coalesce(last_result = 2, false) AS failed, (due_date AT TIME ZONE 'UTC')::date AS day
    FROM assets WHERE status = 1)
INSERT INTO compliance_due_counts (namespace_id, company_id, site_id, failed, grain, due_day, n)
SELECT namespace_id, company_id, site_id, failed, 'd', day, count(*)::int FROM base WHERE day IS NOT NULL GROUP BY 1, 2, 3, 4, 6
UNION ALL
SELECT namespace_id, company_id, site_id, failed, 'm', date_trunc('month', day::timestamp)::date, count(*)::int FROM base GROUP BY 1, 2, 3, 4, 6;
