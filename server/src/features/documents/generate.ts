import { randomBytes } from 'node:crypto';
import { type CertificateFacts, certificateStatusCode } from '@portal/contracts';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { certificates, documentJobs, files, tasks } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { newBlobKey } from '../../lib/tokens';
import { renderBooklet } from './booklet';
import { type BookletData, loadBookletData } from './bookletData';
import { renderCertificate } from './certificate';
import { loadTaskDocumentData } from './data';
import type { TaskDocumentData } from './dataTypes';
import { zonedDay } from './dates';
import { type ClaimedJob, keepClaim, LostClaim, stillOurs, type WorkerDeps } from './lease';
import { renderReport } from './render';
import { signPdf } from './signing';
import { signingKey } from './signingKeys';

// Making one claimed row's documents (`worker.ts` says how the queue is worked): render, sign,
// store the blobs, then keep the files, the task's file ids and status and (final) the
// certificates row in one short transaction guarded by the claim.

/** The owner types of the task documents' `files` rows. */
export const DOCUMENT_OWNER = {
  certificate: 'task-certificate',
  fieldReport: 'task-field-report',
  fullReport: 'task-full-report',
} as const;

/** What the verification page shows of a certificate, as it was issued. */
export function certificateFacts(data: TaskDocumentData): CertificateFacts {
  return {
    issuer: data.provider.name,
    client: data.client.name,
    site: data.site.name,
    asset: data.asset.name,
    serialNumber: data.llgItem?.serialNumber ?? data.asset.serialNumber,
    assetType: data.asset.type,
    taskType: data.taskType.name,
    result: data.result,
    // Calendar days where the examination took place (DECISIONS 9), not UTC's.
    inspectionDate: zonedDay(data.actualInspectionDate, data.timeZone),
    dueDate: zonedDay(data.nextDueDate, data.timeZone),
    inspectors: data.performers.map((p) => p.name),
    approver: data.approver?.name ?? null,
    notSafeToUse: data.defects.some((d) => d.danger === 1),
    replaces: data.replaces ? { ...data.replaces, issuedAt: data.replaces.issuedAt.toISOString() } : null,
  };
}

/** What the verification page shows of a booklet: its parties, its items, who examined and approved. */
export function bookletFacts(booklet: BookletData): CertificateFacts {
  const { parent, items } = booklet;
  const certified = items.filter((i) => i.certified);
  const inspectors = [...new Set(certified.flatMap((i) => i.data.performers.map((p) => p.name)))];
  return {
    ...certificateFacts(parent),
    asset: `Loose lifting gear booklet: ${certified.length} certified item${certified.length === 1 ? '' : 's'} of ${items.length}`,
    serialNumber: null,
    assetType: 'Loose lifting gear',
    // Each item has its own result and due date on its certificate; the booklet has neither.
    result: null,
    dueDate: null,
    inspectors,
    notSafeToUse: certified.some((i) => i.data.defects.some((d) => d.danger === 1)),
  };
}

interface Rendered {
  ownerType: string;
  fileName: string;
  pdf: Buffer;
  /** The certificate's (or booklet's) facts for its verification page. */
  facts?: CertificateFacts;
}

const safeName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');

