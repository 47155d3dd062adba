-- Audit log: one row per insert, update or delete of an audited table, with the acting user
-- and namespace taken from the transaction settings app.user_id / app.namespace_id
-- (server/src/db/transaction.ts). Updates record only the columns that changed.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  row_data jsonb := coalesce(new_row, old_row);
  changes jsonb;
  hidden text[] := ARRAY['password_hash', 'content', 'modified_at', 'created_at'];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)) INTO changes
      FROM jsonb_each(new_row) n JOIN jsonb_each(old_row) o USING (key)
     WHERE n.value IS DISTINCT FROM o.value AND NOT (n.key = ANY (hidden));
    IF changes IS NULL THEN
      IF new_row ? 'password_hash' AND (new_row->'password_hash') IS DISTINCT FROM (old_row->'password_hash') THEN
        changes := '{"password_hash": "changed"}'::jsonb;
      ELSE
        RETURN NULL;
      END IF;
    END IF;
  ELSE
    changes := row_data - hidden;
  END IF;
  INSERT INTO audit_log (namespace_id, user_id, action, entity, entity_id, changes)
  VALUES (
    coalesce((row_data->>'namespace_id')::integer, nullif(current_setting('app.namespace_id', true), '')::integer),
    nullif(current_setting('app.user_id', true), '')::integer,
    TG_OP,
    TG_TABLE_NAME,
    coalesce(row_data->>'id', row_data->>'user_id', row_data->>'client_id', row_data->>'key'),
    changes
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'namespaces', 'users', 'user_offices', 'user_divisions', 'user_sites', 'roles', 'role_licences',
    'offices', 'divisions', 'client_companies', 'client_offices', 'sites', 'configurations',
    'number_sequences', 'files'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change()', t || '_audit', t);
  END LOOP;
END;
$$;
