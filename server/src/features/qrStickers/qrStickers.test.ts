import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QR_STICKER_SIZES, QR_STICKERS, STICKER_SERIAL_PATTERN, sheetLayout, sheetPageCount } from '@portal/contracts';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { configurations, qrStickerBatches, qrStickers } from '../../db/schema';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import { inTransaction } from '../../db/transaction';
import type { MailMessage } from '../../lib/mail';
import { addMonths } from '../tasks';
import { assignStickerSerial } from '../assets/stickerSerial';
import { randomStickerSerials } from './qrStickers.service';
import { renderStickerSheet } from './qrStickers.sheet';

/**
 * QR stickers (issue 11): the sheet request (options, roles, the namespace switch, unique
 * serials, the PDF and its mail), assignment through the asset's Serial Number, and the
 * Asset History by sticker, whose refusals all look the same.
 */
let t: TestContext;
let loAdmin: Client;
let scheduler: Client;
let clientUser: Client;
let siteUser: Client;
let acmeScheduler: Client;

const pageCount = (pdf: Buffer) => Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);
const scopeOf = (ns: SeededNamespace) => ({ namespaceId: ns.id, userId: 0, role: 'LO-ADMIN' as const, companyId: null, siteIds: null });
const request = (quantity = 12, size = '38mm', color = 'Blue') => ({ size, color, quantity, createdBy: 1 });

async function download(client: Client, blobKey: string) {
  return client.get(`/api/filedownload?id=${blobKey}`);
}

