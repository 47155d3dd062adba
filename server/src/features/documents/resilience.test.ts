import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, secondInstance, type TestContext } from '../../../test/helpers';
import { asBackground } from '../../db/queue';
import { queryRows } from '../../db/rows';
import { documentJobs, files, jobs, tasks, taskTypes } from '../../db/schema';
import { enqueueTaskDocuments } from './enqueue';
import { VERIFY_LIMIT } from './verify';
import { DOCUMENT_OWNER, processJob } from './generate';
import { claimNextJob, DEFAULT_WORKER_SETTINGS, requeueOrphanedJobs, touchClaim, WORKER_INSTANCE, type WorkerDeps } from './lease';
import { drainDocumentJobs } from './worker';

/**
 * The documents queue when things go wrong (issue 19, item 13): a worker that died (kill -9,
 * restart) has its row taken again at once, not after a long lease; a live worker's heartbeat
 * keeps its row; a worker whose row was taken over stores nothing; the worker keeps making
 * documents while requests keep the database busy; and a flood of refused verify requests
 * writes nothing. No test waits a fixed time: each waits for the event it needs.
 */
let t: TestContext;
let jobCount = 0;

const settings = { ...DEFAULT_WORKER_SETTINGS, retryBaseMs: 1000, publicUrl: 'https://portal.example.test' };
const deps = (extra: Partial<WorkerDeps> = {}): WorkerDeps => ({ db: t.app.db, blobs: t.app.blobs, settings, ...extra });
const taskRow = async (id: number) => (await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const jobsOf = (taskId: number) => t.app.db.select().from(documentJobs).where(eq(documentJobs.taskId, taskId)).orderBy(documentJobs.id);
const certificatesOf = (taskId: number) =>
  t.app.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, taskId), eq(files.ownerType, DOCUMENT_OWNER.certificate)));
/** Makes a row's lock as old as a worker that stopped `seconds` ago would leave it. */
const lockedSecondsAgo = (jobId: number, seconds: number) =>
  t.app.db
    .update(documentJobs)
    .set({ lockedAt: sql`now() - ${`${seconds} seconds`}::interval` })
    .where(eq(documentJobs.id, jobId));

