import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUE_REMINDERS_CONFIG_NAME, REMINDERS } from '@portal/contracts';
import { assets, configurations, mailOutbox, reminderOptOuts, reminderRuns } from '../../db/schema';
import { insertClient, insertSite, insertUser } from '../../demo/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { mailHtml, mailText } from '../../lib/mail';
import { runDueReminders } from './index';
import { type Digest, reminderMail, reminderRenderer } from './reminders.mail';

/**
 * The due reminders (issue 23): the daily run per namespace (once a day, however many
 * instances), who is mailed (the switch, the roles, the opt-out), what the mail says, and the
 * opt-out link that needs no sign-in and acts for its own user only.
 */
let t: TestContext;
const BASE = 'https://portal.example';
const DAY_MS = 86_400_000;
const people: Record<'admin' | 'admin2' | 'siteUser' | 'clientUser' | 'quiet', { id: number; email: string }> = {} as never;
const ids: Record<'siteA' | 'siteB' | 'expired' | 'failed' | 'soon' | 'later' | 'archived', number> = {} as never;
let otherCompanyAsset = 0;

const run = () => runDueReminders({ db: t.app.db, mailer: t.app.mailer, publicUrl: BASE }, { namespaceIds: [t.demo.id] });

async function mailsTo(email: string) {
  return t.app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
}

/** A new day for the run: today's claim and the mails of earlier runs gone. */
async function freshDay() {
  await t.app.db.delete(reminderRuns).where(eq(reminderRuns.namespaceId, t.demo.id));
  await t.app.db.delete(mailOutbox).where(sql`${mailOutbox.subject} like '%due for inspection'`);
}

async function setConfig(value: unknown) {
  await t.app.db
    .update(configurations)
    .set({ configJson: value })
    .where(and(eq(configurations.namespaceId, t.demo.id), eq(configurations.name, DUE_REMINDERS_CONFIG_NAME)));
}

const optOutPath = (text: string) => {
  const match = /https:\/\/portal\.example(\/reminders\/off\/[^\s]+)/.exec(text);
  if (!match) throw new Error('no opt-out link in the mail');
  return match[1];
};

beforeAll(async () => {
  t = await createTestContext();
  const db = t.app.db;
  const ns = t.demo;
  const company = await insertClient(db, ns.id, { name: 'Reminder Test Cranes' });
  const siteB = await insertSite(db, ns.id, company.id, { name: 'Zeta Yard' });
  const siteA = await insertSite(db, ns.id, company.id, { name: 'Alpha Yard' });
  ids.siteA = siteA.id;
  ids.siteB = siteB.id;
  const user = async (role: 'CLIENT-ADMIN' | 'SITE-USER' | 'CLIENT-USER', email: string, companyId: number, siteIds?: number[]) => {
    const row = await insertUser(db, { namespace: ns, role, email, name: email.split('@')[0], companyId, siteIds });
    return { id: row.id, email: row.email };
  };
  people.admin = await user('CLIENT-ADMIN', 'remind.admin@demo.test', company.id);
  people.admin2 = await user('CLIENT-ADMIN', 'remind.admin2@demo.test', company.id);
  people.siteUser = await user('SITE-USER', 'remind.site@demo.test', company.id, [siteA.id]);
  people.clientUser = await user('CLIENT-USER', 'remind.user@demo.test', company.id);
  const quiet = await insertClient(db, ns.id, { name: 'Nothing Due Ltd' });
  const quietSite = await insertSite(db, ns.id, quiet.id, { name: 'Quiet Site' });
  people.quiet = await user('CLIENT-ADMIN', 'remind.quiet@demo.test', quiet.id);

  const assetTypeId = Object.values(ns.assetTypeIds)[0];
  const now = Date.now();
  const asset = async (name: string, siteId: number, companyId: number, values: Partial<typeof assets.$inferInsert>) => {
    const [row] = await db
      .insert(assets)
      .values({ namespaceId: ns.id, companyId, siteId, assetTypeId, name, ...values })
      .returning({ id: assets.id });
    return row.id;
  };
  ids.expired = await asset('Expired Hoist', siteA.id, company.id, { lastResult: 1, dueDate: new Date(now - 3 * DAY_MS) });
  ids.failed = await asset('Failed Crane', siteB.id, company.id, { lastResult: 2, dueDate: new Date(now + 200 * DAY_MS) });
  ids.soon = await asset('Soon Sling', siteA.id, company.id, { lastResult: 1, dueDate: new Date(now + 10 * DAY_MS), serialNumber: 'SS-1' });
  ids.later = await asset('Later Shackle', siteB.id, company.id, { lastResult: 1, dueDate: new Date(now + 40 * DAY_MS) });
  ids.archived = await asset('Archived Winch', siteA.id, company.id, { lastResult: 1, dueDate: new Date(now - 9 * DAY_MS), status: 0 });
  await asset('Valid Beam', quietSite.id, quiet.id, { lastResult: 1, dueDate: new Date(now + 100 * DAY_MS) });
  otherCompanyAsset = t.demo.assets[0].id;
});
afterAll(async () => t.close());

