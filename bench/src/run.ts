// npm run bench [-- --quick] [-- --no-build] [-- --keep]
//
// Builds the server and the web app, then measures, on fresh embedded databases in a
// temporary folder, and prints one table (also written to bench/results/latest.md):
//   a. server start on an existing embedded database (median of 3 restarts)
//   b. GET /api/login under load, beside a bare Fastify route answering the same body
//   c. POST /api/weblogin p95 (password hashing included)
//   d. gzipped JavaScript loaded by /login          (needs the web build)
//   e. Lighthouse mobile performance of /login      (needs the web build)
//   f. users and clients lists on 50,000 users and 20,000 clients, and the full users export
//   g. the Users screen after Load More to 2,000 rows: sort and scroll in Chromium (web build)
//   i. a list's first paint with data, and in-app navigation between two lists (web build)
//   j. Data Forms: Show Form of a 60-field form until its canvas (then its preview) is painted
//   k. Data Forms: saving a 60-field definition (POST /api/Setting/FormJSON)
//   l. Jobs: list page of 500 + count with a filter on 20,000 jobs / 100,000 tasks, save of a job
//      with 20 tasks, 20 concurrent saves giving 20 distinct numbers
//   m. certificate PDF generation: a signed final certificate of a 40-item checklist (p50, p95), and
//      one with a 6300x6300 signature and 10 photos uploaded through the image scaling
//   h. 50 and 200 concurrent signed-in sessions on the embedded database (the data of f) and on
//      PostgreSQL (a fresh database on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432,
//      created and dropped by the bench), with new visitors on new connections meanwhile (the
//      longest wait for an answer), 200 users with think time (a request every 5 s each: p99),
//      a final certificate made while 200 sessions are busy
//      (approval to certificate status 33), and GET /api/Users during 20 concurrent 5 MB uploads
// --quick shortens every duration and uses a tenth of the data, for a smoke run only.
// --only-load (or `h`) runs f's data generation and h only (no build, no browser figures).
// --only-certificate runs f's data generation and h's certificate figure on the embedded
//   database only (no web build, no browser figures, no PostgreSQL).
// Timings never go into the test suite: machines differ; this is for people to read.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateBenchData, generateBenchPostgres } from './generate';
import { createSixtyFieldForm, measureDefinitionSaves, measureFormOpen } from './dataForms';
import { measureInspect } from './inspect';
import { measureListPaint } from './listPaint';
import { certificateDuringLoad, drive, driveWithThinkTime, editableUsers, listDuringUploads, newcomers, openSessions } from './load';
import { measureUsersTable } from './usersTable';
import { measureJobSaves } from './jobs';
import { measureCertificates, measureHeavyCertificate } from './certificates';
import { lighthousePerformance, scriptWeight } from './lib/browser';
import { get, load, median, sequential, signIn, Unavailable } from './lib/http';
import { freePort, killAll, type PortalServer, repoRoot, spawnNode, startPortal, waitFor200 } from './lib/processes';
import { count, kb, markdownTable, ms, type Row } from './lib/table';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const settings = quick
  ? {
      restarts: 3,
      loadSeconds: 3,
      warmupSeconds: 1,
      sequential: 50,
      exports: 1,
      users: 5_000,
      clients: 2_000,
      jobs: 2_000,
      heavyAssets: { site: 500, client: 5_000 },
      jobSaves: 10,
      sessionSeconds: 4,
      uploadSeconds: 4,
    }
  : {
      restarts: 3,
      loadSeconds: 10,
      warmupSeconds: 2,
      sequential: 200,
      exports: 3,
      users: 50_000,
      clients: 20_000,
      jobs: 20_000,
      heavyAssets: { site: 5_000, client: 50_000 },
      jobSaves: 50,
      sessionSeconds: 20,
      uploadSeconds: 15,
    };
const onlyCertificate = args.has('--only-certificate');
// `npm run bench -- h` is the same as --only-load.
const onlyLoad = args.has('--only-load') || args.has('h') || onlyCertificate;

