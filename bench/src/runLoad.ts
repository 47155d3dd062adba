import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generateBenchData, generateBenchPostgres } from './generate';
import { drive, driveWithThinkTime, editableUsers, newcomers, openSessions } from './load';
import { certificateDuringLoad, listDuringUploads } from './loadBusy';
import { signIn, Unavailable } from './lib/http';
import { type PortalServer, startPortal } from './lib/processes';
import { count, ms } from './lib/table';
import { add, failed, onlyCertificate, quick, settings } from './runState';

// Figure h: concurrent sessions on the embedded database and on PostgreSQL.

const SESSION_COUNTS = [50, 200];
const UPLOADERS = 20;
const UPLOAD_BYTES = 5 * 1024 * 1024 - 1024;

/** How long the certificate of h may take before the run gives up on it (the target is 30 s). */
const CERTIFICATE_CAP_SECONDS = 90;
/** Mean think time of figure h's users who read between requests. */
const THINK_MS = 5_000;

/** h: a final certificate made while 200 sessions are busy (approval to certificate status 33). */
async function certificateRow(label: string, server: PortalServer, tokens: string[], targets: Awaited<ReturnType<typeof editableUsers>>) {
  const sessions = Math.max(...SESSION_COUNTS);
  const figure = `${label}: a certificate ready while ${sessions} sessions are busy (approval answered to certificate status 33)`;
  try {
    const approver = await signIn(server.base, 'lo-admin@demo.test');
    const c = await certificateDuringLoad(server.base, tokens.slice(0, sessions), targets, approver, {
      warmupSeconds: Math.max(2, settings.warmupSeconds),
      capSeconds: CERTIFICATE_CAP_SECONDS,
    });
    const failures = Object.entries(c.load.errors)
      .map(([status, n]) => `${count(n)} x ${status}`)
      .join(', ');
    add({
      id: 'h',
      figure,
      result: ms(c.readyMs),
      target: '<= 30 s',
      ok: c.readyMs <= 30_000,
      detail: `task ${c.taskId}${c.previewMade ? ' (its preview made first, before the load)' : ''}; approval answered in ${ms(c.approveMs)}; sessions meanwhile p50 ${ms(c.load.p50)}, p95 ${ms(c.load.p95)}, ${count(c.load.rps)} req/s${failures ? `, errors ${failures}` : ''}`,
    });
  } catch (error) {
    failed('h', figure, '<= 30 s', error);
  }
}

/** Users who read between requests: each sends one about every THINK_MS (p99 <= 1 s on the embedded database). */
async function thinkTimeRow(label: string, server: PortalServer, tokens: string[], targets: Awaited<ReturnType<typeof editableUsers>>) {
  const sessions = Math.max(...SESSION_COUNTS);
  // Long enough for several think times per user (a --quick run too).
  const seconds = Math.max(settings.sessionSeconds, quick ? 15 : 40);
  const figure = `${label}: ${sessions} users with think time (a request every ${THINK_MS / 1000} s on average each, the same mix), ${seconds} s`;
  const target = label === 'embedded' ? 'p99 <= 1 s' : '';
  try {
    const r = await driveWithThinkTime(server.base, tokens.slice(0, sessions), targets, seconds, THINK_MS);
    const failures = Object.entries(r.errors)
      .map(([status, n]) => `${count(n)} x ${status}`)
      .join(', ');
    add({
      id: 'h',
      figure,
      result: `p99 ${ms(r.p99)}`,
      target,
      ok: label === 'embedded' ? r.p99 <= 1000 && !failures : undefined,
      detail: `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, longest ${ms(r.longest)}; ${count(r.requests)} requests (${count(r.rps)} req/s), errors ${failures || '0'}`,
    });
  } catch (error) {
    failed('h', figure, target, error);
  }
}

