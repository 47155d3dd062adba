import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestContext, type TestContext } from './helpers';

/**
 * Every table that holds a namespace's records is audited: a trigger writes `audit_log` for
 * each insert, update and delete, with the acting user (migrations/0002_audit_triggers.sql).
 * A new table gets its trigger in its migration, or a line here saying why it needs none.
 */
const NOT_AUDITED: Record<string, string> = {
  audit_log: 'the audit trail itself',
  sessions: 'sign-ins, not records; kept apart so that every request does not write an audit row',
  mail_outbox: 'outgoing mail, a queue rather than a record',
  user_grid_states: "a user's own column layout of a grid (order, widths, grouping), a preference rather than a record",
  document_jobs: 'the PDF generation queue; the certificate status changes it makes are audited on tasks',
  reminder_runs: "the due reminders' claim of a day's run, a queue rather than a record",
  compliance_due_counts: "the Compliance overview's counts of assets, kept by triggers on the audited assets table",
};

let t: TestContext;
let master: Client;

beforeAll(async () => {
  t = await createTestContext();
  master = await t.login('master_admin@demo.test');
});
afterAll(async () => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('audit trail', () => {
  it('every table with a namespace_id column has its audit trigger', async () => {
    const tables = await rows<{ table_name: string }>(sql`
      select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'namespace_id' order by table_name`);
    const triggers = new Set(
      (await rows<{ tgname: string }>(sql`select tgname from pg_trigger where not tgisinternal`)).map((r) => r.tgname),
    );
    expect(tables.length).toBeGreaterThan(10);
    const missing = tables.map((r) => r.table_name).filter((name) => !Object.hasOwn(NOT_AUDITED, name) && !triggers.has(`${name}_audit`));
    expect(missing).toEqual([]);
  });

  it('a write through the API leaves an audit row naming its actor and what changed', async () => {
    const saved = await master.post('/api/Setting', { objectType: 'Division', name: 'Audited Division' });
    expect(saved.statusCode).toBe(200);
    const id = String(saved.json().id);
    const renamed = await master.post('/api/Setting', { ...(saved.json() as object), name: 'Audited Division 2' });
    expect(renamed.statusCode).toBe(200);
    const trail = await rows<{ action: string; user_id: number; namespace_id: number; changes: Record<string, unknown> }>(sql`
      select action, user_id, namespace_id, changes from audit_log where entity = 'divisions' and entity_id = ${id} order by id`);
    const masterId = t.demo.accounts['master_admin@demo.test'];
    expect(masterId).toBeDefined();
    expect(trail.map((r) => r.action)).toEqual(['INSERT', 'UPDATE']);
    for (const row of trail) expect(row).toMatchObject({ user_id: masterId, namespace_id: t.demo.id });
    expect(trail[1].changes).toEqual({ name: ['Audited Division', 'Audited Division 2'] });
  });
});