async function renderAll(deps: WorkerDeps, data: TaskDocumentData, job: ClaimedJob, code: string | null): Promise<Rendered[]> {
  const final = job.phase === 'final';
  const issuedAt = new Date();
  const verificationUrl = code ? `${deps.settings.publicUrl.replace(/\/+$/, '')}/verify/${code}` : null;
  const base = final
    ? safeName(`${data.certificateNumber}${data.revision > 0 ? `-rev${data.revision}` : ''}`)
    : `task-${data.taskId}-preview`;
  // An LLG parent's certificate is the booklet of its children (issue 22).
  const booklet = data.llgParent ? await loadBookletData(deps.db, deps.blobs, data, deps.settings.publicUrl) : null;
  const out: Rendered[] = [
    {
      ownerType: DOCUMENT_OWNER.certificate,
      fileName: `${booklet ? 'Booklet' : 'Certificate'}-${base}.pdf`,
      pdf: booklet
        ? await renderBooklet(booklet, { final, verificationUrl, issuedAt })
        : await renderCertificate(data, { final, verificationUrl, issuedAt }),
      facts: booklet ? bookletFacts(booklet) : certificateFacts(data),
    },
    {
      ownerType: DOCUMENT_OWNER.fieldReport,
      fileName: `Field-report-${base}.pdf`,
      pdf: await renderReport(data, { final, verificationUrl, issuedAt, full: false }),
    },
  ];
  if (final) {
    out.push({
      ownerType: DOCUMENT_OWNER.fullReport,
      fileName: `Full-checklist-report-${base}.pdf`,
      pdf: await renderReport(data, { final, verificationUrl, issuedAt, full: true }),
    });
    const key = await signingKey(deps.db, data.namespaceId, data.provider.name);
    for (const doc of out)
      doc.pdf = await signPdf(doc.pdf, key, {
        name: data.provider.name,
        reason: `${doc.ownerType !== DOCUMENT_OWNER.certificate ? 'Report' : booklet ? 'Booklet' : 'Certificate'} ${data.certificateNumber}`,
        location: data.office?.name ?? data.provider.name,
      });
  }
  return out;
}