const loadAtStart = os.loadavg()[0];
const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  const mark = row.ok === undefined ? '' : row.ok ? ' (ok)' : ' (MISSED)';
  console.log(`  ${row.id} ${row.figure}: ${row.result}${mark}${row.detail ? ` - ${row.detail}` : ''}`);
};
/** A row for a figure that could not be measured; the run goes on. */
const failed = (id: string, figure: string, target: string, error: unknown) =>
  add({
    id,
    figure,
    result: error instanceof Unavailable ? error.message : 'error',
    target,
    detail:
      error instanceof Unavailable
        ? undefined
        : String((error as Error).message ?? error)
            .split('\n')[0]
            .slice(0, 160),
  });

function runNpm(argv: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', argv, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Builds server (required) and web (optional: its figures then say why they are missing). */
async function build(): Promise<string | null> {
  if (args.has('--no-build')) {
    if (!existsSync(path.join(repoRoot, 'server', 'dist', 'server.js'))) throw new Error('server not built; run without --no-build');
    return existsSync(path.join(repoRoot, 'web', 'dist', 'index.html')) ? null : 'web not built';
  }
  if ((await runNpm(['run', 'build', '-w', 'server'])) !== 0) throw new Error('npm run build -w server failed');
  if (onlyLoad) return 'web not needed (--only-load)';
  if (!existsSync(path.join(repoRoot, 'web', 'index.html'))) return 'web not built (no web/index.html yet)';
  if ((await runNpm(['run', 'build', '-w', 'web'])) !== 0) return 'web not built (npm run build -w web failed)';
  return null;
}

async function figureA(dataDir: string): Promise<PortalServer> {
  console.log('\n[a] server start on an existing embedded database');
  const first = await startPortal(dataDir);
  add({ id: 'a', figure: 'first start (creates the database, seeds the demo data)', result: ms(first.startMs), target: '' });
  await first.stop();
  const times: number[] = [];
  let server: PortalServer | null = null;
  for (let i = 0; i < settings.restarts; i++) {
    if (server) await server.stop();
    server = await startPortal(dataDir);
    times.push(server.startMs);
  }
  const value = median(times);
  add({
    id: 'a',
    figure: `server start, existing embedded database (median of ${settings.restarts})`,
    result: ms(value),
    target: '< 3 s',
    ok: value < 3000,
    detail: `spawn to first 200 of GET /api/loginBranding; runs ${times.map(ms).join(', ')}`,
  });
  return server as PortalServer;
}

async function figureB(server: PortalServer, tmp: string) {
  console.log(`\n[b] GET /api/login, 50 connections, ${settings.loadSeconds} s, beside a bare Fastify route`);
  const token = await signIn(server.base, 'scheduler@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const { body } = await get(`${server.base}/api/login`, headers);
  const bodyFile = path.join(tmp, 'login-body.json');
  await writeFile(bodyFile, body);

  const barePort = await freePort();
  const bare = spawnNode([path.join('bench', 'src', 'lib', 'bare-server.mjs')], {
    ...process.env,
    PORT: String(barePort),
    BODY_FILE: bodyFile,
  });
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/api/login`;
    await waitFor200(bareUrl, bare, performance.now(), 30_000);
    const same = (await get(bareUrl, headers)).body === body;

    const ourUrl = `${server.base}/api/login`;
    await load({ url: ourUrl, connections: 50, seconds: settings.warmupSeconds, headers });
    const ours = await load({ url: ourUrl, connections: 50, seconds: settings.loadSeconds, headers });
    await load({ url: bareUrl, connections: 50, seconds: settings.warmupSeconds, headers });
    const yardstick = await load({ url: bareUrl, connections: 50, seconds: settings.loadSeconds, headers });
    const failures = ours.failures ? `, ${count(ours.failures)} failed requests` : '';
    add({
      id: 'b',
      figure: 'GET /api/login (portal, signed in as scheduler)',
      result: `${count(ours.rps)} req/s`,
      target: '',
      detail: `p95 ${ms(ours.p95)}, p50 ${ms(ours.p50)}${failures}; body ${count(body.length)} bytes`,
    });
    add({
      id: 'b',
      figure: 'same body from a bare Fastify route',
      result: `${count(yardstick.rps)} req/s`,
      target: '',
      detail: `p95 ${ms(yardstick.p95)}, p50 ${ms(yardstick.p50)}${same ? '' : '; WARNING: body differs'}`,
    });
    const ratio = ours.rps / yardstick.rps;
    add({
      id: 'b',
      figure: 'portal / bare req/s',
      result: `${Math.round(ratio * 100)}%`,
      target: '>= 50%',
      ok: ratio >= 0.5 && ours.failures === 0,
    });
  } finally {
    await bare.stop();
  }
}

async function figureC(server: PortalServer) {
  console.log(`\n[c] POST /api/weblogin, 10 connections, ${settings.loadSeconds} s`);
  const result = await load({
    url: `${server.base}/api/weblogin`,
    connections: 10,
    seconds: settings.loadSeconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'scheduler@demo.test', password: 'demo1234' }),
  });
  if (result.requests === 0 || result.failures === result.requests) throw new Error('every sign-in failed');
  add({
    id: 'c',
    figure: 'POST /api/weblogin p95 (valid password, hash included)',
    result: ms(result.p95),
    target: '',
    detail: `${count(result.rps)} sign-ins/s, p50 ${ms(result.p50)}${result.failures ? `, ${count(result.failures)} failed` : ''}`,
  });
}

/** m. QR stickers (issue 11): a sheet of 480 labels (serials, PDF, file and mail in the request), each size. */
async function figureStickers(server: PortalServer) {
  console.log('\n[o] POST /api/QRCodeWithImage, 480 stickers');
  const token = await signIn(server.base, 'scheduler@demo.test');
  for (const size of ['25mm', '38mm', '50mm']) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/QRCodeWithImage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ size, color: 'Black', quantity: 480 }),
      });
      const body = await response.text();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${response.status} ${body.slice(0, 200)}`);
      bytes = body.length;
    }
    const value = median(times);
    add({
      id: 'o',
      figure: `QR sticker sheet of 480 labels, ${size} (median of 3)`,
      result: ms(value),
      target: '< 5 s',
      ok: value < 5000,
      detail: `runs ${times.map(ms).join(', ')}; answer ${bytes} bytes`,
    });
  }
}

