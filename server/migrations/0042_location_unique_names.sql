-- Location types' duplicate checks by unique index (issue 20, defineLocationType): active
-- offices and clients of a namespace never share a name (nor clients a code), active sibling
-- sites (same client, same parent) never share a name; whatever the case, as the checks these
-- replace compared (lower on both sides). Archived records are outside the indexes, as before.
--
-- Before the indexes: the saves checked under an advisory lock, so a database written only
-- through the API holds no duplicates, but rows written by hand or by an import might. Such
-- duplicates are renamed, not archived: the oldest record (lowest id) keeps its name, each later
-- one takes the first free " (2)", " (3)"... (a client code "-2", "-3"...), checked against the
-- same scope, so the index can be made and nothing a job or user points at changes state.
-- The audit trigger records each rename (no user).
DO $$
DECLARE
  rule record;
  r record;
  candidate text;
  n integer;
  taken boolean;
BEGIN
  FOR rule IN SELECT * FROM (VALUES
      ('offices', 'namespace_id', 'name', ' (', ')'),
      ('client_companies', 'namespace_id', 'name', ' (', ')'),
      ('client_companies', 'namespace_id', 'acronym_code', '-', ''),
      ('sites', 'company_id, coalesce(parent_id, 0)', 'name', ' (', ')')
    ) AS v(tbl, scope, col, before, after)
  LOOP
    FOR r IN EXECUTE format(
      'SELECT id, %2$I AS value FROM (
         SELECT id, %2$I, row_number() OVER (PARTITION BY %3$s, lower(%2$I) ORDER BY id) AS rn
           FROM %1$I WHERE status = 1 AND %2$I IS NOT NULL) d
        WHERE rn > 1 ORDER BY id', rule.tbl, rule.col, rule.scope)
    LOOP
      n := 2;
      LOOP
        candidate := r.value || rule.before || n || rule.after;
        EXECUTE format(
          'SELECT EXISTS (SELECT 1 FROM %1$I WHERE status = 1 AND id <> $1 AND lower(%2$I) = lower($2)
                            AND (%3$s) = (SELECT %3$s FROM %1$I WHERE id = $1))', rule.tbl, rule.col, rule.scope)
          INTO taken USING r.id, candidate;
        EXIT WHEN NOT taken;
        n := n + 1;
      END LOOP;
      EXECUTE format('UPDATE %1$I SET %2$I = $1, modified_at = now() WHERE id = $2', rule.tbl, rule.col) USING candidate, r.id;
    END LOOP;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "client_companies_active_name_key" ON "client_companies" USING btree ("namespace_id",lower("name")) WHERE "client_companies"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "client_companies_code_active_key" ON "client_companies" USING btree ("namespace_id",lower("acronym_code")) WHERE "client_companies"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_active_name_key" ON "sites" USING btree ("company_id",coalesce("parent_id", 0),lower("name")) WHERE "sites"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "offices_active_name_key" ON "offices" USING btree ("namespace_id",lower("name")) WHERE "offices"."status" = 1;