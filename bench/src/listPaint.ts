import { launchChromium } from '@portal/e2e/chromium';

// In-page scripts are plain source text (see usersTable.ts for why).

/**
 * Installed before any page script: resolves window.__firstRow with the time (ms since
 * navigation start) of the first frame painted with a data row of a list in it. A row counts
 * once it has text (react-admin's loading skeleton has none) and is not a spacer of the
 * windowed body. The time is taken in a task queued from the frame's requestAnimationFrame,
 * which runs after that frame was painted.
 */
const FIRST_ROW_SCRIPT = `(() => {
  window.__firstRow = new Promise((resolve) => {
    const hasRow = () => Array.from(document.querySelectorAll('table tbody tr:not([data-spacer])')).some((tr) => tr.textContent.trim() !== '');
    const check = () => {
      if (!hasRow()) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
})()`;

/** Clicks a side-navigation link and answers the ms to the first painted data row of the list it opens. */
const NAVIGATE_SCRIPT = `(async () => {
  const testId = %TEST_ID%;
  const link = document.querySelector('[data-testid="' + testId + '"]');
  if (!link) throw new Error('no link ' + testId);
  // The rows of the list we leave are marked: only a row of the next list counts.
  for (const body of document.querySelectorAll('table tbody')) body.dataset.left = '1';
  const target = new URL(link.href, location.href).pathname;
  const fresh = () => location.pathname === target &&
    Array.from(document.querySelectorAll('table tbody:not([data-left]) tr:not([data-spacer])')).some((tr) => tr.textContent.trim() !== '');
  const start = performance.now();
  link.click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (performance.now() - start > 30000) return reject(new Error('no rows after opening ' + target));
      if (!fresh()) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
})()`;

/**
 * Waits until the page has settled, as it has when someone reads a list before opening the
 * next one: a pause, then an idle period of the main thread with nothing else waiting (an idle
 * callback given close to its whole 50 ms). Without it, each click would land while the list
 * just opened is still drawing its rows below the fold and re-reading its data.
 */
const SETTLE_SCRIPT = `new Promise((resolve) => {
  const idle = () => requestIdleCallback((deadline) => (deadline.timeRemaining() >= 45 ? resolve(null) : idle()));
  setTimeout(idle, 300);
})`;

/** When the start-up requests began, ms since navigation start (resource timing). */
const TIMELINE_SCRIPT = `(() => {
  const entries = performance.getEntriesByType('resource');
  const first = (test) => { const e = entries.find((x) => test(new URL(x.name).pathname)); return e ? Math.round(e.startTime) : null; };
  return {
    session: first((p) => p === '/api/login'),
    page: first((p) => /\\/assets\\/UsersPage-[^/]*\\.js$/.test(p)),
    list: first((p) => p === '/api/Users'),
  };
})()`;

export interface ListPaintFigures {
  /** Navigation start to the first painted row of /resources/users, each fresh page load. */
  firstPaintMs: number[];
  /** When the session call, the page module and the list request started in the last load. */
  timeline: { session: number | null; page: number | null; list: number | null };
  /** Side-navigation click on a settled page to the first painted row: Users -> Clients and back, alternating. */
  navigationMs: number[];
}

/**
 * How fast a list screen shows its data: a full page load of /resources/users (the browser
 * cache warm and the page's start-up reads recorded, as for someone who has used the portal
 * before: one unmeasured load first), and in-app navigation between Users and Clients through
 * the side navigation, each click on a settled page.
 */
export async function measureListPaint(base: string, email: string, password: string, runs = 5): Promise<ListPaintFigures> {
  const browser = await launchChromium();
  const watchdog = setTimeout(() => void browser.close(), 300_000);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(FIRST_ROW_SCRIPT);
    const page = await context.newPage();
    const signIn = await page.request.post(`${base}/api/weblogin`, { data: { email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);

    const firstPaintMs: number[] = [];
    let timeline: ListPaintFigures['timeline'] = { session: null, page: null, list: null };
    for (let i = 0; i <= runs; i++) {
      await page.goto(`${base}/resources/users`);
      const at: number = await page.evaluate('window.__firstRow');
      if (i > 0) firstPaintMs.push(at);
      timeline = await page.evaluate(TIMELINE_SCRIPT);
    }

    const navigationMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const link of ['nav-clients', 'nav-users']) {
        await page.evaluate(SETTLE_SCRIPT);
        navigationMs.push(await page.evaluate(NAVIGATE_SCRIPT.replace('%TEST_ID%', JSON.stringify(link))));
      }
    }
    return { firstPaintMs, timeline, navigationMs };
  } finally {
    clearTimeout(watchdog);
    await browser.close();
  }
}

// Stand-alone: npx tsx bench/src/listPaint.ts <base url> [email] [password]
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', email = 'lo-admin@demo.test', password = 'demo1234'] = process.argv.slice(2);
  console.log(JSON.stringify(await measureListPaint(base, email, password)));
}
