import { readFileSync } from 'node:fs';
import { generateBenchData } from './generate';
import { measureJobSaves } from './jobs';
import { measureBooklet } from './booklet';
import { measureCertificates, measureHeavyCertificate } from './certificates';
import { get, median, sequential, signIn } from './lib/http';
import { type PortalServer, startPortal } from './lib/processes';
import { count, kb, ms } from './lib/table';
import { add, describe, failed, quick, settings } from './runState';
import { figureG, figureI, figureP, figuresJK } from './runBrowser';

// Figure f and what runs on its data (lists, jobs, assets, tasks, then the browser figures), and m (certificates).

export async function figureF(dataDir: string, webProblem: string | null) {
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

export async function figureM() {
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

/** Issue 22: the signed LLG booklet of 200 items (`npm run bench -- --only-booklet` runs it alone). */
export async function figureBooklet() {
  console.log('\n[m] LLG booklet of 200 items (in process)');
  const n = quick ? 1 : 3;
  const result = await measureBooklet(200, n);
  add({
    id: 'm',
    figure: `booklet of 200 items: cover, index, 200 certificates with logo, 2 signatures and QR each, signed once (p50 of ${n})`,
    result: ms(result.p50),
    target: '<= 5 s',
    ok: result.p50 <= 5000,
    detail: `slowest ${ms(result.max)}; render alone p50 ${ms(result.renderP50)}; CPU time p50 ${ms(result.cpuP50)}; ${result.pages} pages, ${kb(result.bytes)}`,
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