/** One database's rows of h: 50 and 200 sessions, a certificate under load, then the list during uploads. */
async function loadRows(label: string, server: PortalServer) {
  const signInStarted = performance.now();
  const tokens = await openSessions(server.base, 'bench@demo.test', Math.max(...SESSION_COUNTS));
  console.log(`  (${label}: ${tokens.length} sessions signed in in ${ms(performance.now() - signInStarted)})`);
  const targets = await editableUsers(server.base, tokens[0], UPLOADERS);
  // Warm-up (caches, planner), not measured.
  await drive(server.base, tokens.slice(0, 20), targets, settings.warmupSeconds);
  if (onlyCertificate) {
    await certificateRow(label, server, tokens, targets);
    return;
  }
  for (const sessions of SESSION_COUNTS) {
    const figure = `${label}: ${sessions} sessions, ${settings.sessionSeconds} s (lists, counts, 5% user saves)`;
    try {
      // New visitors come meanwhile, each on a new connection (figure "a new connection ... answered").
      const visiting = { stopped: false };
      const visitors = newcomers(server.base, visiting);
      const r = await drive(server.base, tokens.slice(0, sessions), targets, settings.sessionSeconds).finally(() => {
        visiting.stopped = true;
      });
      const v = await visitors;
      const failures = Object.values(r.errors).reduce((a, b) => a + b, 0);
      const byStatus = Object.entries(r.errors)
        .map(([status, n]) => `${count(n)} x ${status}`)
        .join(', ');
      const sample = Object.entries(r.samples)
        .map(([status, text]) => `${status}: ${text}`)
        .join('; ');
      const only503 = Object.keys(r.errors).every((status) => status === '503');
      console.log(
        `  (slowest by kind: ${Object.entries(r.slowestByKind)
          .map(([kind, time]) => `${kind} ${ms(time)}`)
          .join(', ')})`,
      );
      add({
        id: 'h',
        figure,
        result: `${count(r.rps)} req/s`,
        target: 'longest < 15 s, no error but 503',
        ok: r.longest < 15_000 && only503,
        detail: `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, longest ${ms(r.longest)}; ${count(r.requests)} requests, errors ${failures ? `${byStatus} (${sample.slice(0, 120)})` : '0'}`,
      });
      add({
        id: 'h',
        figure: `${label}: a new connection during ${sessions} busy sessions, accepted and answered (GET /api/health, longest)`,
        result: ms(v.healthLongest),
        target: '<= 2 s',
        ok: v.healthLongest <= 2000 && v.failures === 0,
        detail: `${count(v.visitors)} visitors, one every 0.5 s, each on a new connection: health p50 ${ms(v.healthP50)}; then the login page's GET /api/loginBranding on it (waits its turn in the line) p50 ${ms(v.brandingP50)}, longest ${ms(v.brandingLongest)}${v.failures ? `; ${v.failures} answers not 200` : ''}`,
      });
    } catch (error) {
      failed('h', figure, 'longest < 15 s, no error but 503', error);
    }
  }
  await thinkTimeRow(label, server, tokens, targets);
  await certificateRow(label, server, tokens, targets);
  const figure = `${label}: GET /api/Users (page of 100) during ${UPLOADERS} concurrent 5 MB signature uploads, ${settings.uploadSeconds} s`;
  try {
    const u = await listDuringUploads(server.base, tokens, targets, UPLOADERS, settings.uploadSeconds, UPLOAD_BYTES);
    const failures = Object.entries(u.uploadErrors)
      .map(([status, n]) => `${count(n)} x ${status}`)
      .join(', ');
    add({
      id: 'h',
      figure,
      result: `p95 ${ms(u.p95)}`,
      target: '',
      detail: `p50 ${ms(u.p50)}, max ${ms(u.max)}, ${count(u.listRequests)} lists${u.listErrors ? ` (${u.listErrors} failed)` : ''}; ${count(u.uploads)} uploads done${failures ? `, failed ${failures} (${u.uploadSample.slice(0, 80)})` : ''}`,
    });
  } catch (error) {
    failed('h', figure, '', error);
  }
}

export async function figureH(tmp: string) {
  console.log(`\n[h] ${SESSION_COUNTS.join(' and ')} concurrent sessions, embedded database then PostgreSQL`);
  const dataDir = path.join(tmp, 'f');
  if (!existsSync(path.join(dataDir, 'db'))) await generateBenchData(dataDir, settings);
  const embedded = await startPortal(dataDir);
  try {
    await loadRows('embedded', embedded);
  } finally {
    await embedded.stop();
  }
  if (onlyCertificate) return;

  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    failed('h', 'PostgreSQL rows', '', new Unavailable(`PostgreSQL not available at ${serverUrl} (${(error as Error).message})`));
    return;
  }
  try {
    const url = `${serverUrl}/${name}`;
    const generatedMs = await generateBenchPostgres(url, settings);
    add({ id: 'h', figure: 'PostgreSQL: generate the same data', result: ms(generatedMs), target: '' });
    const server = await startPortal(path.join(tmp, 'h-pg'), {}, url);
    try {
      await loadRows('PostgreSQL', server);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}
