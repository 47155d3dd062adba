import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type CertificateFacts, certificateStatusCode } from '@portal/contracts';
import { and, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import { certificates, documentJobs, files, tasks } from '../../db/schema';
import { asBackground } from '../../db/queue';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import type { BlobStore } from '../../lib/blobs';
import { newBlobKey } from '../../lib/tokens';
import { loadTaskDocumentData } from './data';
import type { TaskDocumentData } from './dataTypes';
import { type DocumentPhase, enqueueTaskDocuments } from './enqueue';
import { renderCertificate } from './certificate';
import { zonedDay } from './dates';
import { renderReport } from './render';
import { signPdf } from './signing';
import { signingKey } from './signingKeys';

/**
 * The documents queue's worker (issue 10; docs/documents.md). Any server instance takes the
 * next due `document_jobs` row with `SELECT ... FOR UPDATE SKIP LOCKED` inside one UPDATE, so
 * two workers never take the same row; it marks the row running (`locked_at`, one more
 * attempt) and the task's certificate status 12/32, reads the task, renders and signs the PDFs
 * with no database slot held, stores them in the blob store, and in one short transaction
 * keeps the file rows, sets the task's file ids and 13/33 and (final) the certificate's
 * SHA-256 and verification code. That last transaction only commits while the row is still
 * this worker's claim (same attempt number): a worker whose lease ran out and whose row was
 * taken again writes nothing. A failure puts the row back with a growing delay, and after the
 * last attempt marks it failed with the error and the task 19/39.
 *
 * A dead worker's row is taken again at once: the claim records the worker's instance
 * (`locked_by`, one per process) and a heartbeat refreshes `locked_at` every few seconds while
 * the worker has the row, so the lease can be short (15 s): a running row whose heartbeat
 * stopped (kill -9, a lost machine) is taken by any instance once the lease runs out. On the
 * embedded database only one process may use DATA_DIR (db/dataDirLock.ts), so at start-up
 * every running row of another instance is orphaned and goes back to the queue at once
 * (`requeueOrphanedJobs`). A heartbeat that finds the row taken over stops the worker before
 * it stores anything. Nothing here lives only in memory: a restart finds everything in the
 * table, and another instance needs nothing of this one.
 */
export const DOCUMENT_OWNER = {
  certificate: 'task-certificate',
  fieldReport: 'task-field-report',
  fullReport: 'task-full-report',
} as const;

export interface WorkerSettings {
  /** A running row whose lock (claim or last heartbeat) is older than this is taken again: its worker died. */
  leaseMs: number;
  /** How often a worker refreshes the lock of the row it has, well under the lease (default 5 s). */
  heartbeatMs?: number;
  /** Attempts before a row is marked failed (19/39). */
  maxAttempts: number;
  /** Delay before the n-th retry: base * 4^(n-1) (10 s, 40 s, 160 s...). */
  retryBaseMs: number;
  /** The address the verification QR code points to (PUBLIC_URL, else the server's own). */
  publicUrl: string;
}

export const DEFAULT_WORKER_SETTINGS: Required<Omit<WorkerSettings, 'publicUrl'>> = {
  leaseMs: 15_000,
  heartbeatMs: 5_000,
  maxAttempts: 3,
  retryBaseMs: 10_000,
};

/**
 * This process's name on the rows its workers claim (`document_jobs.locked_by`): host, pid and
 * a random part, so a restarted process (same pid in a container) is another instance.
 */
export const WORKER_INSTANCE = `${os.hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

export interface ClaimedJob {
  id: number;
  namespaceId: number;
  taskId: number;
  phase: DocumentPhase;
  attempts: number;
  requestedBy: number | null;
  /** The instance that holds the claim (`locked_by`). */
  lockedBy: string;
}

/** What the worker needs of the app (also what tests and the bench pass in). */
export interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  settings: WorkerSettings;
  /** The instance recorded on its claims; this process's `WORKER_INSTANCE` unless a test says otherwise. */
  instanceId?: string;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Test seam: called after rendering, before the results are kept (a crash or a slow worker). */
  afterRender?: (job: ClaimedJob) => Promise<void>;
  /** Test seam: replaces the renderers (a failing one). */
  render?: (data: TaskDocumentData, job: ClaimedJob) => Promise<void>;
}

/**
 * Takes the next due row (or a running one whose lease ran out: its worker stopped sending
 * heartbeats), or null when none is due. The row records `instanceId` as its holder.
 */
export async function claimNextJob(
  db: Db,
  settings: Pick<WorkerSettings, 'leaseMs'>,
  instanceId: string = WORKER_INSTANCE,
): Promise<ClaimedJob | null> {
  const lease = `${Math.max(1, Math.round(settings.leaseMs))} milliseconds`;
  const rows = await queryRows<{
    id: number;
    namespace_id: number;
    task_id: number;
    phase: DocumentPhase;
    attempts: number;
    requested_by: number | null;
  }>(
    db,
    sql`update document_jobs set state = 'running', locked_at = now(), locked_by = ${instanceId}, attempts = attempts + 1
         where id = (select id from document_jobs
                      where (state = 'queued' and run_after <= now())
                         or (state = 'running' and locked_at < now() - ${lease}::interval)
                      -- What a person asked for (an approval, a submit) before the background
                      -- backlog (the demo's documents queued at first start, requested by nobody).
                      order by (requested_by is null), run_after, id
                      limit 1
                      for update skip locked)
        returning id, namespace_id, task_id, phase, attempts, requested_by`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    taskId: row.task_id,
    phase: row.phase,
    attempts: row.attempts,
    requestedBy: row.requested_by,
    lockedBy: instanceId,
  };
}

/** The row is still this claim: running, the same attempt, the same holder. */
const stillOurs = (job: ClaimedJob) =>
  and(
    eq(documentJobs.id, job.id),
    eq(documentJobs.state, 'running'),
    eq(documentJobs.attempts, job.attempts),
    eq(documentJobs.lockedBy, job.lockedBy),
  );

/**
 * The heartbeat: refreshes the lock of a row this worker still has. Answers false when the
 * row was taken over (its lease ran out and another worker claimed it) or finished.
 */
export async function touchClaim(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db.update(documentJobs).set({ lockedAt: sql`now()` }).where(stillOurs(job)).returning({ id: documentJobs.id });
  return rows.length > 0;
}

/**
 * Sends heartbeats for `job` every `heartbeatMs` until stopped; `lost` turns true once one
 * finds the row taken over. A heartbeat that cannot reach the database is tried again at the
 * next beat (the lease is three beats long). The worker stops them before it writes the row's
 * outcome (which its claim guards by itself), so a late beat never mistakes it for a takeover.
 */
function keepClaim(deps: WorkerDeps, job: ClaimedJob): { readonly lost: boolean; stop(): Promise<void> } {
  let lost = false;
  let stopped = false;
  let beating: Promise<void> | null = null;
  const beat = () => {
    if (beating || lost || stopped) return;
    beating = touchClaim(deps.db, job)
      .then((ours) => {
        if (ours || stopped) return;
        lost = true;
        deps.log?.warn({ job: job.id, task: job.taskId }, 'document job heartbeat found the row taken over; stopping');
      })
      .catch((error: unknown) => deps.log?.warn({ err: error, job: job.id }, 'document job heartbeat failed; trying again'))
      .finally(() => {
        beating = null;
      });
  };
  const timer = setInterval(beat, Math.max(1, deps.settings.heartbeatMs ?? DEFAULT_WORKER_SETTINGS.heartbeatMs));
  timer.unref();
  return {
    get lost() {
      return lost;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
    },
  };
}

/**
 * Puts back in the queue, at once, every running row claimed by another instance than this
 * one. Only for the embedded database at start-up: DATA_DIR's lock keeps any other process
 * out, so such a row's worker is gone (kill -9, a crash) and waiting out its lease would show
 * the task "generating" for nothing. The attempt it used counts. Answers how many rows.
 */
export async function requeueOrphanedJobs(db: Db, instanceId: string = WORKER_INSTANCE): Promise<number> {
  return inTransaction(db, null, async (tx) => {
    const orphaned = await tx
      .update(documentJobs)
      .set({ state: 'queued', lockedAt: null, lockedBy: null, runAfter: sql`now()` })
      .where(and(eq(documentJobs.state, 'running'), or(isNull(documentJobs.lockedBy), ne(documentJobs.lockedBy, instanceId))))
      .returning({ taskId: documentJobs.taskId, phase: documentJobs.phase });
    for (const row of orphaned) {
      const phase = row.phase as DocumentPhase;
      await tx
        .update(tasks)
        .set({ certificateStatus: certificateStatusCode(phase, 'queued') })
        .where(and(eq(tasks.id, row.taskId), eq(tasks.certificateStatus, certificateStatusCode(phase, 'generating'))));
    }
    return orphaned.length;
  });
}

class LostClaim extends Error {}

/** What the verification page shows of a certificate, as it was issued. */
export function certificateFacts(data: TaskDocumentData): CertificateFacts {
  return {
    issuer: data.provider.name,
    client: data.client.name,
    site: data.site.name,
    asset: data.asset.name,
    serialNumber: data.asset.serialNumber,
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

interface Rendered {
  ownerType: string;
  fileName: string;
  pdf: Buffer;
}

const safeName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');

async function renderAll(deps: WorkerDeps, data: TaskDocumentData, job: ClaimedJob, code: string | null): Promise<Rendered[]> {
  const final = job.phase === 'final';
  const issuedAt = new Date();
  const verificationUrl = code ? `${deps.settings.publicUrl.replace(/\/+$/, '')}/verify/${code}` : null;
  const base = final
    ? safeName(`${data.certificateNumber}${data.revision > 0 ? `-rev${data.revision}` : ''}`)
    : `task-${data.taskId}-preview`;
  const out: Rendered[] = [
    {
      ownerType: DOCUMENT_OWNER.certificate,
      fileName: `Certificate-${base}.pdf`,
      pdf: await renderCertificate(data, { final, verificationUrl, issuedAt }),
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
        reason: `${doc.ownerType === DOCUMENT_OWNER.certificate ? 'Certificate' : 'Report'} ${data.certificateNumber}`,
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
        if (certificate)
          await tx.insert(certificates).values({
            namespaceId: job.namespaceId,
            taskId: job.taskId,
            number: data.certificateNumber ?? '',
            revision: data.revision,
            sha256: certificate.sha256,
            code,
            fileId: ids[DOCUMENT_OWNER.certificate],
            facts: certificateFacts(data),
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

/** Works every due row until none is left (tests, the bench, and each tick of the timer). */
export async function drainDocumentJobs(
  deps: WorkerDeps | (Omit<WorkerDeps, 'settings'> & { settings?: Partial<WorkerSettings> }),
): Promise<number> {
  const full: WorkerDeps = { ...deps, settings: { ...DEFAULT_WORKER_SETTINGS, publicUrl: 'http://localhost:3000', ...deps.settings } };
  let count = 0;
  for (;;) {
    const job = await claimNextJob(full.db, full.settings, full.instanceId);
    if (!job) return count;
    await processJob(full, job);
    count++;
    // Lets waiting requests in between documents (rendering holds the event loop).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * One worker per server instance: a poll timer (`DOCUMENT_POLL_MS`, 0 turns it off) and a
 * nudge right after this instance queues documents. Runs one row at a time; a nudge while it
 * works makes it look again when done.
 */
export class DocumentWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly pollMs: number,
  ) {}

  start(pollMs = this.pollMs): void {
    this.stopped = false;
    if (this.timer || pollMs <= 0) return;
    this.timer = setInterval(() => this.nudge(), pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for due rows now (after an enqueue on this instance). Off while the worker is stopped. */
  nudge(): void {
    if (this.stopped || (!this.timer && this.pollMs <= 0)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // Outside the request whose hook nudged (onResponse): the worker's statements take their
    // own turns at the back of the database queue instead of that request's old one.
    this.running = asBackground(async () => {
      do {
        this.again = false;
        try {
          await drainDocumentJobs(this.deps);
        } catch (error) {
          this.deps.log?.warn({ err: error }, 'document worker could not read the queue');
        }
      } while (this.again && !this.stopped);
    }).finally(() => {
      this.running = null;
    });
  }

  /** Stops the timer and waits for the row in hand (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  drain(): Promise<number> {
    return drainDocumentJobs(this.deps);
  }
}

/**
 * Retry from the UI (tsrv's `POST /api/addasynctask`): queues the task's documents of the
 * phase its certificate status says (final once approved, preview otherwise), in the caller's
 * transaction. Answers the phase queued.
 */
export async function retryTaskDocuments(
  db: Db,
  task: { id: number; namespaceId: number; status: number },
  requestedBy: number | null,
): Promise<DocumentPhase> {
  const phase: DocumentPhase = task.status === 16 ? 'final' : 'preview';
  await enqueueTaskDocuments(db, task, phase, requestedBy);
  return phase;
}

/** The documents rows of a task, newest first (diagnostics and tests). */
export async function taskDocumentJobs(db: Db, taskId: number) {
  return db
    .select()
    .from(documentJobs)
    .where(eq(documentJobs.taskId, taskId))
    .orderBy(sql`${documentJobs.createdAt} desc, ${documentJobs.id} desc`);
}
