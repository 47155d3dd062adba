import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import { DOCUMENTS, type VerifyAnswer, type VerifyCheckAnswer, VerifyParams } from '@portal/contracts';
import { certificates, files, tasks } from '../../db/schema';
import type { Db } from '../../db/types';
import { type BlobStore, fileContent } from '../../lib/blobs';
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors';
import { hit, type Limit } from '../../lib/rateLimit';
import { readSignatures, signedWith } from './pdfSignature';
import { pdfDate, RESULT_LABEL } from './pageParts';
import { signingCertificatePem } from './signingKeys';

/**
 * The public verification of a final certificate (DECISIONS 8): reached from the QR code,
 * no sign-in. It shows what the certificate said when issued (kept with its SHA-256 in
 * `certificates`) and whether it is still the current issue, and checks a dropped PDF against
 * the issued hash. Codes are 128-bit random, and requests are rate limited per address, so
 * guessing finds nothing.
 */
export const VERIFY_LIMIT: Limit = { max: 60, windowMs: 60_000 };
const CHECK_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Counts a verification request of the caller's address and refuses it (429) past
 * `VERIFY_LIMIT`. A refused request writes nothing (`hit` only reads a full window), so a
 * flood of them does not queue writes in front of everyone else's requests.
 */
export async function verifyLimited(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const result = await hit(app.db, `verify:${request.ip}`, VERIFY_LIMIT);
  if (result.blocked)
    throw new AppError(429, DOCUMENTS.verifyTooMany, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(result.retryAfterSeconds))),
    });
}

export async function findCertificate(db: Db, code: string): Promise<VerifyAnswer | null> {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(code)) return null;
  const [row] = await db
    .select({ certificate: certificates, taskStatus: tasks.status })
    .from(certificates)
    .innerJoin(tasks, eq(tasks.id, certificates.taskId))
    .where(eq(certificates.code, code));
  if (!row) return null;
  const c = row.certificate;
  // Every issue of the task (voided duplicates left out): the chain of revisions.
  const issues = await db
    .select({ id: certificates.id, revision: certificates.revision, issuedAt: certificates.issuedAt, code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.taskId, c.taskId), eq(certificates.voided, false)))
    .orderBy(asc(certificates.revision), asc(certificates.issuedAt), asc(certificates.id));
  const link = (issue: (typeof issues)[number] | undefined) =>
    issue ? { revision: issue.revision, code: issue.code, issuedAt: issue.issuedAt.toISOString() } : null;
  const previous = [...issues].reverse().find((i) => i.revision < c.revision);
  const next = issues.find((i) => i.revision > c.revision);
  const latest = issues[issues.length - 1];
  let state: VerifyAnswer['state'];
  let stateText: string;
  if (c.voided) {
    state = 'withdrawn';
    stateText = `Withdrawn: revision ${c.revision} was issued again in error; the valid issue is linked below`;
  } else if (latest && latest.id !== c.id) {
    state = 'superseded';
    stateText = `Superseded by revision ${latest.revision}, issued ${pdfDate(latest.issuedAt)}`;
  } else if (row.taskStatus === 32) {
    state = 'amended';
    stateText = 'Under amendment: a revised certificate is being prepared';
  } else if (row.taskStatus === 64 || row.taskStatus === 1024) {
    state = 'withdrawn';
    stateText = 'Withdrawn by the issuer';
  } else {
    state = 'current';
    const due = c.facts.dueDate ? new Date(`${c.facts.dueDate}T00:00:00Z`) : null;
    stateText =
      c.facts.result === 2
        ? c.facts.notSafeToUse
          ? 'Current issue: defects found, the equipment is NOT SAFE TO USE'
          : 'Current issue: defects found, the equipment FAILED this examination'
        : !due
          ? 'Current issue'
          : due.getTime() < Date.now()
            ? `Current issue; the next examination was due on ${pdfDate(due)}`
            : `Current issue, valid until ${pdfDate(due)}`;
  }
  const voidedOriginal = c.voided ? issues.find((i) => i.revision === c.revision) : undefined;
  return {
    ...c.facts,
    number: c.number,
    revision: c.revision,
    issuedAt: c.issuedAt.toISOString(),
    sha256: c.sha256,
    state,
    stateText,
    previous: link(previous),
    next: link(voidedOriginal ?? next),
  };
}

