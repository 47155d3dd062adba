-- Office and division codes, typed or derived, are unique among the active records of a
-- namespace (DECISIONS 9), so job and certificate numbers built from them cannot collide.
-- `code` is the code numbers print: the typed acronym in upper case, else the first three
-- letters or digits of the name (features/sequences/codes.ts derives the same).
--
-- Backfill: acronym_code stays as typed; only the new column is filled. Active records take
-- their code in this order: typed acronyms first, then the oldest record; a record whose code
-- is already held gets the first free <code>2, <code>3... (what a save derives). Archived
-- records keep their plain code: the index covers active records only.
ALTER TABLE "divisions" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "code" text;--> statement-breakpoint
DO $$
DECLARE
  t text;
  r record;
  base text;
  candidate text;
  n integer;
  taken boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY['offices', 'divisions'] LOOP
    FOR r IN EXECUTE format(
      'SELECT id, namespace_id, status, name, acronym_code FROM %I
        ORDER BY (status = 1) DESC, (nullif(btrim(acronym_code), '''') IS NULL), id', t)
    LOOP
      base := coalesce(
        nullif(upper(btrim(r.acronym_code)), ''),
        nullif(upper(left(regexp_replace(r.name, '[^A-Za-z0-9]', '', 'g'), 3)), ''),
        'X');
      candidate := base;
      n := 1;
      LOOP
        EXIT WHEN r.status <> 1;
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE namespace_id = $1 AND status = 1 AND code = $2)', t)
          INTO taken USING r.namespace_id, candidate;
        EXIT WHEN NOT taken;
        n := n + 1;
        candidate := base || n;
      END LOOP;
      EXECUTE format('UPDATE %I SET code = $1 WHERE id = $2', t) USING candidate, r.id;
    END LOOP;
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "divisions" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offices" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_active_code_key" ON "divisions" USING btree ("namespace_id","code") WHERE "divisions"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "offices_active_code_key" ON "offices" USING btree ("namespace_id","code") WHERE "offices"."status" = 1;