/** A new asset of the namespace's first client (or `clientIndex`), on its first site, with this Serial Number. */
async function assetWith(ns: SeededNamespace, serialNumber: string | null, clientIndex = 0, siteIndex = 0): Promise<number> {
  const c = ns.clients[clientIndex];
  const [row] = await inTransaction(t.app.db, null, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name, serial_number)
          values (${ns.id}::int, ${c.id}::int, ${c.siteIds[siteIndex]}::int, ${Object.values(ns.assetTypeIds)[0]}::int,
                  ${`Sticker asset ${Math.random().toString(36).slice(2, 9)}`}, ${serialNumber})
          returning id`,
    ),
  );
  return Number(row.id);
}

/** An approved task (status 16) with a certificate on the asset, and an open one that must not be listed. */
async function inspectionsOf(ns: SeededNamespace, assetId: number) {
  const [asset] = await queryRows<{ company_id: number; site_id: number; asset_type_id: number }>(
    t.app.db,
    sql`select company_id, site_id, asset_type_id from assets where id = ${assetId}::int`,
  );
  await inTransaction(t.app.db, null, async (tx) => {
    const [type] = await queryRows<{ id: number; division_id: number }>(
      tx,
      sql`select id, division_id from task_types where namespace_id = ${ns.id}::int and status = 1 order by id limit 1`,
    );
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
          values (${ns.id}::int, ${`QR-${assetId}`}, 'Sticker job', ${asset.company_id}::int, ${asset.site_id}::int, now(),
                  ${ns.offices[0].id}::int, ${ns.accounts[`field-engg@${ns.name}.test`]}::int)
          returning id`,
    );
    for (const [status, number, result] of [
      [16, `CERT-${assetId}-1`, 1],
      [16, `CERT-${assetId}-2`, 2],
      [1, null, null],
    ] as const) {
      await tx.execute(
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, status,
                               result, certificate_number, certificate_date, actual_inspection_date, due_date)
            values (${ns.id}::int, ${job.id}::int, 'Sticker task', ${type.id}::int, ${type.division_id}::int, ${asset.asset_type_id}::int,
                    ${assetId}::int, ${asset.site_id}::int, ${status}::int, ${result}::int, ${number},
                    ${number ? sql`now() - interval '10 days'` : null}, ${number ? sql`now() - interval '${sql.raw(String(result))} months'` : null},
                    ${number ? sql`now() + interval '6 months'` : null})`,
      );
    }
  });
}

beforeAll(async () => {
  t = await createTestContext();
  [loAdmin, scheduler, clientUser, siteUser, acmeScheduler] = await Promise.all([
    t.login('lo-admin@demo.test'),
    t.login('scheduler@demo.test'),
    t.login('client-user@demo.test'),
    t.login('site-user@demo.test'),
    t.login('scheduler@acme.test'),
  ]);
});
afterAll(() => t?.close());

describe('POST /api/QRCodeWithImage', () => {
  it('makes unique serials, keeps the PDF sheet for download and mails it to the requester', async () => {
    const sent: MailMessage[] = [];
    const spy = vi.spyOn(t.app.mailer, 'send').mockImplementation(async (message) => {
      sent.push(message);
    });
    try {
      const response = await scheduler.post('/api/QRCodeWithImage', request(24, '50mm', 'Green'));
      expect(response.statusCode, response.body).toBe(200);
      const { message, batch } = response.json();
      expect(message).toBe(QR_STICKERS.saved);
      expect(batch).toMatchObject({ size: '50mm', color: 'Green', quantity: 24, requestedBy: expect.any(String) });
      const serials = await t.app.db.select().from(qrStickers).where(eq(qrStickers.batchId, batch.id));
      expect(serials).toHaveLength(24);
      expect(new Set(serials.map((s) => s.serial)).size).toBe(24);
      for (const s of serials) {
        expect(s.serial).toMatch(STICKER_SERIAL_PATTERN);
        expect(s.namespaceId).toBe(t.demo.id);
        expect(s.assignedAssetId).toBeNull();
      }
      // The mail: to the signed-in scheduler, with the sheet attached.
      expect(sent).toHaveLength(1);
      expect(sent[0].to).toBe('scheduler@demo.test');
      expect(sent[0].attachments).toHaveLength(1);
      const attached = sent[0].attachments?.[0];
      expect(attached?.contentType).toBe('application/pdf');
      expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(attached?.content ?? Buffer.alloc(0))).toBe(2);
      // Kept for download: listed, and served to users of the screen only.
      const list = await scheduler.get('/api/QRCodeWithImage');
      expect(list.statusCode).toBe(200);
      expect(list.json()[0]).toMatchObject({ id: batch.id, blobKey: batch.blobKey });
      const file = await download(loAdmin, batch.blobKey);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(attached?.content ?? Buffer.alloc(0))).toBe(true);
      expect((await download(clientUser, batch.blobKey)).statusCode).toBe(404);
      expect((await download(acmeScheduler, batch.blobKey)).statusCode).toBe(404);
      expect((await acmeScheduler.get('/api/QRCodeWithImage')).json().map((b: { id: number }) => b.id)).not.toContain(batch.id);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps the mail in the outbox with the attachment named (no SMTP in tests)', async () => {
    const response = await loAdmin.post('/api/QRCodeWithImage', request(12, '25mm', 'Black'));
    expect(response.statusCode, response.body).toBe(200);
    const rows = await queryRows<{ to_address: string; text_body: string }>(
      t.app.db,
      sql`select to_address, text_body from mail_outbox order by id desc limit 1`,
    );
    expect(rows[0].to_address).toBe('lo-admin@demo.test');
    expect(rows[0].text_body).toContain(`[attachments: ${response.json().batch.fileName}]`);
  });

  // How long the 480 take is bench figure o (npm run bench), not a timed test.
  it('draws 480 unique serials in one request', async () => {
    const response = await loAdmin.post('/api/QRCodeWithImage', request(480, '25mm', 'Red'));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await queryRows<{ n: number; distinct: number }>(
      t.app.db,
      sql`select count(*)::int as n, count(distinct serial)::int as distinct from qr_stickers where batch_id = ${response.json().batch.id}::int`,
    );
    expect(row).toEqual({ n: 480, distinct: 480 });
  });

  it.each([
    ['size', { size: '30mm' }],
    ['color', { color: 'Yellow' }],
    ['quantity', { quantity: 100 }],
    ['quantity', { quantity: 0 }],
    ['size', { size: undefined }],
  ])('refuses a bad %s with 400', async (field, change) => {
    const before = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(qrStickerBatches))[0].n;
    const response = await loAdmin.post('/api/QRCodeWithImage', { ...request(), ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    expect((await t.app.db.select({ n: sql<number>`count(*)::int` }).from(qrStickerBatches))[0].n).toBe(before);
  });

  it('needs a session (401) and a role of the screen (403)', async () => {
    expect((await t.anonymous.post('/api/QRCodeWithImage', request())).statusCode).toBe(401);
    expect((await clientUser.post('/api/QRCodeWithImage', request())).statusCode).toBe(403);
    expect((await clientUser.get('/api/QRCodeWithImage')).statusCode).toBe(403);
    const corporate = await t.login('corporate@demo.test');
    expect((await corporate.post('/api/QRCodeWithImage', request())).statusCode).toBe(403);
  });

  it('is refused (403) where the namespace has the qrSticker switch off', async () => {
    const id = t.acme.configurations.namespaceFeatures;
    const [before] = await t.app.db.select().from(configurations).where(eq(configurations.id, id));
    await inTransaction(t.app.db, null, (tx) =>
      tx
        .update(configurations)
        .set({ configJson: { ...(before.configJson as object), qrSticker: false } })
        .where(eq(configurations.id, id)),
    );
    try {
      const response = await acmeScheduler.post('/api/QRCodeWithImage', request());
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(QR_STICKERS.notEnabled);
      expect((await acmeScheduler.get('/api/QRCodeWithImage')).statusCode).toBe(403);
    } finally {
      await inTransaction(t.app.db, null, (tx) =>
        tx.update(configurations).set({ configJson: before.configJson }).where(eq(configurations.id, id)),
      );
    }
    expect((await acmeScheduler.post('/api/QRCodeWithImage', request())).statusCode).toBe(200);
  });
});

describe('the sheet', () => {
  it.each(QR_STICKER_SIZES.map((size) => [size]))('lays 480 stickers of %s on the right number of A4 pages', async (size) => {
    const pdf = await renderStickerSheet({
      serials: randomStickerSerials(480),
      size,
      color: 'Blue',
      loginUrl: 'https://portal.example.test/login',
      providerName: 'Demo',
      logo: null,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(sheetPageCount(size, 480));
    expect(sheetPageCount(size, 480)).toBe({ '25mm': 10, '38mm': 20, '50mm': 40 }[size]);
  });

  it('fits the spec\'s "12 in 1 A4 (5x5 cm)" at 50 mm', () => {
    expect(sheetLayout('50mm').perPage).toBe(12);
  });
});

describe('assignStickerSerial', () => {
  let serials: string[];
  let acmeSerial: string;
  beforeAll(async () => {
    const ours = await loAdmin.post('/api/QRCodeWithImage', request(12));
    serials = (await t.app.db.select().from(qrStickers).where(eq(qrStickers.batchId, ours.json().batch.id))).map((s) => s.serial);
    const theirs = await acmeScheduler.post('/api/QRCodeWithImage', request(12));
    acmeSerial = (await t.app.db.select().from(qrStickers).where(eq(qrStickers.batchId, theirs.json().batch.id)))[0].serial;
  });

  it('assigns a sticker to an asset, typed in lower case with a hyphen, and moves it on a change', async () => {
    const assetId = await assetWith(t.demo, null);
    const typed = `${serials[0].slice(0, 5).toLowerCase()}-${serials[0].slice(5)}`;
    const answer = await inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), assetId, typed));
    expect(answer).toBe(serials[0]);
    const sticker = async (serial: string) => (await t.app.db.select().from(qrStickers).where(eq(qrStickers.serial, serial)))[0];
    expect((await sticker(serials[0])).assignedAssetId).toBe(assetId);
    await inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), assetId, serials[1]));
    expect((await sticker(serials[0])).assignedAssetId).toBeNull();
    expect((await sticker(serials[1])).assignedAssetId).toBe(assetId);
    // An ordinary serial number releases the sticker and assigns nothing.
    expect(await inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), assetId, 'SN-4711'))).toBeNull();
    expect((await sticker(serials[1])).assignedAssetId).toBeNull();
  });

  it("refuses (409) a sticker on another asset and another namespace's sticker", async () => {
    const first = await assetWith(t.demo, null);
    const second = await assetWith(t.demo, null);
    await inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), first, serials[2]));
    await expect(inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), second, serials[2]))).rejects.toMatchObject(
      {
        statusCode: 409,
        message: QR_STICKERS.stickerOnOtherAsset(serials[2]),
      },
    );
    // Taken by Serial Number alone (an asset saved before assignments existed) counts too.
    await assetWith(t.demo, serials[3]);
    await expect(inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), second, serials[3]))).rejects.toMatchObject(
      {
        statusCode: 409,
      },
    );
    await expect(inTransaction(t.app.db, null, (tx) => assignStickerSerial(tx, scopeOf(t.demo), second, acmeSerial))).rejects.toMatchObject(
      {
        statusCode: 409,
        message: QR_STICKERS.stickerOfOtherNamespace,
      },
    );
  });

  it('is what saving an asset with that Serial Number does (POST /api/Location): assigned, or 409 with nothing saved', async () => {
    const c = t.demo.clients[0];
    const save = (name: string, serialNumber: string) =>
      scheduler.post('/api/Location', {
        objectType: 'ASSET',
        assetTypeId: Object.values(t.demo.assetTypeIds)[0],
        companyId: c.id,
        parentId: c.siteIds[0],
        name,
        serialNumber,
      });
    const saved = await save(`Stickered ${serials[4]}`, serials[4].toLowerCase());
    expect(saved.statusCode, saved.body).toBe(200);
    const [sticker] = await t.app.db.select().from(qrStickers).where(eq(qrStickers.serial, serials[4]));
    expect(sticker.assignedAssetId).toBe(saved.json().id);
    // The same sticker on a second asset: refused, and that asset is not created.
    const refused = await save(`Second ${serials[4]}`, serials[4]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(QR_STICKERS.stickerOnOtherAsset(serials[4]));
    const [{ n }] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from assets where name = ${`Second ${serials[4]}`}`,
    );
    expect(n).toBe(0);
  });
});

