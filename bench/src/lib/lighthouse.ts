import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Lighthouse is not a dependency of the workspace: it brings in about a hundred packages that
 * only the bench's Lighthouse row uses, and every `npm ci` (CI, each developer) paid for them.
 * The bench uses an installed copy when there is one, and otherwise installs this pinned
 * version once, with npm, into a cache folder outside the repository.
 */
export const LIGHTHOUSE_VERSION = '12.8.2';

/** Where the on-demand copy lives (LIGHTHOUSE_DIR overrides). */
export function lighthouseDir(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return process.env.LIGHTHOUSE_DIR || path.join(cache, 'inspection-portal-bench', `lighthouse-${LIGHTHOUSE_VERSION}`);
}

/** The options and result the bench uses of `lighthouse(url, flags)`. */
export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
    runtimeError?: { message: string };
    runWarnings?: string[];
  };
}
export type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; output: 'json'; logLevel: 'error' },
) => Promise<LighthouseResult | undefined>;

function resolveFrom(dir: string): string | null {
  try {
    return createRequire(path.join(dir, 'package.json')).resolve('lighthouse');
  } catch {
    return null;
  }
}

let loaded: Promise<Lighthouse> | null = null;

/** The Lighthouse module: an installed copy, or the pinned version installed on first use. */
export function loadLighthouse(): Promise<Lighthouse> {
  loaded ??= (async () => {
    const dir = lighthouseDir();
    let entry = resolveFrom(process.cwd()) ?? resolveFrom(dir);
    if (!entry) {
      console.log(`  installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir} (once)`);
      mkdirSync(dir, { recursive: true });
      if (!existsSync(path.join(dir, 'package.json')))
        writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, name: 'bench-lighthouse' })}\n`);
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      execFileSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--omit=dev', `lighthouse@${LIGHTHOUSE_VERSION}`], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
        shell: process.platform === 'win32',
      });
      entry = resolveFrom(dir);
      if (!entry) throw new Error(`lighthouse@${LIGHTHOUSE_VERSION} did not install into ${dir}`);
    }
    const module = (await import(pathToFileURL(entry).href)) as { default: Lighthouse };
    return module.default;
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
