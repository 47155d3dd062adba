import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS } from '@portal/contracts';
import { certificates, files, jobs, tasks, taskTypes } from '../../db/schema';
import { fileContent } from '../../lib/blobs';
import { normaliseImage } from '../../lib/images';
import { createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { enqueueTaskDocuments } from './enqueue';
import { renderStickerSheet } from '../qrStickers';
import { readSignatures, signedWith } from './pdfSignature';
import { Pdf } from './pdf';
import { drawTable } from './pdfTables';
import { CONTENT_WIDTH, MARGIN } from './pdfLayout';
import { renderCertificate } from './certificate';
import { renderReport } from './render';
import { SAMPLE_HIDDEN_TEXT, sampleDocumentData } from './sample';
import { signPdf } from './signing';
import { makeSigningKey } from './signingKeys';
import { drainDocumentJobs } from './worker';

/**
 * What a printer, an archive and an auditor's tools say of every document (issue 19 item 11):
 * qpdf --check clean, pdfsig valid over the whole file with a visible widget, PDF/A-2b
 * identification, tags and /Lang, headings kept with their content, photos embedded once at
 * print size with captions, hidden form fields absent. Uses qpdf, pdfsig and pdftotext
 * (poppler-utils and qpdf, installed by .ci/run).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-quality-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, pdf: Buffer) => {
  const at = path.join(dir, name);
  writeFileSync(at, pdf);
  return at;
};
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
};
const text = (at: string) => execFileSync('pdftotext', ['-layout', at, '-'], { encoding: 'utf8' });
const pageTexts = (at: string) => text(at).split('\f');

interface QpdfObject {
  value?: Record<string, unknown>;
  stream?: { dict: Record<string, unknown> };
}
/** Every object of the PDF as qpdf reads it (qpdf --json). */
function objects(at: string): { trailer: Record<string, unknown>; byRef: Map<string, QpdfObject> } {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=qpdf', at], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  const all = json.qpdf[1] as Record<string, QpdfObject>;
  const byRef = new Map<string, QpdfObject>();
  for (const [key, value] of Object.entries(all)) if (key.startsWith('obj:')) byRef.set(key.slice(4), value);
  return { trailer: all.trailer.value as Record<string, unknown>, byRef };
}
const dictOf = (o: QpdfObject | undefined) => (o?.stream?.dict ?? o?.value ?? {}) as Record<string, unknown>;

/** qpdf --check: exit 0, no warning. */
function expectQpdfClean(at: string) {
  const { status, out } = run('qpdf', ['--check', at]);
  expect(out).not.toMatch(/WARNING/i);
  expect(out).toContain('No syntax or stream encoding errors found');
  expect(status).toBe(0);
}

/** PDF/A-2b identification, tagged structure, /Lang, XMP, output intent. */
function expectArchivable(at: string, pdf: Buffer) {
  const { trailer, byRef } = objects(at);
  const root = dictOf(byRef.get(trailer['/Root'] as string));
  expect(root['/Lang']).toBe('u:en-GB');
  expect(dictOf(byRef.get(root['/MarkInfo'] as string))['/Marked']).toBe(true);
  expect(root['/StructTreeRoot']).toBeTruthy();
  expect(root['/OutputIntents']).toHaveLength(1);
  expect(dictOf(byRef.get(root['/Metadata'] as string))['/Subtype']).toBe('/XML');
  const xmp = pdf.toString('latin1');
  expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
  expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
  expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  expect(trailer['/ID']).toHaveLength(2);
  const types = new Set([...byRef.values()].map((o) => dictOf(o)['/S']).filter(Boolean));
  for (const type of ['/Document', '/Sect', '/H', '/P', '/Table', '/TR', '/TH', '/TD']) expect(types, type).toContain(type);
}

/** pdfsig: valid, over the whole document; the widget has an appearance and prints. */
function expectSigned(at: string) {
  const { out } = run('pdfsig', [at]);
  expect(out).toContain('Signature Validation: Signature is Valid.');
  expect(out).toContain('Total document signed');
  const { byRef } = objects(at);
  const widgets = [...byRef.values()].map(dictOf).filter((d) => d['/Subtype'] === '/Widget' && d['/FT'] === '/Sig');
  expect(widgets).toHaveLength(1);
  expect(widgets[0]['/F']).toBe(4);
  const ap = widgets[0]['/AP'] as Record<string, string>;
  expect(dictOf(byRef.get(ap['/N']))['/Subtype']).toBe('/Form');
  const rect = widgets[0]['/Rect'] as number[];
  expect(rect[2] - rect[0]).toBeGreaterThan(100);
}

const verificationUrl = 'https://portal.example.test/verify/AbCdEfGhIjKlMnOpQrStUv';
let key: { p12: Buffer; passphrase: string };
let photo: Buffer;
let hugeSignature: Buffer;

beforeAll(async () => {
  const stored = await makeSigningKey('Gulf Lifting Inspection Services LLC');
  key = { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
  // A camera-sized photo, and a 6300x6300 transparent signature as stored before uploads were scaled.
  photo = await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 60 })
    .toBuffer();
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="6300" height="6300" viewBox="0 0 600 600"><path d="M40 380 C 120 200, 180 520, 260 320 S 380 200, 440 360" stroke="#12307a" stroke-width="14" fill="none"/></svg>`;
  hugeSignature = await sharp(Buffer.from(stroke)).png().toBuffer();
});

describe('every document type passes qpdf --check, and the signed ones pdfsig', () => {
  it('certificate preview and final, field report, full report, sticker sheet', async () => {
    const data = sampleDocumentData(40, { photos: [photo], photoItems: 5, hiddenValues: true });
    const options = { final: true, verificationUrl, issuedAt: new Date() };
    const sign = (pdf: Buffer) => signPdf(pdf, key, { name: data.provider.name, reason: 'Certificate', location: 'Dubai' });

    const preview = await renderCertificate(data, { final: false, verificationUrl: null, issuedAt: new Date() });
    const previewAt = file('preview.pdf', preview);
    expectQpdfClean(previewAt);
    expectArchivable(previewAt, preview);

    for (const [name, pdf] of [
      ['certificate.pdf', await sign(await renderCertificate(data, options))],
      ['field-report.pdf', await sign(await renderReport(data, { ...options, full: false }))],
      ['full-report.pdf', await sign(await renderReport(data, { ...options, full: true }))],
    ] as const) {
      const at = file(name, pdf);
      expectQpdfClean(at);
      expectArchivable(at, pdf);
      expectSigned(at);
      // The visible signature names the provider on the last page (drawn as outlines, so not as text).
      expect(readSignatures(pdf)[0].coversWholeFile).toBe(true);
    }

    const sheet = await renderStickerSheet({
      serials: ['ABCDEFGHJK', 'BCDEFGHJKM', 'CDEFGHJKMN'],
      size: '38mm',
      color: 'Blue',
      loginUrl: 'https://portal.example.test/login',
      providerName: 'Gulf Lifting & Sons',
      logo: hugeSignature,
    });
    expectQpdfClean(file('stickers.pdf', sheet));
  });
});

describe('the full checklist report', () => {
  it('embeds a photo used five times once, at print size, with a caption naming item and field each time; hides hidden fields; no filler lines', async () => {
    const data = sampleDocumentData(12, { photos: [photo], photoItems: 5, hiddenValues: true });
    const pdf = await renderReport(data, { final: false, verificationUrl: null, issuedAt: new Date(), full: true });
    const at = file('photos.pdf', pdf);
    expectQpdfClean(at);
    const { byRef } = objects(at);
    const images = [...byRef.values()].map(dictOf).filter((d) => d['/Subtype'] === '/Image' && d['/ColorSpace'] === '/DeviceRGB');
    // The logo and the photo: one object each, the photo at most 800 pixels (print size).
    const photos = images.filter((d) => (d['/Width'] as number) > 200);
    expect(photos).toHaveLength(1);
    expect(Math.max(photos[0]['/Width'] as number, photos[0]['/Height'] as number)).toBeLessThanOrEqual(800);
    expect(pdf.length).toBeLessThan(photo.length + 300_000);

    const all = text(at).replace(/\s+/g, ' ');
    const items = data.checklist?.sections.flatMap((s) => s.items) ?? [];
    for (const item of items.slice(0, 5)) expect(all).toContain(`${item.name} · Plate photo`);
    expect(all).not.toContain(SAMPLE_HIDDEN_TEXT);
    expect(all).not.toContain('Defect details');
    expect(all).toContain('Defect found');
    expect(all).not.toContain('No data recorded');
  });
});

describe('headings', () => {
  it('are kept with the first block of their content, never left at a page foot', async () => {
    const pdf = new Pdf({ title: 'Keep with next', author: 'Test', subject: 'Headings' });
    pdf.y = pdf.bottom - 40; // room for a heading, not for a heading and its table
    pdf.heading('Load test');
    drawTable(
      pdf,
      [
        { title: 'Item', width: CONTENT_WIDTH - 80 },
        { title: 'Result', width: 80 },
      ],
      [['Static test at 125%', 'Pass']],
    );
    pdf.y = pdf.bottom - 30;
    pdf.heading('Declaration');
    pdf.ensure(60);
    pdf.textAt('We certify that the equipment was examined.', MARGIN.left, pdf.y);
    const at = file('headings.pdf', await pdf.finish({ left: 'left', right: 'right', watermark: 'PREVIEW' }));
    const pages = pageTexts(at);
    expect(pages[0]).not.toContain('LOAD TEST');
    expect(pages[1]).toMatch(/LOAD TEST[\s\S]*Static test at 125%/);
    expect(pages[1]).not.toContain('DECLARATION');
    expect(pages[2]).toMatch(/DECLARATION[\s\S]*We certify/);
  });
});

describe('images', () => {
  it('an old 6300x6300 signature does not stall a certificate: scaled once, embedded small', async () => {
    const data = sampleDocumentData(10, { signature: hugeSignature });
    const options = { final: true, verificationUrl, issuedAt: new Date() };
    // The first one scales it (off the main thread); the time a certificate takes is bench
    // figure h, not a timed test: here the embedded image is what shows it was scaled.
    await renderCertificate(data, options);
    const pdf = await renderCertificate(data, options);
    const { byRef } = objects(file('huge-signature.pdf', pdf));
    const sizes = [...byRef.values()]
      .map(dictOf)
      .filter((d) => d['/Subtype'] === '/Image')
      .map((d) => Math.max(d['/Width'] as number, d['/Height'] as number));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1200);
  });

  it('the same signature through the upload scaling is stored at most 1200 pixels wide', async () => {
    const stored = await normaliseImage(hugeSignature, 'png', 'signature');
    expect(stored).toMatchObject({ kind: 'png', width: 1200, height: 1200 });
    expect(await sharp(stored.data as Buffer).metadata()).toMatchObject({ width: 1200, hasAlpha: true });
  });
});

describe('"Check a PDF" reads the signature of hostile files without failing', () => {
  it('garbage, absurd byte ranges and a broken CMS are no signature; a foreign key is not ours', async () => {
    const data = sampleDocumentData(5);
    const signed = await signPdf(await renderCertificate(data, { final: true, verificationUrl, issuedAt: new Date() }), key, {
      name: 'x',
      reason: 'y',
      location: 'z',
    });
    const [own] = readSignatures(signed);
    const stored = await makeSigningKey('Someone else');
    const pemOf = (k: { p12: string; passphrase: string }) => {
      const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(k.p12, 'base64').toString('binary')), false, k.passphrase);
      return forge.pki.certificateToPem(
        p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0].cert as forge.pki.Certificate,
      );
    };
    const ours = pemOf({ p12: key.p12.toString('base64'), passphrase: key.passphrase });
    expect(new X509Certificate(ours).subject).toContain('Gulf Lifting');
    expect(signedWith(own, ours)).toBe(true);
    expect(signedWith(own, pemOf(stored))).toBe(false);

    expect(readSignatures(Buffer.from('not a pdf at all'))).toEqual([]);
    expect(readSignatures(Buffer.from('%PDF-1.7 /ByteRange [0 99999999999999 99999999999999 99999999999999] /Contents <00>'))).toEqual([]);
    expect(readSignatures(Buffer.from(`/ByteRange [0 10 20 ${Number.MAX_SAFE_INTEGER}]`))).toEqual([]);
    const broken = Buffer.from(signed);
    broken.write('3082FFFF', own.byteRange[1] + 1, 'latin1');
    for (const s of readSignatures(broken)) expect(signedWith(s, ours)).toBe(false);
    const tampered = Buffer.from(signed);
    tampered[100] ^= 1;
    const [changed] = readSignatures(tampered);
    expect(signedWith(changed, ours)).toBe(false);
  });
});

describe('POST /api/verify/<code>/check', () => {
  let t: TestContext;
  let issued: { code: string; fileId: number; issuer: string };
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.app.db;
    const asset = t.demo.assets[0];
    const [taskType] = await db.select().from(taskTypes).where(eq(taskTypes.namespaceId, t.demo.id)).limit(1);
    const engineer = t.demo.accounts['field-engg@demo.test'];
    const [job] = await db
      .insert(jobs)
      .values({
        namespaceId: t.demo.id,
        jobNumber: 'DXB-2026-97001',
        name: 'Annual thorough examination',
        customerId: asset.companyId,
        siteId: asset.siteId,
        startDate: new Date(),
        officeId: t.demo.offices[0].id,
        mainInspectorId: engineer,
      })
      .returning({ id: jobs.id });
    const [task] = await db
      .insert(tasks)
      .values({
        namespaceId: t.demo.id,
        jobId: job.id,
        name: 'Thorough examination',
        taskTypeId: taskType.id,
        divisionId: taskType.divisionId,
        assetTypeId: asset.assetTypeId,
        assetId: asset.id,
        siteId: asset.siteId,
        inspectorId: engineer,
        approverId: t.demo.accounts['approver@demo.test'],
        status: 16,
        result: 1,
        actualInspectionDate: new Date(Date.UTC(2026, 9, 14, 9, 0)),
        certificateNumber: 'DXB-LFT-2026-97001',
        certificateDate: new Date(),
      })
      .returning({ id: tasks.id });
    await enqueueTaskDocuments(db, { id: task.id, namespaceId: t.demo.id }, 'final', engineer);
    await drainDocumentJobs({
      db,
      blobs: t.app.blobs,
      settings: { leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, publicUrl: 'https://portal.example.test' },
    });
    const [row] = await db.select().from(certificates).where(eq(certificates.taskId, task.id));
    issued = { code: row.code, fileId: row.fileId, issuer: row.facts.issuer };
    const [stored] = await db.select().from(files).where(eq(files.id, row.fileId));
    pdf = (await fileContent(t.app.blobs, stored)) as Buffer;
  });
  afterAll(async () => t?.close());

  const check = (content: Buffer, url = `/api/verify/${issued.code}/check`) => {
    const body = multipart('file', 'certificate.pdf', content, 'application/pdf');
    return t.anonymous.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };

  it('says exactly as issued, signed content intact after a benign re-save, and not issued otherwise', async () => {
    const at = file('issued.pdf', pdf);
    expectQpdfClean(at);
    expectSigned(at);
    expect(await check(pdf).then((r) => r.json())).toMatchObject({ match: true, verdict: 'exact', message: DOCUMENTS.verifyMatch });

    // One trailing newline, or an incremental update a viewer appends: the signed bytes are the issued ones.
    const resaved = Buffer.concat([pdf, Buffer.from('\n')]);
    expect(await check(resaved).then((r) => r.json())).toMatchObject({
      match: false,
      verdict: 'signed-content-intact',
      message: DOCUMENTS.verifySignedIntact,
    });
    const appended = Buffer.concat([pdf, Buffer.from('1 0 obj\n<< /Changed true >>\nendobj\n%%EOF\n')]);
    expect((await check(appended)).json().verdict).toBe('signed-content-intact');
    const page = await check(resaved, `/verify/${issued.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Signed content intact');

    // A changed byte inside the signed range, another certificate, garbage, hostile byte ranges.
    const notIssued = { match: false, verdict: 'not-issued', message: DOCUMENTS.verifyNotIssued(issued.issuer) };
    const altered = Buffer.from(pdf);
    altered[2000] ^= 1;
    const other = await signPdf(
      await renderCertificate(sampleDocumentData(3), { final: true, verificationUrl, issuedAt: new Date() }),
      key,
      { name: 'x', reason: 'y', location: 'z' },
    );
    const hostile = [
      altered,
      other,
      Buffer.from('not a pdf at all'),
      Buffer.from('%PDF-1.7\n/ByteRange [0 99999999999999 99999999999999 99999999999999] /Contents <3082>'),
      Buffer.from(`%PDF-1.7\n/ByteRange [0 9 20 ${Number.MAX_SAFE_INTEGER}] /Contents <00>`),
      Buffer.concat([Buffer.from('%PDF-1.7\n/ByteRange [0 30 1062 0]\n'), Buffer.from(`<${'30820400'.padEnd(1030, 'F')}>`)]),
    ];
    for (const content of hostile) {
      const answer = await check(content);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject(notIssued);
    }
  });
});
