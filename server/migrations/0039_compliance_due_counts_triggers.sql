-- The Compliance overview's counts (compliance_due_counts, schema/assets.ts) kept by statement
-- triggers on assets, in the transaction of the write: every insert, update, delete (cascades
-- included) adds its rows' changes, active assets only (status 1), once per due day ('d') and
-- once per month ('m'; no due date: the month row with due_day null). An update subtracts the
-- old rows and adds the new ones, so an edit that changes none of the counted columns writes
-- nothing. Rows whose count falls to 0 are deleted.
CREATE FUNCTION compliance_due_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM compliance_due_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT namespace_id, company_id, site_id, last_result, due_date, 1 AS k FROM new_rows WHERE status = 1';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT namespace_id, company_id, site_id, last_result, due_date, -1 AS k FROM old_rows WHERE status = 1';
  ELSE
    src := 'SELECT namespace_id, company_id, site_id, last_result, due_date, -1 AS k FROM old_rows WHERE status = 1
            UNION ALL SELECT namespace_id, company_id, site_id, last_result, due_date, 1 AS k FROM new_rows WHERE status = 1';
  END IF;
  EXECUTE format($sql$
    WITH src AS (%s),
         base AS (
           SELECT namespace_id, company_id, site_id, coalesce(last_result = 2, false) AS failed,
                  (due_date AT TIME ZONE 'UTC')::date AS day, k
             FROM src),
         delta AS (
           SELECT namespace_id, company_id, site_id, failed, 'd' AS grain, day AS due_day, sum(k)::int AS k
             FROM base WHERE day IS NOT NULL GROUP BY 1, 2, 3, 4, 6
           UNION ALL
           SELECT namespace_id, company_id, site_id, failed, 'm', date_trunc('month', day::timestamp)::date, sum(k)::int
             FROM base GROUP BY 1, 2, 3, 4, 6)
    INSERT INTO compliance_due_counts AS c (namespace_id, company_id, site_id, failed, grain, due_day, n)
    SELECT namespace_id, company_id, site_id, failed, grain, due_day, k FROM delta WHERE k <> 0
     ORDER BY site_id, company_id, namespace_id, failed, grain, due_day
    ON CONFLICT ON CONSTRAINT compliance_due_counts_key DO UPDATE SET n = c.n + excluded.n$sql$, src);
  DELETE FROM compliance_due_counts WHERE n = 0;
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
