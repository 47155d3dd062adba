import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '@portal/e2e/chromium';
import { loadLighthouse } from './lighthouse';

export interface ScriptWeight {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Every script the page loads (until the network is idle), each gzipped here at level 9 so the
 * figure does not depend on what the server chose to send.
 */
export async function scriptWeight(url: string): Promise<ScriptWeight> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pending: Promise<Buffer | null>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(response.body().catch(() => null));
    });
    const answer = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status() ?? 'nothing'}`);
    const bodies = (await Promise.all(pending)).filter((b): b is Buffer => b !== null);
    return {
      scripts: bodies.length,
      rawBytes: bodies.reduce((sum, b) => sum + b.length, 0),
      gzipBytes: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse 12 performance score (0..1) with its default mobile settings. */
export async function lighthousePerformance(url: string): Promise<{ score: number; lcpMs: number; tbtMs: number }> {
  const lighthouse = await loadLighthouse();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (!lhr || score === null || score === undefined) {
      const reason = lhr?.runtimeError?.message ?? lhr?.runWarnings?.join('; ') ?? 'no result';
      throw new Error(`Lighthouse gave no performance score: ${reason}`);
    }
    return {
      score,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}