async function figuresDE(server: PortalServer, webProblem: string | null) {
  console.log('\n[d, e] the /login page in Chromium');
  const url = `${server.base}/login`;
  let problem = webProblem;
  if (!problem) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200 || !String(response.headers.get('content-type')).includes('text/html')) {
      problem = `web not built (GET /login answered ${response.status})`;
    }
  }
  if (problem) {
    add({ id: 'd', figure: 'gzipped JavaScript loaded by /login', result: problem, target: '< 200 KB' });
    add({ id: 'e', figure: 'Lighthouse mobile performance of /login', result: problem, target: '>= 0.9' });
    return;
  }
  try {
    const weight = await scriptWeight(url);
    add({
      id: 'd',
      figure: 'gzipped JavaScript loaded by /login',
      result: kb(weight.gzipBytes),
      target: '< 200 KB',
      ok: weight.gzipBytes < 200 * 1024,
      detail: `${weight.scripts} script${weight.scripts === 1 ? '' : 's'}, ${kb(weight.rawBytes)} uncompressed, gzip -9 each`,
    });
  } catch (error) {
    failed('d', 'gzipped JavaScript loaded by /login', '< 200 KB', error);
  }
  try {
    const lh = await lighthousePerformance(url);
    add({
      id: 'e',
      figure: 'Lighthouse mobile performance of /login',
      result: lh.score.toFixed(2),
      target: '>= 0.9',
      ok: lh.score >= 0.9,
      detail: `LCP ${ms(lh.lcpMs)}, TBT ${ms(lh.tbtMs)} (simulated mobile)`,
    });
  } catch (error) {
    failed('e', 'Lighthouse mobile performance of /login', '>= 0.9', error);
  }
}

