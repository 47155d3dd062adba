import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS } from '@portal/contracts';
import { certificates, files, tasks, users } from '../../db/schema';
import { fileContent } from '../../lib/blobs';
import { type ChildSpec, type LlgJob, llgJob } from '../../../test/bookletKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { addChild, completeChild, llgFixture, makeParent } from '../../../test/llgKit';
import { enqueueTaskDocuments } from './enqueue';
import { drainDocumentJobs } from './worker';

/**
 * The LLG booklet (issue 22): the documents worker makes an LLG parent's certificate as one
 * signed PDF binding its children's certificates, after theirs are issued; the children's own
 * certificates name the item; `filedownload?id=&certificatebooklet=1` serves it. Checked with
 * the tools an auditor would use (qpdf, pdfsig, pdftotext, pdftoppm).
 * BOOKLET_KEEP=<dir> keeps the PDFs and their page images to look at.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'booklet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const save = (name: string, pdf: Buffer) => {
  const at = path.join(dir, name);
  writeFileSync(at, pdf);
  if (process.env.BOOKLET_KEEP) {
    mkdirSync(process.env.BOOKLET_KEEP, { recursive: true });
    copyFileSync(at, path.join(process.env.BOOKLET_KEEP, name));
  }
  return at;
};
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
};
const pages = (at: string) => execFileSync('pdftotext', ['-layout', at, '-'], { encoding: 'utf8' }).split('\f');
/** The text in reading order with its line breaks as spaces (a value wrapped in its cell reads whole). */
const flat = (at: string, page?: number) =>
  execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), at, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );

let t: TestContext;
let lo: Client;
let clientUser: Client;
let acme: Client;
const publicUrl = 'https://portal.example.test';
const deps = () => ({ db: t.app.db, blobs: t.app.blobs, settings: { leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, publicUrl } });

const taskRow = async (id: number) => (await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0];
async function fileOf(fileId: number) {
  const [row] = await t.app.db.select().from(files).where(eq(files.id, fileId));
  return { row, pdf: (await fileContent(t.app.blobs, row)) as Buffer };
}

const CHILDREN: ChildSpec[] = [
  { serial: 'SH-10', specification: '3.25 t bow shackle, galvanised', swl: '3.25 t', acronym: 'BS-010', type: 'llg-shackle', status: 16 },
  {
    serial: 'CS-2',
    specification: '2-leg chain sling 8 mm, grade 80',
    swl: '3.15 t',
    acronym: 'CS-002',
    type: 'llg-chain-sling',
    status: 16,
    fail: true,
  },
  { serial: 'EB-7', specification: 'M20 collar eyebolt', swl: '1 t', acronym: 'EB-007', type: 'llg-eyebolt', status: 8 },
  { serial: 'WR-99', specification: 'Removed sling', swl: '2 t', acronym: 'WR-099', type: 'llg-wire-rope-sling', status: 64 },
];

let final: LlgJob;
let booklet: { pdf: Buffer; at: string; sha256: string };
let ownSite: { companyId: number; siteId: number };
let otherSite: { companyId: number; siteId: number };

beforeAll(async () => {
  t = await createTestContext();
  lo = await t.login('lo-admin@demo.test');
  clientUser = await t.login('client-user@demo.test');
  acme = await t.login('lo-admin@acme.test');
  const [company] = await t.app.db.select({ id: users.companyId }).from(users).where(eq(users.email, 'client-user@demo.test'));
  const own = t.demo.clients.find((c) => c.id === company.id && c.siteIds.length > 0);
  const other = t.demo.clients.find((c) => c.id !== company.id && c.siteIds.length > 0);
  if (!own || !other) throw new Error('the demo fixture needs two clients with sites');
  ownSite = { companyId: own.id, siteId: own.siteIds[0] };
  otherSite = { companyId: other.id, siteId: other.siteIds[0] };

  // Approved: the parent's final is queued first, yet it waits for its children's certificates.
  final = await llgJob(t, ownSite, 16, CHILDREN);
  // SH-10 was examined and certified six months earlier (another job): its previous examination.
  const shackle = await taskRow(final.childIds['SH-10']);
  await t.app.db.insert(tasks).values({
    namespaceId: t.demo.id,
    jobId: final.jobId,
    name: 'llg-shackle',
    taskTypeId: shackle.taskTypeId,
    divisionId: shackle.divisionId,
    siteId: ownSite.siteId,
    llgItemId: shackle.llgItemId,
    status: 16,
    result: 1,
    actualInspectionDate: new Date(Date.UTC(2026, 4, 10, 6, 0)),
    certificateNumber: 'DXB-LFT-2026-79999',
  });
  const engineer = t.demo.accounts['approver@demo.test'];
  await enqueueTaskDocuments(t.app.db, { id: final.parentId, namespaceId: t.demo.id }, 'final', engineer);
  for (const serial of ['SH-10', 'CS-2'])
    await enqueueTaskDocuments(t.app.db, { id: final.childIds[serial], namespaceId: t.demo.id }, 'final', engineer);
  expect(await drainDocumentJobs(deps())).toBe(3);
  const parent = await taskRow(final.parentId);
  const { row, pdf } = await fileOf(parent.certificateFileId as number);
  booklet = { pdf, at: save('booklet-final.pdf', pdf), sha256: row.sha256 };
});
afterAll(async () => t?.close());