describe('GET /api/Observation/AssetBySerial (sign-in by sticker)', () => {
  let visible: string;
  let otherCompany: string;
  let otherSite: string;
  let unassigned: string;
  let acmeAssigned: string;
  let visibleAssetId: number;

  beforeAll(async () => {
    const batch = await loAdmin.post('/api/QRCodeWithImage', request(12));
    const serials = (await t.app.db.select().from(qrStickers).where(eq(qrStickers.batchId, batch.json().batch.id))).map((s) => s.serial);
    [visible, otherCompany, otherSite, unassigned] = serials;
    visibleAssetId = await assetWith(t.demo, visible.toLowerCase());
    await inspectionsOf(t.demo, visibleAssetId);
    await assetWith(t.demo, otherCompany, 1);
    const siteCount = t.demo.clients[0].siteIds.length;
    if (siteCount > 1) await assetWith(t.demo, otherSite, 0, 1);
    const theirs = await acmeScheduler.post('/api/QRCodeWithImage', request(12));
    acmeAssigned = (await t.app.db.select().from(qrStickers).where(eq(qrStickers.batchId, theirs.json().batch.id)))[0].serial;
    const acmeAsset = await assetWith(t.acme, acmeAssigned);
    await inTransaction(t.app.db, null, (tx) =>
      tx
        .update(qrStickers)
        .set({ assignedAssetId: acmeAsset })
        .where(and(eq(qrStickers.serial, acmeAssigned))),
    );
  });

  it("answers the asset's approved reports, newest first, to a client user of its company", async () => {
    const response = await clientUser.get(`/api/Observation/AssetBySerial?asn=${visible}&offset=0&limit=50`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.asset).toMatchObject({ id: visibleAssetId });
    expect(body.total).toBe(2);
    expect(body.rows.map((r: { certificateNumber: string }) => r.certificateNumber)).toEqual([
      `CERT-${visibleAssetId}-1`,
      `CERT-${visibleAssetId}-2`,
    ]);
    expect(body.rows[0]).toMatchObject({
      result: 1,
      certificateBlobKey: null,
      inspectionDate: expect.any(String),
      dueDate: expect.any(String),
    });
    // Next Due Date is the certificate's (DECISIONS 9): inspection + the task type's validity for
    // the Pass, none for the Fail ('After repair'); never the planned date (now + 6 months here).
    const [{ validity }] = await queryRows<{ validity: number }>(
      t.app.db,
      sql`select tt.validity from task_types tt join tasks t on t.task_type_id = tt.id where t.certificate_number = ${`CERT-${visibleAssetId}-1`}`,
    );
    expect(body.rows[0].dueDate).toBe(addMonths(new Date(body.rows[0].inspectionDate), validity).toISOString());
    expect(body.rows[1]).toMatchObject({ result: 2, dueDate: null });
    // The LO side sees it too; paging is honoured.
    const page = await scheduler.get(`/api/Observation/AssetBySerial?asn=${visible}&offset=1&limit=1`);
    expect(page.json().rows).toHaveLength(1);
    expect(page.json().total).toBe(2);
  });

  it('answers one and the same 404 for a sticker of another company, site or namespace, an unassigned one and a non-serial', async () => {
    const cases = [otherCompany, unassigned, acmeAssigned, 'NOTASERIAL', 'ZZZZZZZZZZ'];
    if (t.demo.clients[0].siteIds.length > 1) {
      const site = await siteUser.get(`/api/Observation/AssetBySerial?asn=${otherSite}`);
      expect(site.statusCode).toBe(404);
      expect(site.json()).toEqual({ error: QR_STICKERS.notVisible });
    }
    for (const asn of cases) {
      const response = await clientUser.get(`/api/Observation/AssetBySerial?asn=${asn}`);
      expect(response.statusCode, asn).toBe(404);
      expect(response.json()).toEqual({ error: QR_STICKERS.notVisible });
    }
    // The acme sticker is visible in acme, and only there.
    expect((await acmeScheduler.get(`/api/Observation/AssetBySerial?asn=${acmeAssigned}`)).statusCode).toBe(200);
    expect((await acmeScheduler.get(`/api/Observation/AssetBySerial?asn=${visible}`)).statusCode).toBe(404);
  });

  it('needs a session and an asset reader, and a valid query', async () => {
    expect((await t.anonymous.get(`/api/Observation/AssetBySerial?asn=${visible}`)).statusCode).toBe(401);
    const corporate = await t.login('corporate@demo.test');
    expect((await corporate.get(`/api/Observation/AssetBySerial?asn=${visible}`)).statusCode).toBe(403);
    expect((await clientUser.get('/api/Observation/AssetBySerial')).statusCode).toBe(400);
    expect((await clientUser.get(`/api/Observation/AssetBySerial?asn=${visible}&limit=51`)).statusCode).toBe(400);
  });
});