beforeEach(async () => {
  await freshDay();
  await setConfig({ enabled: true, windowDays: 15, roles: ['CLIENT-ADMIN'] });
  await t.app.db.delete(reminderOptOuts).where(inArray(reminderOptOuts.userId, [people.admin.id, people.admin2.id]));
});

describe('the daily run', () => {
  it("mails each client admin one digest of their company's failed, expired and soon-due assets, by site, each linked", async () => {
    const runs = await run();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ namespaceId: t.demo.id, failed: 0 });
    expect(runs[0].mails).toBeGreaterThanOrEqual(2);

    const [mail, ...more] = await mailsTo(people.admin.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('3 assets due for inspection');
    expect(mail.text).toContain('Dear remind.admin,');
    expect(mail.text).toContain(REMINDERS.intro('Reminder Test Cranes', 15));
    // Sites by name; in a site, the most urgent first; the archived asset and the one due in 40 days are not listed.
    const alpha = mail.text.indexOf('Alpha Yard:');
    const zeta = mail.text.indexOf('Zeta Yard:');
    expect(alpha).toBeGreaterThan(0);
    expect(zeta).toBeGreaterThan(alpha);
    expect(mail.text.indexOf('Expired Hoist')).toBeLessThan(mail.text.indexOf('Soon Sling'));
    expect(mail.text.indexOf('Failed Crane')).toBeGreaterThan(zeta);
    expect(mail.text).toMatch(/Soon Sling \(.+, SS-1\): Due .+, in 10 days/);
    expect(mail.text).toContain('Failed Crane');
    expect(mail.text).toMatch(/Failed Crane \(.+\): Failed\n/);
    expect(mail.text).not.toContain('Later Shackle');
    expect(mail.text).not.toContain('Archived Winch');
    for (const [site, asset] of [
      [ids.siteA, ids.expired],
      [ids.siteA, ids.soon],
      [ids.siteB, ids.failed],
    ]) {
      expect(mail.text).toContain(`${BASE}/resources/assets?site=${site}&asset=${asset}`);
      expect(mail.html).toContain(`href="${BASE}/resources/assets?site=${site}&amp;asset=${asset}"`);
    }
    expect(mail.text).not.toContain(`asset=${otherCompanyAsset}&`);
    expect(mail.html).toContain(REMINDERS.turnOff);
    expect(optOutPath(mail.text)).toMatch(new RegExp(`^/reminders/off/${people.admin.id}\\.`));

    // Only the configured role: the site user and the client user get nothing.
    expect(await mailsTo(people.siteUser.email)).toHaveLength(0);
    expect(await mailsTo(people.clientUser.email)).toHaveLength(0);
  });

  it('sends nothing to a company with nothing due', async () => {
    await run();
    expect(await mailsTo(people.admin.email)).toHaveLength(1);
    expect(await mailsTo(people.quiet.email)).toHaveLength(0);
  });

  it('runs once a day: a second run sends nothing, and of two runs at once only one mails', async () => {
    expect(await run()).toHaveLength(1);
    expect(await run()).toEqual([]);
    expect(await mailsTo(people.admin.email)).toHaveLength(1);

    await freshDay();
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.length + second.length).toBe(1);
    expect(await mailsTo(people.admin.email)).toHaveLength(1);
    expect(await mailsTo(people.admin2.email)).toHaveLength(1);
    const claims = await t.app.db.select().from(reminderRuns).where(eq(reminderRuns.namespaceId, t.demo.id));
    expect(claims).toHaveLength(1);
    expect(claims[0].finishedAt).not.toBeNull();
    expect(claims[0].mails).toBe([...first, ...second][0].mails);
  });

  it('respects the switch: off, or no document, sends nothing and takes no day', async () => {
    await setConfig({ enabled: false, windowDays: 15 });
    expect(await run()).toEqual([]);
    await setConfig({ windowDays: 15 });
    expect(await run()).toEqual([]);
    expect(await mailsTo(people.admin.email)).toHaveLength(0);
    expect(await t.app.db.select().from(reminderRuns).where(eq(reminderRuns.namespaceId, t.demo.id))).toHaveLength(0);
    // The other namespace has no document: its users are never mailed.
    expect(await runDueReminders({ db: t.app.db, mailer: t.app.mailer, publicUrl: BASE }, { namespaceIds: [t.acme.id] })).toEqual([]);
  });

  it('respects the roles and the window: a site user gets only their sites, a longer window lists more', async () => {
    await setConfig({ enabled: true, windowDays: 45, roles: ['SITE-USER'] });
    await run();
    expect(await mailsTo(people.admin.email)).toHaveLength(0);
    const [mail] = await mailsTo(people.siteUser.email);
    expect(mail.subject).toBe('2 assets due for inspection');
    expect(mail.text).toContain('Alpha Yard:');
    expect(mail.text).not.toContain('Zeta Yard');

    await freshDay();
    await setConfig({ enabled: true, windowDays: 45 });
    await run();
    const [wide] = await mailsTo(people.admin.email);
    expect(wide.subject).toBe('4 assets due for inspection');
    expect(wide.text).toContain('Later Shackle');
  });
});