describe('the final booklet of an approved LLG task', () => {
  it('is the parent certificate file, signed, qpdf-clean, and issued with its SHA-256 and a verification code', async () => {
    const parent = await taskRow(final.parentId);
    expect(parent.certificateStatus).toBe(33);
    const { row } = await fileOf(parent.certificateFileId as number);
    expect(row).toMatchObject({ ownerType: 'task-certificate', ownerId: final.parentId, contentType: 'application/pdf' });
    expect(row.fileName).toBe(`Booklet-${parent.certificateNumber}.pdf`);
    expect(createHash('sha256').update(booklet.pdf).digest('hex')).toBe(booklet.sha256);

    const check = run('qpdf', ['--check', booklet.at]);
    expect(check.out).not.toMatch(/WARNING/i);
    expect(check.status).toBe(0);
    const sig = run('pdfsig', [booklet.at]);
    expect(sig.out).toContain('Signature Validation: Signature is Valid.');
    expect(sig.out).toContain('Total document signed');
    expect(sig.out.match(/Signature #/g)).toHaveLength(1);

    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, final.parentId));
    expect(issued).toMatchObject({
      number: parent.certificateNumber,
      revision: 0,
      fileId: parent.certificateFileId,
      sha256: booklet.sha256,
    });
    expect(issued.facts).toMatchObject({ asset: 'Loose lifting gear booklet: 2 certified items of 3', result: null, serialNumber: null });
    // The verification page answers for the booklet, and its PDF checks as issued.
    const page = await t.anonymous.get(`/api/verify/${issued.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ number: parent.certificateNumber, state: 'current', sha256: booklet.sha256 });
    expect(booklet.pdf.toString('latin1')).toContain(`${publicUrl}/verify/${issued.code}`);
  });

  it('has a cover, an index of every live item with its serial, description, SWL, result, number and next due, then their certificates', async () => {
    const text = pages(booklet.at);
    const [, index] = text;
    const cover = flat(booklet.at, 1);
    const parent = await taskRow(final.parentId);
    expect(cover).toContain('LOOSE LIFTING GEAR BOOKLET');
    expect(cover).toContain(parent.certificateNumber as string);
    expect(cover).toMatch(/DXB-2026-8\d{4}/);
    expect(cover).toContain('12 Nov 2026');
    expect(cover).toMatch(/Page 1 of \d+/);
    expect(index).toContain('INDEX OF ITEMS');
    for (const header of ['SERIAL NUMBER', 'DESCRIPTION', 'SWL', 'RESULT', 'CERTIFICATE NO.', 'NEXT DUE', 'PAGE'])
      expect(index).toContain(header);
    // Natural serial order; the removed item is not listed anywhere.
    expect(index.indexOf('CS-2')).toBeLessThan(index.indexOf('EB-7'));
    expect(index.indexOf('EB-7')).toBeLessThan(index.indexOf('SH-10'));
    expect(text.join('\n')).not.toContain('WR-99');
    const numbers = await Promise.all(['SH-10', 'CS-2'].map(async (s) => (await taskRow(final.childIds[s])).certificateNumber as string));
    for (const number of numbers) expect(index).toContain(number);
    const line = (serial: string) => index.split('\n').find((l) => l.includes(serial)) ?? '';
    expect(line('SH-10')).toMatch(/llg-shackle · 3.25 t bow shackle.*3.25 t.*Pass.*DXB-LFT-2026-8\d+.*12 May 2027\s+\d+/);
    expect(line('CS-2')).toMatch(/Fail.*After repair/);
    // Not approved: listed, not certified, no certificate in the booklet.
    expect(line('EB-7')).toMatch(/Not certified\s+—\s+—/);
    const certificatePages = text.slice(2);
    expect(certificatePages.join('\n')).not.toContain('EB-7');
    expect(certificatePages.filter((p) => p.includes('CERTIFICATE OF THOROUGH'))).toHaveLength(1);
    expect(certificatePages.filter((p) => p.includes('REPORT OF THOROUGH'))).toHaveLength(1);
    expect(flat(booklet.at)).toContain('REPORT OF THOROUGH EXAMINATION - DEFECTS FOUND');
    // The page the index names is where the item's certificate starts.
    const named = Number(/(\d+)\s*$/.exec(line('SH-10').trim())?.[1]);
    expect(text[named - 1]).toContain('SH-10');
    expect(text[named - 1]).toContain('CERTIFICATE OF THOROUGH');
    // The previous examination of the same register item; the others are first examinations.
    expect(flat(booklet.at, named)).toMatch(/PREVIOUS EXAMINATION .*10 May 2026/);
    expect(flat(booklet.at, named - 1)).toContain('First examination');
  });

  it('is tagged in reading order: the cover and index sections, then a Part per certificate; a bookmark per item', () => {
    const json = JSON.parse(
      execFileSync('qpdf', ['--json', '--json-key=qpdf', booklet.at], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
    );
    const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
    const dict = (ref: string) => objects[`obj:${ref}`]?.value ?? {};
    const document = Object.values(objects).find((o) => o.value?.['/S'] === '/Document')?.value;
    const kids = ((document?.['/K'] as string[]) ?? []).map((ref) => dict(ref)['/S']);
    const firstPart = kids.indexOf('/Part');
    expect(kids.filter((k) => k === '/Part')).toHaveLength(2);
    expect(kids.slice(0, firstPart)).toContain('/Sect');
    expect(kids.slice(firstPart)).not.toContain('/Sect');
    const titles = Object.values(objects)
      .map((o) => o.value?.['/Title'])
      .filter((v): v is string => typeof v === 'string');
    expect(titles.some((title) => title.includes('CS-2'))).toBe(true);
    expect(titles.some((title) => title.includes('Index of items'))).toBe(true);
  });

  it('was made after the children certificates, whose verification QR codes it carries', async () => {
    const latin = booklet.pdf.toString('latin1');
    for (const serial of ['SH-10', 'CS-2']) {
      const [own] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, final.childIds[serial]));
      expect(own).toBeTruthy();
      expect(latin).toContain(`QR code linking to ${publicUrl}/verify/${own.code}`);
    }
  });

  it('renders as page images a person can read (pdftoppm)', () => {
    const out = path.join(dir, 'pages');
    mkdirSync(out, { recursive: true });
    const result = run('pdftoppm', ['-png', '-r', '60', booklet.at, path.join(out, 'booklet')]);
    expect(result.status).toBe(0);
    const images = readdirSync(out).filter((f) => f.endsWith('.png'));
    expect(images.length).toBe(pages(booklet.at).filter((p) => p.trim()).length);
    if (process.env.BOOKLET_KEEP)
      for (const image of images) copyFileSync(path.join(out, image), path.join(process.env.BOOKLET_KEEP, image));
  });
});

describe("a child's own certificate", () => {
  it('names the item examined: serial number, specification, SWL and ID', async () => {
    const child = await taskRow(final.childIds['SH-10']);
    const { pdf } = await fileOf(child.certificateFileId as number);
    const text = flat(save('child.pdf', pdf));
    expect(text).toMatch(/PREVIOUS EXAMINATION .*10 May 2026/);
    for (const fact of ['SH-10', '3.25 t bow shackle, galvanised', '3.25 t', 'BS-010', 'SERIAL NUMBER', 'llg-shackle'])
      expect(text).toContain(fact);
    const [own] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, child.id));
    expect(own.facts).toMatchObject({ serialNumber: 'SH-10', asset: 'llg-shackle · 3.25 t bow shackle, galvanised' });
  });
});

describe('the booklet preview (submitted LLG task)', () => {
  it('lists and shows every live item as a preview: no numbers, not signed, marked PREVIEW', async () => {
    const submitted = await llgJob(t, ownSite, 8, [
      { serial: 'P-1', specification: '2 t shackle', swl: '2 t', acronym: 'P-001', type: 'llg-shackle', status: 8 },
      { serial: 'P-2', specification: '1 m eyebolt', swl: '0.5 t', acronym: 'P-002', type: 'llg-eyebolt', status: 8 },
    ]);
    await enqueueTaskDocuments(t.app.db, { id: submitted.parentId, namespaceId: t.demo.id }, 'preview', null);
    // Until it is made, the download says so.
    const waiting = await lo.get(`/api/filedownload?id=${submitted.parentId}&certificatebooklet=1`);
    expect(waiting.statusCode).toBe(404);
    expect(waiting.json().error).toBe(DOCUMENTS.notReady('booklet'));
    await drainDocumentJobs(deps());
    const parent = await taskRow(submitted.parentId);
    expect(parent.certificateStatus).toBe(13);
    const { pdf } = await fileOf(parent.certificateFileId as number);
    const at = save('booklet-preview.pdf', pdf);
    expect(run('qpdf', ['--check', at]).status).toBe(0);
    expect(pdf.includes('/ByteRange')).toBe(false);
    const text = pages(at);
    expect(text[0]).toContain('PREVIEW');
    expect(text[1]).toMatch(/P-1.*Pass.*Preview/);
    expect(text.slice(2).filter((p) => p.includes('CERTIFICATE OF THOROUGH'))).toHaveLength(2);
    expect(text.join('\n')).not.toMatch(/DXB-LFT-2026/);
    expect(await t.app.db.select().from(certificates).where(eq(certificates.taskId, submitted.parentId))).toEqual([]);
  });
});

describe('GET /api/filedownload?id=<task>&certificatebooklet=1', () => {
  const url = (id: number | string, extra = '') => `/api/filedownload?id=${id}&certificatebooklet=1${extra}`;

  it('answers the booklet for the LLG task or any of its children, to whoever may see the task', async () => {
    for (const [who, id] of [
      [lo, final.parentId],
      [lo, final.childIds['EB-7']],
      [clientUser, final.parentId],
    ] as const) {
      const res = await who.get(url(id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(booklet.sha256);
    }
  });

  it('404 for a task that is no LLG task, another company, another namespace; 401 without a session', async () => {
    const [plain] = await t.app.db
      .insert(tasks)
      .values({
        namespaceId: t.demo.id,
        jobId: final.jobId,
        name: 'Thorough examination',
        taskTypeId: (await taskRow(final.parentId)).taskTypeId,
        divisionId: (await taskRow(final.parentId)).divisionId,
        siteId: ownSite.siteId,
      })
      .returning({ id: tasks.id });
    const none = await lo.get(url(plain.id));
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(DOCUMENTS.none('booklet'));

    const elsewhere = await llgJob(t, otherSite, 1, [
      { serial: 'O-1', specification: 'Shackle', swl: '1 t', acronym: 'O-001', type: 'llg-shackle', status: 1 },
    ]);
    expect((await clientUser.get(url(elsewhere.parentId))).statusCode).toBe(404);
    expect((await lo.get(url(elsewhere.parentId))).json().error).toBe(DOCUMENTS.none('booklet'));
    expect((await acme.get(url(final.parentId))).statusCode).toBe(404);
    expect((await t.anonymous.get(url(final.parentId))).statusCode).toBe(401);
  });

  it('400 for a malformed request', async () => {
    expect((await lo.get(`/api/filedownload?id=${final.parentId}&certificatebooklet=2`)).statusCode).toBe(400);
    expect((await lo.get(url('abc'))).statusCode).toBe(400);
    expect((await lo.get(url(final.parentId, '&category=1'))).statusCode).toBe(400);
  });
});

describe('through the API: add children, submit, approve', () => {
  it('submit makes the booklet preview; approval issues the children and then the signed booklet', async () => {
    const f = await llgFixture(t, t.demo);
    const engineer = await t.login('field-engg@demo.test');
    const approver = await t.login('approver@demo.test');
    const parent = await makeParent(t, t.demo, f, { status: 2 });
    const serials = ['API-3', 'API-1', 'API-2'];
    const kids = [];
    for (const [i, serial] of serials.entries()) {
      const child = await addChild(engineer, parent.id, f.childTypeId, serial, {
        specification: `Shackle ${i + 1} t`,
        safeWorkingLoad: `${i + 1} t`,
      });
      await completeChild(t, t.demo, child.id, { failOne: i === 2 });
      kids.push(child);
    }
    expect((await engineer.request({ method: 'PUT', url: `/api/Observation/${parent.id}/8` })).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    expect((await taskRow(parent.id)).certificateStatus).toBe(13);
    const preview = await lo.get(`/api/filedownload?id=${parent.id}&certificatebooklet=1`);
    expect(preview.statusCode).toBe(200);
    const previewText = flat(save('api-preview.pdf', preview.rawPayload));
    expect(previewText).toContain('PREVIEW');
    for (const serial of serials) expect(previewText).toContain(serial);

    const approved = await approver.post(`/api/approvetaskweb?id=${parent.id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await drainDocumentJobs(deps())).toBe(4);
    const row = await taskRow(parent.id);
    expect(row.certificateStatus).toBe(33);
    const res = await clientUser.get(`/api/filedownload?id=${kids[0].id}&certificatebooklet=1`);
    expect(res.statusCode).toBe(200);
    const at = save('api-final.pdf', res.rawPayload);
    expect(run('pdfsig', [at]).out).toContain('Signature Validation: Signature is Valid.');
    const index = pages(at)[1];
    for (const kid of kids) {
      const child = await taskRow(kid.id);
      expect(child.certificateStatus).toBe(33);
      expect(index).toContain(child.certificateNumber as string);
      const [own] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, kid.id));
      expect(res.rawPayload.toString('latin1')).toContain(`verify/${own.code}`);
    }
    expect(index.indexOf('API-1')).toBeLessThan(index.indexOf('API-3'));
  });
});
