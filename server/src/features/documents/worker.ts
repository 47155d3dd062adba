import { asBackground } from '../../db/queue';
import { claimNextJob, DEFAULT_WORKER_SETTINGS, type WorkerDeps, type WorkerSettings } from './lease';
import { processJob } from './generate';

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
 *
 * Its parts: `lease.ts` (claim, heartbeat, lease, orphaned rows), `generate.ts` (one row's
 * documents made, signed and kept), this file (the loop and the per-instance worker), and
 * `enqueue.ts` (queueing, in the caller's transaction).
 */

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
 * nudge right after this instance queues documents (the task services call `app.documents.nudge()`
 * once their transaction has committed). Runs one row at a time; a nudge while it
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
    // Outside the request that nudged: the worker's statements take their own turns at the back
    // of the database queue instead of that request's old one, and only from the next turn of
    // the event loop, so that request's answer goes out first.
    this.running = asBackground(async () => {
      await new Promise((resolve) => setImmediate(resolve));
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