describe('the mails of a run', () => {
  it('are rendered once per list and still say exactly what each recipient’s own mail says', async () => {
    const asset = (id: number, status: 'Failed' | 'Expired' | 'Due Shortly', due: string | null, days: number | null) => ({
      company_id: 7,
      site_id: 3,
      site: 'Yard <A> & "B"',
      asset_id: id,
      asset: `Hoist ${id} & <co>`,
      serial_number: id % 2 ? `S'${id}` : null,
      asset_type: 'Chain "Block"',
      due_date: due,
      item_status: status,
      days_left: days,
    });
    const sites = [
      {
        id: 3,
        name: 'Yard <A> & "B"',
        assets: [asset(1, 'Failed', null, null), asset(2, 'Expired', '2026-01-02', -3), asset(3, 'Due Shortly', '2026-01-09', 1)],
      },
    ];
    const digests: Digest[] = [
      { userId: 11, email: 'a@x.test', name: 'Ann O\'Brien & <Sons> "Ltd"', company: 'Acme & Co', sites },
      { userId: 12, email: 'b@x.test', name: 'Bob', company: 'Acme & Co', sites },
      { userId: 13, email: 'c@x.test', name: 'Cy', company: 'Acme & Co', sites: [{ ...sites[0], assets: sites[0].assets.slice(1) }] },
    ];
    const base = 'https://portal.example/a?b=1&c=2';
    const render = reminderRenderer({ base }, 30);
    for (const digest of digests) {
      const token = `${digest.userId}.tok&<'">`;
      const { content, rendered } = await render(digest, token);
      const own = reminderMail(digest, { base, optOut: `${base}/reminders/off/${token}` }, 30);
      expect(content).toEqual(own);
      expect(rendered.text).toBe(mailText(own));
      expect(rendered.html).toBe(await mailHtml(own));
    }
  });
});