/** A submitted task on a demo asset, with its preview queued (11). */
async function queuedTask(): Promise<number> {
  const db = t.app.db;
  const asset = t.demo.assets[0];
  const [taskType] = await db.select().from(taskTypes).where(eq(taskTypes.namespaceId, t.demo.id)).limit(1);
  const engineer = t.demo.accounts['field-engg@demo.test'];
  const [job] = await db
    .insert(jobs)
    .values({
      namespaceId: t.demo.id,
      jobNumber: `DXB-2026-8${String(++jobCount).padStart(4, '0')}`,
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
      status: 8,
      result: 1,
      actualInspectionDate: new Date(Date.UTC(2026, 9, 14, 9, 0)),
    })
    .returning({ id: tasks.id });
  await enqueueTaskDocuments(db, { id: task.id, namespaceId: t.demo.id }, 'preview', engineer);
  return task.id;
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('a document job whose worker died', () => {
  it('has a short lease kept alive by a heartbeat', () => {
    // Before: a 5-minute lease and no heartbeat; a killed worker's task showed "generating" that long.
    expect(DEFAULT_WORKER_SETTINGS.leaseMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_WORKER_SETTINGS.heartbeatMs * 3).toBeLessThanOrEqual(DEFAULT_WORKER_SETTINGS.leaseMs);
  });

  it("is taken by another instance as soon as the dead instance's heartbeat is older than the lease", async () => {
    const taskId = await queuedTask();
    // An instance claims the row, then is killed (no heartbeat any more).
    const dead = await claimNextJob(t.app.db, settings, 'instance-killed');
    expect(dead).toMatchObject({ taskId, attempts: 1, lockedBy: 'instance-killed' });
    // While its lock is fresh, as a live worker's heartbeat keeps it, nobody else takes it.
    expect(await drainDocumentJobs(deps({ instanceId: 'instance-alive' }))).toBe(0);
    // One lease (15 s) after its last heartbeat, the next poll of any instance takes it.
    await lockedSecondsAgo(dead?.id as number, DEFAULT_WORKER_SETTINGS.leaseMs / 1000 + 1);
    expect(await drainDocumentJobs(deps({ instanceId: 'instance-alive' }))).toBe(1);
    const [row] = await jobsOf(taskId);
    expect(row).toMatchObject({ state: 'done', attempts: 2, lockedBy: 'instance-alive' });
    expect((await taskRow(taskId)).certificateStatus).toBe(13);
    // Had the killed worker come back, its late finish would write nothing.
    expect(await processJob(deps({ instanceId: 'instance-killed' }), dead as NonNullable<typeof dead>)).toBe('lost');
    expect(await certificatesOf(taskId)).toHaveLength(1);
  });

  it('is queued again at once when the embedded database starts, without waiting for the lease', async () => {
    const taskId = await queuedTask();
    // The previous process claimed the row and was killed during generation (12).
    const orphan = await claimNextJob(t.app.db, settings, 'previous-process');
    expect(orphan?.taskId).toBe(taskId);
    await t.app.db.update(tasks).set({ certificateStatus: 12 }).where(eq(tasks.id, taskId));
    // The server starts again (here a second app on the same database, in this process).
    const restarted = await secondInstance(t);
    try {
      const [row] = await jobsOf(taskId);
      if (t.app.dbKind === 'pglite') {
        // DATA_DIR's lock makes this the only process: the row's worker is gone.
        expect(row).toMatchObject({ state: 'queued', attempts: 1, lockedBy: null, lockedAt: null });
        expect(row.runAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
        expect((await taskRow(taskId)).certificateStatus).toBe(11);
        expect(await drainDocumentJobs(deps())).toBe(1);
        expect((await jobsOf(taskId))[0]).toMatchObject({ state: 'done', attempts: 2 });
        expect((await taskRow(taskId)).certificateStatus).toBe(13);
      } else {
        // On PostgreSQL another instance may be working on it: its lease decides.
        expect(row).toMatchObject({ state: 'running', lockedBy: 'previous-process' });
        await lockedSecondsAgo(row.id, DEFAULT_WORKER_SETTINGS.leaseMs / 1000 + 1);
        expect(await drainDocumentJobs(deps())).toBe(1);
      }
    } finally {
      await restarted.close();
    }
  });

  it("requeues only other instances' rows: this process's own running rows have a live worker", async () => {
    const mine = await queuedTask();
    const theirs = await queuedTask();
    const own = await claimNextJob(t.app.db, settings, WORKER_INSTANCE);
    const other = await claimNextJob(t.app.db, settings, 'previous-process');
    expect([own?.taskId, other?.taskId].sort()).toEqual([mine, theirs].sort());
    expect(await requeueOrphanedJobs(t.app.db)).toBe(1);
    expect((await jobsOf(own?.taskId as number))[0].state).toBe('running');
    expect((await jobsOf(other?.taskId as number))[0].state).toBe('queued');
    // Leave the queue empty for the tests after this one.
    await requeueOrphanedJobs(t.app.db, 'nobody');
    expect(await drainDocumentJobs(deps())).toBe(2);
  });
});

describe('the order of the queue', () => {
  it('takes what a person asked for before the background backlog queued by nobody', async () => {
    const backlog = await queuedTask();
    await t.app.db.update(documentJobs).set({ requestedBy: null }).where(eq(documentJobs.taskId, backlog));
    const asked = await queuedTask();
    const first = await claimNextJob(t.app.db, settings, 'instance-order');
    const second = await claimNextJob(t.app.db, settings, 'instance-order');
    expect([first?.taskId, second?.taskId]).toEqual([asked, backlog]);
    // Leave the queue empty for the tests after this one.
    await requeueOrphanedJobs(t.app.db, 'nobody');
    expect(await drainDocumentJobs(deps())).toBe(2);
  });
});

describe('a live worker', () => {
  it('keeps its row with heartbeats: a row whose lock would have run out is not taken from it', async () => {
    const taskId = await queuedTask();
    let stolen: unknown = 'not tried';
    const result = await drainDocumentJobs(
      deps({
        instanceId: 'instance-slow',
        settings: { ...settings, heartbeatMs: 10 },
        // A long render: meanwhile the lock is made old, and the heartbeat makes it fresh again.
        render: async (_data, job) => {
          await lockedSecondsAgo(job.id, 3600);
          await vi.waitFor(
            async () => {
              const [row] = await jobsOf(taskId);
              expect(row.lockedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
            },
            { timeout: 60_000, interval: 5 },
          );
          stolen = await claimNextJob(t.app.db, settings, 'instance-other');
        },
      }),
    );
    expect(stolen).toBeNull();
    expect(result).toBe(1);
    expect((await jobsOf(taskId))[0]).toMatchObject({ state: 'done', attempts: 1, lockedBy: 'instance-slow' });
  });

  it('stops without storing anything once a heartbeat finds its row taken over', async () => {
    const taskId = await queuedTask();
    const warnings: string[] = [];
    const log = { info: () => undefined, error: () => undefined, warn: (_o: object, msg: string) => void warnings.push(msg) };
    const filesBefore = (await t.app.db.select({ id: files.id }).from(files)).length;
    const outcome = await asBackground(async () => {
      const job = await claimNextJob(t.app.db, settings, 'instance-stalled');
      if (!job) throw new Error('no job');
      return processJob(
        deps({
          log,
          instanceId: 'instance-stalled',
          settings: { ...settings, heartbeatMs: 10 },
          // The worker stalls past its lease and another instance takes the row over (as its
          // claim does: one more attempt, its name, a fresh lock).
          render: async () => {
            await t.app.db
              .update(documentJobs)
              .set({ attempts: sql`${documentJobs.attempts} + 1`, lockedBy: 'instance-new', lockedAt: sql`now()` })
              .where(eq(documentJobs.id, job.id));
            await vi.waitFor(() => expect(warnings).toContain('document job heartbeat found the row taken over; stopping'), {
              timeout: 60_000,
              interval: 5,
            });
          },
        }),
        job,
      );
    });
    expect(outcome).toBe('lost');
    expect((await t.app.db.select({ id: files.id }).from(files)).length).toBe(filesBefore);
    const [row] = await jobsOf(taskId);
    expect(row).toMatchObject({ state: 'running', attempts: 2, lockedBy: 'instance-new' });
    // The claim is the other instance's now: the stalled worker's heartbeat no longer refreshes it.
    const stalled = { id: row.id, namespaceId: t.demo.id, taskId, phase: 'preview' as const, attempts: 1, requestedBy: null };
    expect(await touchClaim(t.app.db, { ...stalled, lockedBy: 'instance-stalled' })).toBe(false);
    expect(await touchClaim(t.app.db, { ...stalled, attempts: 2, lockedBy: 'instance-new' })).toBe(true);
    await lockedSecondsAgo(row.id, 3600);
    expect(await drainDocumentJobs(deps())).toBe(1);
  });
});

describe('documents under load', () => {
  it('are made while a stream of requests keeps the one slot of the database busy', async () => {
    const loAdmin = await t.login('lo-admin@demo.test');
    const taskId = await queuedTask();
    t.app.dbQueue.configure({ slots: 1 });
    let stop = false;
    let served = 0;
    // Twenty busy sessions, each sending its next request as soon as one is answered.
    const session = async () => {
      while (!stop) {
        const response = await loAdmin.get('/api/Users?offset=0&limit=20');
        expect(response.statusCode).toBe(200);
        served++;
      }
    };
    try {
      const sessions = Array.from({ length: 20 }, session);
      // The worker as the app runs it: background work of the queue.
      const made = await asBackground(() => drainDocumentJobs(deps())).finally(() => {
        stop = true;
      });
      await Promise.all(sessions);
      expect(made).toBe(1);
      expect((await taskRow(taskId)).certificateStatus).toBe(13);
      expect(served).toBeGreaterThan(0);
    } finally {
      stop = true;
      t.app.dbQueue.configure({ slots: t.app.dbKind === 'pglite' ? 1 : 10 });
    }
  });
});

describe('a verify flood', () => {
  it('writes nothing for a refused request', async () => {
    const ip = '10.19.13.1';
    const verify = () => t.app.inject({ method: 'GET', url: '/api/verify/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip });
    const page = () => t.app.inject({ method: 'GET', url: '/verify/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip });
    for (let i = 0; i < VERIFY_LIMIT.max; i++) expect((await verify()).statusCode).toBe(404);
    const version = async () =>
      (
        await queryRows<{ count: number; version: string }>(
          t.app.db,
          sql`select count, xmin::text as version from rate_limits where key = ${`verify:${ip}`}`,
        )
      )[0];
    const full = await version();
    expect(full.count).toBe(VERIFY_LIMIT.max);
    for (let i = 0; i < 20; i++) {
      const refused = i % 2 === 0 ? await verify() : await page();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Before: every refused request wrote the row (count 80, a new row version each time).
    expect(await version()).toEqual(full);
    // Another address is not held up.
    expect((await t.app.inject({ method: 'GET', url: '/api/verify/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '10.19.13.2' })).statusCode).toBe(
      404,
    );
  });
});
