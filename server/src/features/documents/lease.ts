import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { certificateStatusCode } from '@portal/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { documentJobs, tasks } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import type { BlobStore } from '../../lib/blobs';
import type { TaskDocumentData } from './dataTypes';
import type { DocumentPhase } from './enqueue';

// The claim and its lease (`worker.ts` says how the queue is worked): taking the next due row
// in one statement, the heartbeat that keeps it, and giving back rows of a dead process.

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
         where id = (select j.id from document_jobs j
                      where ((j.state = 'queued' and j.run_after <= now())
                         or (j.state = 'running' and j.locked_at < now() - ${lease}::interval))
                        -- An LLG booklet (a parent's final) binds its children's issued certificates
                        -- (their verification codes): it waits while any child's final is unfinished.
                        and not (j.phase = 'final' and exists (
                              select 1 from tasks c join document_jobs cj on cj.task_id = c.id
                               where c.parent_id = j.task_id and cj.phase = 'final' and cj.state in ('queued', 'running')))
                      -- What a person asked for (an approval, a submit) before the background
                      -- backlog (the demo's documents queued at first start, requested by nobody).
                      order by (j.requested_by is null), j.run_after, j.id
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
export const stillOurs = (job: ClaimedJob) =>
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
export function keepClaim(deps: WorkerDeps, job: ClaimedJob): { readonly lost: boolean; stop(): Promise<void> } {
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
    for (const { taskId, phase } of orphaned) {
      await tx
        .update(tasks)
        .set({ certificateStatus: certificateStatusCode(phase, 'queued') })
        .where(and(eq(tasks.id, taskId), eq(tasks.certificateStatus, certificateStatusCode(phase, 'generating'))));
    }
    return orphaned.length;
  });
}

/** The row was taken over (its lease ran out): this worker keeps nothing. */
export class LostClaim extends Error {}