/**
 * The public verification address of a task's latest final certificate, or null before one is
 * issued: for the task's answer (`verificationUrl`).
 */
export async function verificationUrlOfTask(db: Db, taskId: number, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.taskId, taskId), eq(certificates.voided, false)))
    .orderBy(desc(certificates.revision), desc(certificates.issuedAt), desc(certificates.id))
    .limit(1);
  return row ? `${publicUrl.replace(/\/+$/, '')}/verify/${row.code}` : null;
}

/**
 * "Check a PDF" (DECISIONS 9): the uploaded file (at most 25 MB, kept in memory for the
 * request only, never stored) is
 * - the certificate exactly as issued when its SHA-256 is the issued one;
 * - "signed content intact, but changed after signing" when it carries a signature that is
 *   valid, made with the provider's (the namespace's) signing key, over exactly the bytes the
 *   issued certificate's signature covers (a re-save that appended a newline, an incremental
 *   update added by a viewer);
 * - otherwise not a certificate issued by the provider (garbage, broken or foreign signatures
 *   included: `pdfSignature.ts` never throws on hostile input).
 */
export async function checkUpload(request: FastifyRequest, found: VerifyAnswer): Promise<VerifyCheckAnswer> {
  if (!request.isMultipart()) throw badRequest(DOCUMENTS.verifyNoFile, { file: 'is required' });
  const part = await request.file({ limits: { fileSize: CHECK_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  if (!part) throw badRequest(DOCUMENTS.verifyNoFile, { file: 'is required' });
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    hash.update(chunk as Buffer);
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (part.file.truncated) throw payloadTooLarge('The file is larger than any certificate'); // (ours)
  if (size === 0) throw badRequest(DOCUMENTS.verifyNoFile, { file: 'is required' });
  const sha256 = hash.digest('hex');
  if (sha256 === found.sha256) return { match: true, sha256, message: DOCUMENTS.verifyMatch, verdict: 'exact' };
  const code = (request.params as { code?: string }).code ?? '';
  const intact = await signedContentIntact(request.server.db, request.server.blobs, code, Buffer.concat(chunks, size));
  return intact
    ? { match: false, sha256, message: DOCUMENTS.verifySignedIntact, verdict: 'signed-content-intact' }
    : { match: false, sha256, message: DOCUMENTS.verifyNotIssued(found.issuer), verdict: 'not-issued' };
}

/** Whether `upload` carries a valid signature by the namespace's key over the issued certificate's signed bytes. */
async function signedContentIntact(db: Db, store: BlobStore, code: string, upload: Buffer): Promise<boolean> {
  const candidates = readSignatures(upload);
  if (candidates.length === 0) return false;
  const [issued] = await db
    .select({ namespaceId: certificates.namespaceId, sha256: files.sha256, content: files.content })
    .from(certificates)
    .innerJoin(files, eq(files.id, certificates.fileId))
    .where(eq(certificates.code, code));
  if (!issued) return false;
  const pem = await signingCertificatePem(db, issued.namespaceId);
  if (!pem) return false;
  const original = await fileContent(store, issued);
  if (!original) return false;
  const issuedDigests = new Set(readSignatures(original).map((s) => s.signedDigest));
  return candidates.some((s) => issuedDigests.has(s.signedDigest) && signedWith(s, pem));
}

/** Links to the issue this one replaced and the one that replaced it (the revision chain). */
function chainHtml(found: VerifyAnswer): string {
  const links: string[] = [];
  if (found.previous)
    links.push(
      `<a href="/verify/${encodeURIComponent(found.previous.code)}">&larr; Revision ${found.previous.revision}, issued ${escapeHtml(pdfDate(new Date(found.previous.issuedAt)))}</a>`,
    );
  if (found.next)
    links.push(
      `<a href="/verify/${encodeURIComponent(found.next.code)}">${found.state === 'withdrawn' ? 'The valid issue: ' : ''}Revision ${found.next.revision}, issued ${escapeHtml(pdfDate(new Date(found.next.issuedAt)))} &rarr;</a>`,
    );
  return links.length > 0 ? `<nav class="chain" aria-label="Revisions of this certificate">${links.join('')}</nav>` : '';
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `
*{box-sizing:border-box}body{font-family:Roboto,"Segoe UI",Helvetica,Arial,sans-serif;margin:0;background:#f5f7fa;color:#1f2937}
main{max-width:640px;margin:0 auto;padding:24px 16px 40px}
.brand{font-size:13px;color:#5b6472;margin:0 0 12px;letter-spacing:.3px;text-transform:uppercase}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 1px 8px rgba(0,0,0,.04);overflow:hidden;margin-bottom:16px}
.head{padding:20px 20px 16px;border-top:4px solid #0d47a1}.head h1{font-size:20px;margin:0 0 4px;word-break:break-word}.head p{margin:0;color:#5b6472;font-size:14px}
.state{display:flex;gap:10px;align-items:center;padding:12px 20px;font-weight:600;font-size:15px}
.state.current{background:#e5f4ea;color:#1b7f3b}.state.current.failed{background:#fbe7e6;color:#b3261e}.state.amended{background:#fff4d6;color:#9a6700}.state.superseded,.state.withdrawn{background:#eceff3;color:#374151}
.state .dot{width:12px;height:12px;border-radius:50%;background:currentColor;flex:none}
dl{display:grid;grid-template-columns:minmax(120px,38%) 1fr;margin:0;padding:8px 20px 16px;font-size:14px}
dt{color:#5b6472;padding:8px 0;border-bottom:1px solid #f0f2f5}dd{margin:0;padding:8px 0;font-weight:500;border-bottom:1px solid #f0f2f5;word-break:break-word}
.pass{color:#1b7f3b;font-weight:700}.fail{color:#b3261e;font-weight:700}
.hash{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
.check{padding:16px 20px 20px}.check h2{font-size:16px;margin:0 0 6px}.check p{margin:0 0 12px;color:#5b6472;font-size:14px}
input[type=file]{font-size:14px;max-width:100%;margin-bottom:12px;display:block}
button{background:#0d47a1;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:14px;font-weight:600;cursor:pointer}
.outcome{padding:12px 20px;font-weight:600;font-size:14px}.outcome.ok{background:#e5f4ea;color:#1b7f3b}.outcome.bad{background:#fbe7e6;color:#b3261e}
.outcome .hash{margin-top:6px;font-weight:400}
.note{font-size:12px;color:#5b6472;text-align:center}
.chain{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;padding:0 20px 16px}.chain a{color:#0d47a1;font-weight:600;font-size:14px;text-decoration:none;padding:8px 12px;border:1px solid #cfd6df;border-radius:6px}.chain a:hover{background:#e3ecf8}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function verificationPage(found: VerifyAnswer, code: string, outcome?: VerifyCheckAnswer | { error: string }): string {
  const result = found.result ? RESULT_LABEL[found.result] : 'Not recorded';
  const resultClass = found.result === 1 ? 'pass' : found.result === 2 ? 'fail' : '';
  const rows: [string, string, string?][] = [
    ['Certificate number', found.number],
    ['Revision', String(found.revision)],
    ['Issued', pdfDate(new Date(found.issuedAt))],
    ['Issued by', found.issuer],
    ['Client', found.client],
    ['Site', found.site],
    ['Equipment', found.asset],
    // DECISIONS 9: the QR sticker's serial is the Tag; what is missing says so, never a bare dash.
    ['Tag', found.serialNumber ?? 'Not recorded'],
    ['Equipment type', found.assetType ?? 'Not recorded'],
    ['Examination', found.taskType],
    ['Result', result, resultClass],
    ['Inspection date', found.inspectionDate ? pdfDate(new Date(`${found.inspectionDate}T00:00:00Z`)) : '—'],
    ['Next due date', found.dueDate ? pdfDate(new Date(`${found.dueDate}T00:00:00Z`)) : found.result === 2 ? 'After repair' : '—'],
  ];
  if (found.inspectors) rows.push(['Examined by', found.inspectors.length > 0 ? found.inspectors.join(', ') : 'Not recorded']);
  if (found.approver !== undefined) rows.push(['Approved by', found.approver ?? 'Not recorded']);
  if (found.replaces)
    rows.push([
      'Replaces',
      `${found.replaces.number} revision ${found.replaces.revision}, issued ${pdfDate(new Date(found.replaces.issuedAt))}, SHA-256 ${found.replaces.sha256}`,
    ]);
  let outcomeHtml = '';
  if (outcome && 'error' in outcome) outcomeHtml = `<div class="outcome bad">${escapeHtml(outcome.error)}</div>`;
  else if (outcome)
    outcomeHtml = `<div class="outcome ${outcome.match ? 'ok' : 'bad'}">${escapeHtml(outcome.message)}<div class="hash">SHA-256 of your file: ${escapeHtml(outcome.sha256)}</div></div>`;
  return page(
    `Certificate ${found.number}`,
    `<p class="brand">Certificate verification</p>
<section class="card"><div class="head"><h1>Certificate ${escapeHtml(found.number)}</h1><p>${escapeHtml(found.issuer)}</p></div>
<div class="state ${found.state}${found.result === 2 ? ' failed' : ''}"><span class="dot"></span>${escapeHtml(found.stateText)}</div>
<dl>${rows.map(([k, v, cls]) => `<dt>${escapeHtml(k)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(v)}</dd>`).join('')}
<dt>SHA-256 of the issued PDF</dt><dd class="hash">${escapeHtml(found.sha256)}</dd></dl>${chainHtml(found)}</section>
<section class="card">${outcomeHtml}<form class="check" method="post" action="/verify/${encodeURIComponent(code)}" enctype="multipart/form-data">
<h2>Check a copy</h2><p>Choose the certificate PDF you received: it is compared with the issued file by its SHA-256 fingerprint. The file is not kept.</p>
<input type="file" name="file" accept="application/pdf,.pdf" required><button type="submit">Check PDF</button></form></section>
<p class="note">This page shows only what the certificate itself states.</p>`,
  );
}

export function unknownPage(): string {
  return page(
    'Certificate not found',
    `<p class="brand">Certificate verification</p><section class="card"><div class="head"><h1>Certificate not found</h1><p>${escapeHtml(
      DOCUMENTS.verifyUnknown, // (ours)
    )}. Check that the address is complete, or scan the QR code on the certificate again.</p></div></section>`,
  );
}

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/**
 * `GET /verify/<code>` and `POST /verify/<code>` (a PDF from the page's form): server-rendered
 * pages (no script; the pages' CSP), outside /api so the web app's fallback never answers them.
 */
export async function verifyPageRoutes(app: FastifyInstance) {
  const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      await verifyLimited(app, request);
      return false;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.header('retry-after', '60');
      sendPage(
        reply,
        429,
        page(
          'Too many requests',
          `<section class="card"><div class="head"><h1>Too many requests</h1><p>${escapeHtml(DOCUMENTS.verifyTooMany)}</p></div></section>`, // (ours)
        ),
      );
      return true;
    }
  };
  app.get('/verify/:code', { config: { permission: 'public' }, schema: { params: VerifyParams, hide: true } }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const { code } = request.params as { code: string };
    const found = await findCertificate(app.db, code);
    if (!found) return sendPage(reply, 404, unknownPage());
    return sendPage(reply, 200, verificationPage(found, code));
  });
  app.post(
    '/verify/:code',
    { config: { permission: 'public', multipart: true }, schema: { params: VerifyParams, hide: true } },
    async (request, reply) => {
      if (await limited(request, reply)) return reply;
      const { code } = request.params as { code: string };
      const found = await findCertificate(app.db, code);
      if (!found) return sendPage(reply, 404, unknownPage());
      try {
        const outcome = await checkUpload(request, found);
        return sendPage(reply, 200, verificationPage(found, code, outcome));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return sendPage(reply, error.statusCode, verificationPage(found, code, { error: error.message })); // (ours)
      }
    },
  );
}