/** Works one claimed row to its end (done, back in the queue, or failed). Never throws. */
export async function processJob(deps: WorkerDeps, job: ClaimedJob): Promise<'done' | 'retry' | 'failed' | 'lost'> {
  const { db } = deps;
  const ours = stillOurs(job);
  const claim = keepClaim(deps, job);
  try {
    if (job.attempts > deps.settings.maxAttempts)
      throw new Error('gave up: the row was taken again after its worker stopped on every attempt');
    await db
      .update(tasks)
      .set({ certificateStatus: certificateStatusCode(job.phase, 'generating') })
      .where(eq(tasks.id, job.taskId));
    const data = await loadTaskDocumentData(db, deps.blobs, job.taskId);
    if (!data) throw new Error(`task ${job.taskId} not found`);
    if (job.phase === 'final' && !data.certificateNumber) throw new Error('the task has no certificate number (allocated at approval)');
    const code = job.phase === 'final' ? randomBytes(16).toString('base64url') : null;
    if (deps.render) await deps.render(data, job);
    if (claim.lost) throw new LostClaim();
    const rendered = await renderAll(deps, data, job, code);
    // A heartbeat found the row taken over: another worker makes these documents.
    if (claim.lost) throw new LostClaim();
    const stored: (Rendered & { sha256: string; size: number })[] = [];
    for (const doc of rendered) stored.push({ ...doc, ...(await deps.blobs.put(doc.pdf)) });
    await deps.afterRender?.(job);
    await claim.stop();

    await inTransaction(db, { userId: job.requestedBy, namespaceId: job.namespaceId }, async (tx) => {
      const claimed = await tx
        .update(documentJobs)
        .set({ state: 'done', finishedAt: sql`now()`, lastError: null })
        .where(ours)
        .returning({ id: documentJobs.id });
      if (claimed.length === 0) throw new LostClaim();
      // DECISIONS 9: a final certificate is issued once per (number, revision). One already issued
      // stays exactly as it is: this run keeps nothing and the task shows the issued one as ready.
      if (job.phase === 'final') {
        const [issued] = await tx
          .select({ fileId: certificates.fileId })
          .from(certificates)
          .where(
            and(
              eq(certificates.namespaceId, job.namespaceId),
              eq(certificates.number, data.certificateNumber ?? ''),
              eq(certificates.revision, data.revision),
              eq(certificates.voided, false),
            ),
          )
          .for('update');
        if (issued) {
          await tx
            .update(tasks)
            .set({ certificateStatus: certificateStatusCode(job.phase, 'ready'), certificateFileId: issued.fileId })
            .where(eq(tasks.id, job.taskId));
          return;
        }
      }
      const [before] = await tx
        .select({ certificate: tasks.certificateFileId, field: tasks.fieldReportFileId, full: tasks.fullReportFileId })
        .from(tasks)
        .where(eq(tasks.id, job.taskId))
        .for('update');
      const ids: Record<string, number> = {};
      for (const doc of stored) {
        const [row] = await tx
          .insert(files)
          .values({
            namespaceId: job.namespaceId,
            blobKey: newBlobKey(),
            ownerType: doc.ownerType,
            ownerId: job.taskId,
            fileName: doc.fileName,
            contentType: 'application/pdf',
            size: doc.size,
            sha256: doc.sha256,
            createdBy: job.requestedBy,
          })
          .returning({ id: files.id });
        ids[doc.ownerType] = row.id;
      }
      await tx
        .update(tasks)
        .set({
          certificateStatus: certificateStatusCode(job.phase, 'ready'),
          certificateFileId: ids[DOCUMENT_OWNER.certificate],
          fieldReportFileId: ids[DOCUMENT_OWNER.fieldReport],
          ...(ids[DOCUMENT_OWNER.fullReport] ? { fullReportFileId: ids[DOCUMENT_OWNER.fullReport] } : {}),
        })
        .where(eq(tasks.id, job.taskId));
      if (job.phase === 'final' && code) {
        const certificate = stored.find((d) => d.ownerType === DOCUMENT_OWNER.certificate);
        if (certificate?.facts)
          await tx.insert(certificates).values({
            namespaceId: job.namespaceId,
            taskId: job.taskId,
            number: data.certificateNumber ?? '',
            revision: data.revision,
            sha256: certificate.sha256,
            code,
            fileId: ids[DOCUMENT_OWNER.certificate],
            facts: certificate.facts,
          });
      }
      // The replaced files go, except an issued certificate's (its verification page serves it).
      const replaced = [before?.certificate, before?.field, ids[DOCUMENT_OWNER.fullReport] ? before?.full : null].filter(
        (id): id is number => typeof id === 'number',
      );
      if (replaced.length > 0)
        await tx
          .delete(files)
          .where(
            and(
              inArray(files.id, replaced),
              notExists(tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.fileId, files.id))),
            ),
          );
    });
    deps.log?.info({ job: job.id, task: job.taskId, phase: job.phase }, 'task documents made');
    return 'done';
  } catch (error) {
    if (error instanceof LostClaim) {
      deps.log?.warn({ job: job.id, task: job.taskId }, 'document job was taken over by another worker; results dropped');
      return 'lost';
    }
    await claim.stop();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const failed = job.attempts >= deps.settings.maxAttempts;
    const delayMs = deps.settings.retryBaseMs * 4 ** (job.attempts - 1);
    try {
      await inTransaction(db, { userId: job.requestedBy, namespaceId: job.namespaceId }, async (tx) => {
        const rows = await tx
          .update(documentJobs)
          .set(
            failed
              ? { state: 'failed', lastError: message, finishedAt: sql`now()`, lockedAt: null, lockedBy: null }
              : {
                  state: 'queued',
                  lastError: message,
                  lockedAt: null,
                  lockedBy: null,
                  runAfter: sql`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
                },
          )
          .where(ours)
          .returning({ id: documentJobs.id });
        if (rows.length > 0)
          await tx
            .update(tasks)
            .set({ certificateStatus: certificateStatusCode(job.phase, failed ? 'failed' : 'queued') })
            .where(eq(tasks.id, job.taskId));
      });
    } catch (inner) {
      deps.log?.error({ err: inner, job: job.id }, 'could not record a document job failure; the lease will expire');
    }
    deps.log?.[failed ? 'error' : 'warn'](
      { job: job.id, task: job.taskId, attempt: job.attempts, error: message },
      failed ? 'task documents failed' : 'task documents failed; will retry',
    );
    return failed ? 'failed' : 'retry';
  } finally {
    await claim.stop();
  }
}
