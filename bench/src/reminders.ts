// n. Due reminders (issue 23): one namespace's daily run for 1,000 client users (200 client
// companies of 5 client admins, 2 sites and 25 assets each, their due dates spread from 30 days
// ago to 60 days ahead, so about half are listed), written by bulk SQL into a fresh embedded
// database with the basic demo data. The figure: one run, in process, from the claim to the last
// mail in the outbox (digest query, 1,000 mails rendered as text and React Email HTML, kept in
// mail_outbox; no SMTP).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../server/src/db/client';
import type { Db } from '../../server/src/db/types';
import { seedDemo } from '../../server/src/demo';
import { runDueReminders } from '../../server/src/features/reminders';
import { Mailer } from '../../server/src/lib/mail';
import { count, ms } from './lib/table';
import { add } from './runState';

const SIZE = { companies: 200, usersPerCompany: 5, sitesPerCompany: 2, assetsPerCompany: 25 };

export async function insertReminderData(db: Db) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'demo')`;
    for (const table of ['client_companies', 'sites', 'users', 'assets'])
      await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, 'Reminder Client ' || lpad(g::text, 3, '0'), 'RC' || g, 1, 'Asia/Dubai' FROM generate_series(1, ${SIZE.companies}::int) g`);
    await t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, c.id, 'Yard ' || g, c.acronym_code || '-' || g, 1, 'Asia/Dubai'
        FROM client_companies c, generate_series(1, ${SIZE.sitesPerCompany}::int) g WHERE c.name LIKE 'Reminder Client %'`);
    await t.execute(sql`
      INSERT INTO users (namespace_id, email, name, type, role_id, company_id, status)
      SELECT ${ns}, 'reminder.' || c.id || '.' || g || '@demo.test', 'Client Admin ' || c.id || '-' || g, 1,
             (SELECT id FROM roles WHERE namespace_id = ${ns} AND base_role = 'CLIENT-ADMIN' ORDER BY id LIMIT 1), c.id, 1
        FROM client_companies c, generate_series(1, ${SIZE.usersPerCompany}::int) g WHERE c.name LIKE 'Reminder Client %'`);
    await t.execute(sql`
      INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, serial_number, last_result, last_inspection_date, due_date)
      SELECT ${ns}, c.id, (SELECT s.id FROM sites s WHERE s.company_id = c.id ORDER BY s.id OFFSET g % ${SIZE.sitesPerCompany}::int LIMIT 1),
             (SELECT id FROM asset_types WHERE namespace_id = ${ns} ORDER BY id LIMIT 1),
             'Hoist ' || g, 'RH-' || c.id || '-' || g, CASE WHEN g % 12 = 0 THEN 2 ELSE 1 END,
             now() - interval '300 days', now() + make_interval(days => ((g * 37 + c.id) % 90 - 30)::int)
        FROM client_companies c, generate_series(1, ${SIZE.assetsPerCompany}::int) g WHERE c.name LIKE 'Reminder Client %'`);
    for (const table of ['client_companies', 'sites', 'users', 'assets'])
      await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE`);
}

const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger;

export async function figureReminders(dataDir: string) {
  const users = SIZE.companies * SIZE.usersPerCompany;
  console.log(`\n[n] Due reminders for ${count(users)} client users`);
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      await insertReminderData(db);
    },
  });
  try {
    const db = database.db;
    const mailer = new Mailer(db, quiet, 'Inspection Portal <no-reply@demo.test>');
    const started = performance.now();
    const runs = await runDueReminders({ db, mailer, publicUrl: 'https://portal.example' });
    const took = performance.now() - started;
    const mails = runs.reduce((n, r) => n + r.mails, 0);
    const listed = (await db.execute(
      sql`select count(*)::int as n from mail_outbox where subject like '%due for inspection' and to_address like 'reminder.%'`,
    )) as unknown as { rows: { n: number }[] };
    add({
      id: 'n',
      figure: `due reminder run for ${count(users)} client users (${count(SIZE.companies * SIZE.assetsPerCompany)} assets; digest query, mails rendered and kept in the outbox)`,
      result: ms(took),
      target: '<= 10 s',
      ok: took <= 10_000 && listed.rows[0].n === users,
      detail: `${count(mails)} mails (${count(listed.rows[0].n)} to the bench's users)`,
    });
  } finally {
    await database.close();
  }
}
