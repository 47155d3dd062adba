import os from 'node:os';
import { Unavailable } from './lib/http';
import { count, type Row } from './lib/table';

// The bench run's options (from the command line), its table rows and how a figure adds one.

export const args = new Set(process.argv.slice(2));
export const quick = args.has('--quick');
export const settings = quick
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
export const onlyCertificate = args.has('--only-certificate');
/** `--only-llg` (or `q`): the Loose Gear figures only, on their own data (no web build, no other figure). */
export const onlyLlg = args.has('--only-llg') || args.has('q');
/** `--only-library` (or `r`): the technical library figure only, on its own data (builds the web). */
export const onlyLibrary = args.has('--only-library') || args.has('r');
/** `--only-booklet`: the LLG booklet figure alone, in process (no build, no server). */
export const onlyBooklet = args.has('--only-booklet');
// `npm run bench -- h` is the same as --only-load.
export const onlyLoad = args.has('--only-load') || args.has('h') || onlyCertificate;

export const loadAtStart = os.loadavg()[0];
export const rows: Row[] = [];
export const add = (row: Row) => {
  rows.push(row);
  const mark = row.ok === undefined ? '' : row.ok ? ' (ok)' : ' (MISSED)';
  console.log(`  ${row.id} ${row.figure}: ${row.result}${mark}${row.detail ? ` - ${row.detail}` : ''}`);
};
/** A row for a figure that could not be measured; the run goes on. */
export const failed = (id: string, figure: string, target: string, error: unknown) =>
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

/** "100 rows" for a list, "count 1,234" for a number. */
export function describe(body: string): string {
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