describe('the opt-out link', () => {
  async function linkOf(email: string) {
    await run();
    const [mail] = await mailsTo(email);
    return optOutPath(mail.text);
  }

  it('works without sign-in, for its own user only, and the next run leaves that user out', async () => {
    const path = await linkOf(people.admin.email);
    const page = await t.anonymous.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(REMINDERS.confirmTitle);
    expect(page.body).toContain('remind.admin@demo.test');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(page.body).not.toContain('<script');
    // Opening the link (a mail scanner does) changes nothing; the button does.
    expect(await t.app.db.select().from(reminderOptOuts).where(eq(reminderOptOuts.userId, people.admin.id))).toHaveLength(0);

    const off = await t.anonymous.post(path);
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain(REMINDERS.offTitle);
    const again = await t.anonymous.post(path);
    expect(again.statusCode).toBe(200);
    expect((await t.anonymous.get(path)).body).toContain(REMINDERS.offTitle);
    const rows = await t.app.db
      .select()
      .from(reminderOptOuts)
      .where(inArray(reminderOptOuts.userId, [people.admin.id, people.admin2.id]));
    expect(rows.map((r) => r.userId)).toEqual([people.admin.id]);

    await freshDay();
    await run();
    expect(await mailsTo(people.admin.email)).toHaveLength(0);
    expect(await mailsTo(people.admin2.email)).toHaveLength(1);
  });

  it('refuses a changed token, another user with this token, and garbage, with a page and no change', async () => {
    const path = await linkOf(people.admin.email);
    const token = path.split('/').pop() as string;
    const [, mac] = token.split('.');
    // The last character carries 2 bits of the MAC and 4 spare ones: 'B' spells the same bytes as
    // 'A', and the server must refuse that spelling too.
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = `${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac[21]) ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    const hostile = [
      `${people.admin.id}.${flipped}`,
      `${people.admin.id}.${respelled}`,
      `${people.admin2.id}.${mac}`,
      `${people.admin.id}`,
      `${people.admin.id}.${mac}.x`,
      `0${people.admin.id}.${mac}`,
      `99999999999.${mac}`,
      '__proto__',
      'constructor',
      '1.AAAAAAAAAAAAAAAAAAAAAA',
      encodeURIComponent('<script>alert(1)</script>'),
      'x'.repeat(190),
    ];
    for (const bad of hostile) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await t.anonymous.request({ method, url: `/reminders/off/${bad}` });
        expect(answer.statusCode, `${method} ${bad.slice(0, 40)}`).toBe(404);
        expect(answer.body).toContain(REMINDERS.badTitle);
        expect(answer.body).not.toContain('<script>alert');
      }
    }
    // Longer than any route parameter: no route of ours answers (the web app's fallback may).
    const long = await t.anonymous.get(`/reminders/off/${'x'.repeat(2500)}`);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.body).not.toContain(REMINDERS.offTitle);
    expect((await t.anonymous.get('/reminders/off/1.%00')).statusCode).toBe(400);
    expect(
      await t.app.db
        .select()
        .from(reminderOptOuts)
        .where(inArray(reminderOptOuts.userId, [people.admin.id, people.admin2.id])),
    ).toEqual([]);
  });
});

describe('one’s own reminders on the profile', () => {
  it('shows and turns them back on or off for the signed-in user only', async () => {
    const admin = await t.login(people.admin.email);
    const first = await admin.get('/api/profile/reminders');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ enabled: true, applies: true, windowDays: 15 });

    const off = await admin.post('/api/profile/reminders', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, applies: true });
    await run();
    expect(await mailsTo(people.admin.email)).toHaveLength(0);
    expect(await mailsTo(people.admin2.email)).toHaveLength(1);

    const on = await admin.post('/api/profile/reminders', { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true });
    expect((await t.login(people.admin2.email)).token).not.toBeNull();
    expect((await admin.get('/api/profile/reminders')).json()).toMatchObject({ enabled: true });
  });

  it('says when one’s role gets no reminders; refuses bad input and no session', async () => {
    const site = await t.login(people.siteUser.email);
    expect((await site.get('/api/profile/reminders')).json()).toMatchObject({ applies: false });
    const scheduler = await t.login('scheduler@demo.test');
    expect((await scheduler.get('/api/profile/reminders')).json()).toMatchObject({ applies: false });
    const bad = await scheduler.post('/api/profile/reminders', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect((await t.anonymous.get('/api/profile/reminders')).statusCode).toBe(401);
    expect((await t.anonymous.post('/api/profile/reminders', { enabled: false })).statusCode).toBe(401);
  });
});

describe('the configuration', () => {
  it('is checked on save like the other documents the portal reads', async () => {
    const admin = await t.login('config_admin@demo.test');
    const save = (configJson: unknown) =>
      admin.post('/api/Setting', {
        objectType: 'Config',
        id: t.demo.configurations[DUE_REMINDERS_CONFIG_NAME],
        name: DUE_REMINDERS_CONFIG_NAME,
        configJson,
      });
    const wrongRole = await save(JSON.stringify({ enabled: true, roles: ['SCHEDULER'] }));
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().error).toContain('roles[0]: "SCHEDULER" is not a client role');
    const wrongWindow = await save({ enabled: true, windowDays: 400 });
    expect(wrongWindow.statusCode).toBe(400);
    expect(wrongWindow.json().error).toContain('windowDays: must be between 0 and 366');
    const unknownKey = await save({ enabled: true, windowdays: 10 });
    expect(unknownKey.statusCode).toBe(400);
    const good = await save(JSON.stringify({ enabled: true, windowDays: 30, roles: ['CLIENT-ADMIN', 'SITE-USER'] }));
    expect(good.statusCode).toBe(200);
    expect(good.json().known).toBe('Due reminders');
  });
});