async function figureF(dataDir: string, webProblem: string | null) {
  const size = `${count(settings.users)} users, ${count(settings.clients)} clients`;
  console.log(`\n[f] lists on ${size} (namespace bench)`);
  const generatedMs = await generateBenchData(dataDir, settings);
  add({ id: 'f', figure: `generate demo data + ${size} (bulk SQL)`, result: ms(generatedMs), target: '' });
  const server = await startPortal(dataDir);
  add({ id: 'f', figure: 'server start on that database', result: ms(server.startMs), target: '' });
  try {
    const token = await signIn(server.base, 'bench@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const filter = (value: object) => ({ ...auth, filter: encodeURIComponent(JSON.stringify(value)) });
    const n = settings.sequential;
    const cases = [
      {
        figure: "GET /api/Users page of 100, filter { name: 'ali', active: true }",
        path: '/api/Users?offset=0&limit=100',
        headers: filter({ name: 'ali', active: true }),
      },
      { figure: 'GET /api/Users/count, same filter', path: '/api/Users/count', headers: filter({ name: 'ali', active: true }) },
      {
        figure: "GET /api/Location/view CLIENT_COMPANY page of 50, filter { name: 'atlas' }",
        path: '/api/Location/view?objectType=CLIENT_COMPANY&offset=0&limit=50',
        headers: filter({ name: 'atlas' }),
      },
    ];
    for (const c of cases) {
      try {
        const result = await sequential(`${server.base}${c.path}`, c.headers, n);
        add({
          id: 'f',
          figure: `${c.figure} (p95 of ${n})`,
          result: ms(result.p95),
          target: '< 50 ms',
          ok: result.p95 < 50,
          detail: `p50 ${ms(result.p50)}; ${describe(result.body)}`,
        });
      } catch (error) {
        failed('f', `${c.figure} (p95 of ${n})`, '< 50 ms', error);
      }
    }
    const exportFigure = `GET /api/Users?offset=-1&limit=-1, export of every user${settings.exports > 1 ? ` (median of ${settings.exports})` : ''}`;
    try {
      await get(`${server.base}/api/Users?offset=-1&limit=-1`, auth);
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < settings.exports; i++) {
        const answer = await get(`${server.base}/api/Users?offset=-1&limit=-1`, auth);
        times.push(answer.ms);
        body = answer.body;
      }
      const value = median(times);
      add({
        id: 'f',
        figure: exportFigure,
        result: ms(value),
        target: '< 3 s',
        ok: value < 3000,
        detail: `${describe(body)}, ${(body.length / 1024 / 1024).toFixed(1)} MB`,
      });
    } catch (error) {
      failed('f', exportFigure, '< 3 s', error);
    }
    await figureJobs(server.base, token, filter).catch((error) => failed('l', 'jobs figures', '', error));
    await figureTasks(server.base, filter).catch((error) => failed('l', 'tasks figures', '', error));
    await figureAssets(server, token).catch((error) => failed('n', 'asset dashboard figures', '', error));
    await figureG(server.base, webProblem).catch((error) => failed('g', 'Users screen with 2,000 loaded rows', 'no visible lag', error));
    await figureI(server.base, webProblem).catch((error) => failed('i', 'first paint of a list with data', '<= 500 ms', error));
    await figuresJK(server.base, webProblem);
    await figureP(server.base, webProblem).catch((error) => failed('p', 'INSPECT on a tablet', '<= 300 ms', error));
  } finally {
    await server.stop();
  }
}

