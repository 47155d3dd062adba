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
//   n. due reminders: one run for 1,000 client users (in process)
//   l. Jobs: list page of 500 + count with a filter on 20,000 jobs / 100,000 tasks, save of a job
//      with 20 tasks, 20 concurrent saves giving 20 distinct numbers
//   m. certificate PDF generation: a signed final certificate of a 40-item checklist (p50, p95), and
//      one with a 6300x6300 signature and 10 photos uploaded through the image scaling, and the
//      signed LLG booklet of 200 items
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
// --only-llg (or `q`) runs q only: the Loose Gear register's page of 10 with filters and its count
//   on 100,000 items on 50 sites, and the Excel export of a site's 5,000 items (no web build).
// --only-reminders (or `n`) runs n only: one due reminder run for 1,000 client users, in process.
// --only-compliance (or `r`) runs r only: the Compliance overview on 100,000 assets on 100 sites.
// --only-assessments (or `s`) runs s only: the Assessments page of 500 and its count on 10,000 trainees.
// --only-reports (or `t`) runs t only: the Reports page of 200 grouped by client on 100,000 tasks.
// --only-library (or `u`) runs u only: a technical library folder of 300 files, first paint (web build).
// --only-inventory (or `v`) runs v only: the client inventory import of a 50,000-row CSV (no web build).
// --only-booklet runs the LLG booklet of 200 items alone (m, in process: no build, no server).
// Timings never go into the test suite: machines differ; this is for people to read.
// The figures live in runServer.ts (a-e, o), runData.ts (f, l, m, and g-k on f's data through
// runBrowser.ts) and runLoad.ts (h); runState.ts holds the options and the table rows.
import './productionEnv';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killAll, repoRoot } from './lib/processes';
import { markdownTable, ms } from './lib/table';
import { args, failed, loadAtStart, onlyBooklet, onlyLoad, quick, rows, soloAsked } from './runState';
import { figureA, figureB, figureC, figureStickers, figuresDE } from './runServer';
import { figureBooklet, figureF, figureM } from './runData';
import { figureH } from './runLoad';
import { figureLooseGear } from './looseGear';
import { figureReminders } from './reminders';
import { figureInventory } from './inventory';
import { figureLibrary } from './library';
import { figureReports } from './reports';
import { figureAssessments } from './assessments';
import { figureCompliance } from './compliance';

/**
 * Figures of one area each, on their own data: run in the full bench, or alone with their flag
 * (`--only-<name>` or the letter). `inProcess` ones need no build at all.
 */
interface Solo {
  flag: string;
  letter: string;
  label: string;
  target: string;
  inProcess?: boolean;
  /** Measures in Chromium: the web app is built for it, and `webProblem` says why not. */
  needsWeb?: boolean;
  run(dir: string, webProblem: string | null): Promise<void>;
}
const SOLO: Solo[] = [
  { flag: '--only-llg', letter: 'q', label: 'Loose Gear register figures', target: '<= 50 ms', run: figureLooseGear },
  { flag: '--only-reminders', letter: 'n', label: 'due reminder run', target: '<= 10 s', inProcess: true, run: figureReminders },
  { flag: '--only-compliance', letter: 'r', label: 'Compliance overview figures', target: '<= 150 ms', run: figureCompliance },
  { flag: '--only-assessments', letter: 's', label: 'Assessments figures', target: '<= 80 ms', run: figureAssessments },
  { flag: '--only-reports', letter: 't', label: 'Reports dashboard figures', target: '<= 80 ms', run: figureReports },
  { flag: '--only-library', letter: 'u', label: 'library folder of 300 files', target: '<= 500 ms', needsWeb: true, run: figureLibrary },
  { flag: '--only-inventory', letter: 'v', label: 'inventory import of 50,000 rows', target: '<= 5 s', run: figureInventory },
];
const solo = SOLO.find((figure) => soloAsked(figure.flag, figure.letter));

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
  if (solo && !solo.needsWeb) return `web not needed (${solo.flag})`;
  if (!existsSync(path.join(repoRoot, 'web', 'index.html'))) return 'web not built (no web/index.html yet)';
  if ((await runNpm(['run', 'build', '-w', 'web'])) !== 0) return 'web not built (npm run build -w web failed)';
  return null;
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
  if (onlyBooklet) await figureBooklet().catch((error) => failed('m', 'booklet of 200 items', '<= 5 s', error));
  const webProblem = onlyBooklet || solo?.inProcess ? null : await build();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const runSolo = (figure: Solo) =>
    figure.run(path.join(tmp, figure.letter), webProblem).catch((error) => failed(figure.letter, figure.label, figure.target, error));
  try {
    if (solo) {
      await runSolo(solo);
    } else if (!onlyLoad && !onlyBooklet) {
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
      await figureBooklet().catch((error) => failed('m', 'booklet of 200 items', '<= 5 s', error));
      for (const figure of SOLO) await runSolo(figure);
    }
    if (!onlyBooklet && !solo) await figureH(tmp).catch((error) => failed('h', 'concurrent sessions', '', error));
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