/** l. Jobs (issue 9) on the bench namespace's jobs and tasks: list + count with a filter, saves, numbering. */
async function figureJobs(base: string, token: string, filter: (value: object) => Record<string, string>) {
  const n = settings.sequential;
  const cases = [
    { figure: 'GET /api/Schedule page of 500, filter { active: true }', path: '/api/Schedule?offset=0&limit=500', value: { active: true } },
    { figure: 'GET /api/Schedule/count, same filter', path: '/api/Schedule/count', value: { active: true } },
    {
      figure: "GET /api/Schedule page of 500, filter { client: 'atlas', status: 1 }",
      path: '/api/Schedule?offset=0&limit=500',
      value: { client: 'atlas', status: 1 },
    },
    { figure: 'GET /api/Schedule/count, same filter', path: '/api/Schedule/count', value: { client: 'atlas', status: 1 } },
  ];
  for (const c of cases) {
    try {
      const result = await sequential(`${base}${c.path}`, filter(c.value), n);
      add({
        id: 'l',
        figure: `${c.figure} (p95 of ${n}, ${count(settings.jobs)} jobs)`,
        result: ms(result.p95),
        target: '<= 50 ms',
        ok: result.p95 <= 50,
        detail: `p50 ${ms(result.p50)}; ${describe(result.body)}`,
      });
    } catch (error) {
      failed('l', c.figure, '<= 50 ms', error);
    }
  }
  const me = (await (await fetch(`${base}/api/login`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    primaryOfficeId: number;
  }[];
  const saves = await measureJobSaves(base, token, Number(me[0].primaryOfficeId), settings.jobSaves);
  add({
    id: 'l',
    figure: `save of a job with 20 tasks: POST /api/Schedule + POST /api/Observation/All (p95 of ${settings.jobSaves})`,
    result: ms(saves.p95),
    target: '<= 150 ms',
    ok: saves.p95 <= 150,
    detail: `p50 ${ms(saves.p50)}`,
  });
  add({
    id: 'l',
    figure: '20 concurrent job saves',
    result: `${saves.distinct} distinct numbers`,
    target: '20 distinct',
    ok: saves.distinct === 20,
    detail: `${saves.numbers[0]} ...`,
  });
}

async function figureM() {
  console.log('\n[m] Certificate PDF generation (in process)');
  const n = quick ? 10 : 50;
  const result = await measureCertificates(n);
  add({
    id: 'm',
    figure: `final certificate PDF, 40-item checklist, logo, 2 signatures, QR, signed (p50 of ${n})`,
    result: ms(result.p50),
    target: '<= 300 ms',
    ok: result.p50 <= 300,
    detail: `p95 ${ms(result.p95)}; render alone p50 ${ms(result.renderP50)}; ${result.pages} pages, ${kb(result.bytes)}`,
  });
  const heavy = await measureHeavyCertificate(n);
  add({
    id: 'm',
    figure: `final certificate with a 6300x6300 signature and 10 photos, uploaded through the scaling (p50 of ${n})`,
    result: ms(heavy.p50),
    target: '<= 300 ms',
    ok: heavy.p50 <= 300,
    detail: `p95 ${ms(heavy.p95)}; first in the process ${ms(heavy.first)}; signature ${kb(heavy.signatureBytes)} stored ${heavy.storedSignature}, uploads ${ms(heavy.upload)}; ${kb(heavy.bytes)}; full report with the photos p50 ${ms(heavy.fullReportP50)}, ${kb(heavy.fullReportBytes)}`,
  });
}

/** The resident set size of a process in MB, from /proc (Linux), or null elsewhere. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * n. The asset dashboard (issue 11): `GET /api/Location/AssetDashboard` for the bench's heavy
 * site (5,000 assets; its client has 50,000), and the streamed Excel export of all the client's
 * assets, with the server's peak resident memory while it runs.
 */
async function figureAssets(server: PortalServer, token: string) {
  const base = server.base;
  const auth = { authorization: `Bearer ${token}` };
  const total = async (companyId: number, siteIds: number[]) =>
    (
      JSON.parse(
        (await get(`${base}/api/Location/AssetDashboard?companyId=${companyId}&siteId=${siteIds.join(',')}&limit=1`, auth)).body,
      ) as { total: number }
    ).total;
  const clients = JSON.parse((await get(`${base}/api/Location/Object?objectType=CLIENT_COMPANY`, auth)).body) as { id: number }[];
  let best: { companyId: number; siteIds: number[]; total: number } | null = null;
  for (const client of clients.slice(0, 20)) {
    const sites = JSON.parse((await get(`${base}/api/Location/Object?objectType=SITE&companyId=${client.id}`, auth)).body) as {
      id: number;
    }[];
    if (sites.length === 0) continue;
    const siteIds = sites.slice(0, 500).map((s) => s.id);
    const all = await total(client.id, siteIds);
    if (!best || all > best.total) best = { companyId: client.id, siteIds, total: all };
  }
  if (!best) throw new Error('no bench client with sites');
  let heavy = { siteId: best.siteIds[0], total: -1 };
  for (const siteId of best.siteIds) {
    const onSite = await total(best.companyId, [siteId]);
    if (onSite > heavy.total) heavy = { siteId, total: onSite };
  }
  const n = settings.sequential;
  const result = await sequential(`${base}/api/Location/AssetDashboard?companyId=${best.companyId}&siteId=${heavy.siteId}`, auth, n);
  add({
    id: 'n',
    figure: `GET /api/Location/AssetDashboard first page of 500 of one site's ${count(heavy.total)} assets (p95 of ${n})`,
    result: ms(result.p95),
    target: '<= 50 ms',
    ok: result.p95 <= 50,
    detail: `p50 ${ms(result.p50)}`,
  });
  const pid = server.child.pid;
  const before = rssMb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 10);
  const started = performance.now();
  const response = await fetch(`${base}/api/Location/AssetDashboard/export?companyId=${best.companyId}&siteId=${best.siteIds.join(',')}`, {
    headers: auth,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  add({
    id: 'n',
    figure: `Excel export of the client's ${count(best.total)} assets on ${best.siteIds.length} sites (streamed .xlsx)`,
    result: ms(elapsed),
    target: '',
    detail:
      before === null
        ? `${(bytes / 1024).toFixed(0)} KB, status ${response.status}`
        : `server peak memory ${peak.toFixed(0)} MB (${before.toFixed(0)} MB before); ${(bytes / 1024).toFixed(0)} KB, status ${response.status}`,
  });
}

/** l. The task dashboard (issue 10) on the bench namespace's tasks: a page of 200 and the count, plain and filtered. */
async function figureTasks(base: string, filter: (value: object) => Record<string, string>) {
  const n = settings.sequential;
  const cases = [
    {
      figure: 'GET /api/Observation page of 200, filter { active: true }',
      path: '/api/Observation?offset=0&limit=200',
      value: { active: true },
    },
    { figure: 'GET /api/Observation/count, same filter', path: '/api/Observation/count', value: { active: true } },
    {
      figure: "GET /api/Observation page of 200, filter { active: true, client: 'atlas', status: 1 }",
      path: '/api/Observation?offset=0&limit=200',
      value: { active: true, client: 'atlas', status: 1 },
    },
    {
      figure: 'GET /api/Observation/count, same filter',
      path: '/api/Observation/count',
      value: { active: true, client: 'atlas', status: 1 },
    },
  ];
  for (const c of cases) {
    try {
      const result = await sequential(`${base}${c.path}`, filter(c.value), n);
      add({
        id: 'l',
        figure: `${c.figure} (p95 of ${n}, ${count(settings.jobs * 5)} tasks)`,
        result: ms(result.p95),
        target: '<= 50 ms',
        ok: result.p95 <= 50,
        detail: `p50 ${ms(result.p50)}; ${describe(result.body)}`,
      });
    } catch (error) {
      failed('l', c.figure, '<= 50 ms', error);
    }
  }
}

async function figureG(base: string, webProblem: string | null) {
  console.log('\n[g] Users screen after Load More to 2,000 rows (Chromium)');
  if (webProblem) {
    add({ id: 'g', figure: 'Users screen with 2,000 loaded rows', result: webProblem, target: 'no visible lag' });
    return;
  }
  const figures = await measureUsersTable(base, 'bench@demo.test', 'demo1234', 2000);
  add({
    id: 'g',
    figure: `Load More x19 to ${count(figures.rows)} rows (each a request and a render)`,
    result: ms(figures.loadMoreMs),
    target: '',
  });
  const worstSort = Math.max(...figures.sortMs);
  add({
    id: 'g',
    figure: 'sort a column of the 2,000 loaded rows, click to painted (worst of 3)',
    result: ms(worstSort),
    target: '< 200 ms',
    ok: worstSort < 200,
    detail: figures.sortMs.map((t) => ms(t)).join(', '),
  });
  add({
    id: 'g',
    figure: 'scroll through them, frame time p95 (300 px a frame)',
    result: ms(figures.frameP95Ms),
    target: '< 50 ms',
    ok: figures.frameP95Ms < 50,
    detail: `${figures.frames} frames, ${figures.longFrames} over 50 ms, worst ${ms(figures.frameMaxMs)}`,
  });
}

async function figureI(base: string, webProblem: string | null) {
  console.log('\n[i] list first paint and in-app navigation, as LO-ADMIN of demo (Chromium)');
  if (webProblem) {
    add({ id: 'i', figure: 'first paint of a list with data', result: webProblem, target: '<= 500 ms' });
    return;
  }
  const figures = await measureListPaint(base, 'lo-admin@demo.test', 'demo1234', 7);
  const paint = median(figures.firstPaintMs);
  const { session, page, list } = figures.timeline;
  add({
    id: 'i',
    figure: 'open /resources/users again: navigation start to first row painted (median of 7)',
    result: ms(paint),
    target: '<= 500 ms',
    ok: paint <= 500,
    detail: `runs ${figures.firstPaintMs.map(ms).join(', ')}; session call at ${session} ms, page module at ${page} ms, list request at ${list} ms`,
  });
  const navigation = median(figures.navigationMs);
  add({
    id: 'i',
    figure: 'in-app navigation Users <-> Clients, clicked on a settled page: click to first row painted (median of 14)',
    result: ms(navigation),
    target: '<= 100 ms',
    ok: navigation <= 100,
    detail: `worst ${ms(Math.max(...figures.navigationMs))}`,
  });
}

/**
 * p: the inspector's day on a 1024x768 tablet (issue 21), as the demo's field engineer: INSPECT
 * of their open tasks never opened (click to first field painted), and an item saved with the
 * next one opened. Tasks whose first items have no form, so that Pass alone completes them.
 */
async function figureP(base: string, webProblem: string | null) {
  console.log('\n[p] INSPECT on a 1024x768 tablet, as FIELD-ENGG of demo (Chromium)');
  if (webProblem) {
    add({ id: 'p', figure: "open a task's INSPECT on a tablet", result: webProblem, target: '<= 300 ms' });
    return;
  }
  const token = await signIn(base, 'field-engg@demo.test');
  const auth = { authorization: `Bearer ${token}` };
  const filter = encodeURIComponent(JSON.stringify({ status: 1, mine: true }));
  const rows = JSON.parse((await get(`${base}/api/Observation?offset=0&limit=200&filter=${filter}`, auth)).body) as {
    id: number;
    can: { inspect: boolean };
  }[];
  const tasks: number[] = [];
  for (const row of rows) {
    if (!row.can.inspect || tasks.length >= 5) continue;
    const checklist = JSON.parse((await get(`${base}/api/Observation/${row.id}/checklist`, auth)).body) as {
      nodes: { nodeType: string; form: unknown }[];
    };
    const items = checklist.nodes.filter((n) => n.nodeType === 'ITEM');
    if (items.length >= 4 && items.slice(0, 4).every((n) => n.form === null)) tasks.push(row.id);
  }
  if (tasks.length === 0) throw new Error('no open task of the field engineer whose first items have no form');
  const figures = await measureInspect(base, 'field-engg@demo.test', 'demo1234', tasks, 3);
  const open = median(figures.openMs);
  add({
    id: 'p',
    figure: `open a task's INSPECT on a 1024x768 tablet, click to first field painted (median of ${figures.openMs.length}, first open of each task)`,
    result: ms(open),
    target: '<= 300 ms',
    ok: open <= 300,
    detail: `runs ${figures.openMs.map(ms).join(', ')}`,
  });
  const next = median(figures.saveNextMs);
  add({
    id: 'p',
    figure: `save one item and open the next, click to its FORM painted (median of ${figures.saveNextMs.length})`,
    result: ms(next),
    target: '<= 150 ms',
    ok: next <= 150,
    detail: `worst ${ms(Math.max(...figures.saveNextMs))}`,
  });
}

/** j and k on a bench-created 60-field form in the demo namespace, as LO-ADMIN. */
async function figuresJK(base: string, webProblem: string | null) {
  console.log('\n[j, k] Data Forms with a 60-field form, as LO-ADMIN of demo');
  let form: { id: number };
  try {
    form = await createSixtyFieldForm(base, await signIn(base, 'lo-admin@demo.test'));
  } catch (error) {
    failed('j', 'rendering a 60-field form to interactive', '<= 1 s', error);
    failed('k', 'saving a 60-field definition', 'p95 < 200 ms', error);
    return;
  }
  try {
    const token = await signIn(base, 'lo-admin@demo.test');
    const saves = await measureDefinitionSaves(base, token, form.id, settings.sequential >= 200 ? 50 : 15);
    add({
      id: 'k',
      figure: `saving a 60-field definition: POST /api/Setting/FormJSON (${count(saves.bytes)} bytes, p95)`,
      result: ms(saves.p95),
      target: 'p95 < 200 ms',
      ok: saves.p95 < 200,
      detail: `median ${ms(saves.median)}, max ${ms(saves.max)}`,
    });
  } catch (error) {
    failed('k', 'saving a 60-field definition', 'p95 < 200 ms', error);
  }
  if (webProblem) {
    add({ id: 'j', figure: 'rendering a 60-field form to interactive', result: webProblem, target: '<= 1 s' });
    return;
  }
  try {
    const open = await measureFormOpen(base, 'lo-admin@demo.test', 'demo1234', form.id, 5);
    const canvas = median(open.canvas);
    add({
      id: 'j',
      figure: 'rendering a 60-field form to interactive: Show Form click to 60 fields painted on the canvas (median of 5)',
      result: ms(canvas),
      target: '<= 1 s',
      ok: canvas <= 1000,
      detail: `runs ${open.canvas.map(ms).join(', ')}`,
    });
    const preview = median(open.preview);
    add({
      id: 'j',
      figure: 'the same form: Preview click to its 60th field painted by the renderer (median of 5)',
      result: ms(preview),
      target: '<= 500 ms',
      ok: preview <= 500,
      detail: `runs ${open.preview.map(ms).join(', ')}`,
    });
  } catch (error) {
    failed('j', 'rendering a 60-field form to interactive', '<= 1 s', error);
  }
}

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

async function figureH(tmp: string) {
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

/** "100 rows" for a list, "count 1,234" for a number. */
function describe(body: string): string {
  try {
    const value = JSON.parse(body) as unknown;
    if (Array.isArray(value)) return `${count(value.length)} rows`;
    if (typeof value === 'number') return `count ${count(value)}`;
    if (value && typeof value === 'object') {
      const list = Object.values(value).find(Array.isArray) as unknown[] | undefined;
      if (list) return `${count(list.length)} rows`;
    }
  } catch {
    // not JSON
  }
  return `${count(body.length)} bytes`;
}

function machine(): string {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    if (dirty) commit += ' (with uncommitted changes)';
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  // The load at the end is mostly the bench's own (h ends with 200 sessions and PostgreSQL), so
  // only the load found at the start, before any figure ran, says whether other work shared the
  // machine.
  const loadAtEnd = os.loadavg()[0];
  const busy = loadAtStart > cpus.length * 0.75 ? ' - BUSY MACHINE, figures not comparable' : '';
  return `commit ${commit}; Node ${process.version}; ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}; ${Math.round(os.totalmem() / 2 ** 30)} GB RAM; load average ${loadAtStart.toFixed(1)} at the start (${loadAtEnd.toFixed(1)} at the end, the bench's own load included)${busy}`;
}

async function main() {
  const started = performance.now();
  console.log(`bench${quick ? ' --quick (smoke run: short durations, a tenth of the data)' : ''}`);
  const webProblem = await build();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  try {
    if (!onlyLoad) {
      const server = await figureA(path.join(tmp, 'a'));
      try {
        await figureB(server, tmp).catch((error) => failed('b', 'GET /api/login beside a bare Fastify route', '>= 50%', error));
        await figureC(server).catch((error) => failed('c', 'POST /api/weblogin p95', '', error));
        await figureStickers(server).catch((error) => failed('o', 'QR sticker sheet of 480', '< 5 s', error));
        await figuresDE(server, webProblem);
      } finally {
        await server.stop();
      }
      await figureF(path.join(tmp, 'f'), webProblem).catch((error) => failed('f', 'lists on the big namespace', '< 50 ms', error));
      await figureM().catch((error) => failed('m', 'certificate PDF generation', '<= 300 ms', error));
    }
    await figureH(tmp).catch((error) => failed('h', 'concurrent sessions', '', error));
  } finally {
    if (args.has('--keep')) console.log(`\nkept ${tmp}`);
    else await rm(tmp, { recursive: true, force: true });
  }

  const title = `# Benchmark${quick ? ' (--quick smoke run: NOT comparable with full runs)' : ''}`;
  const table = markdownTable(rows);
  const report = [title, '', `${new Date().toISOString()}; ${machine()}; took ${ms(performance.now() - started)}`, '', table, ''].join(
    '\n',
  );
  await mkdir(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(repoRoot, 'bench', 'results', 'latest.md'), report);
  console.log(`\n${report}`);
  console.log('written to bench/results/latest.md');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.on('exit', killAll);

await main().catch((error) => {
  console.error(`bench failed: ${(error as Error).message}`);
  killAll();
  process.exit(1);
});
