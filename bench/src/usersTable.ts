import { launchChromium } from '@portal/e2e/chromium';

// The in-page scripts are plain source text: tsx would otherwise wrap their inner functions in
// a helper (__name) that does not exist in the page.
const SORT_SCRIPT = `(async () => {
  const label = %LABEL%;
  const header = Array.from(document.querySelectorAll('thead th')).find((th) => th.textContent.trim() === label);
  const button = (header && header.querySelector('[role="button"], button')) || header;
  if (!button) throw new Error('no column ' + label);
  // The header's sort state and the rows change in the same render: wait for the header,
  // then for the next frame (the rows painted).
  const state = () => header.innerHTML;
  const before = state();
  const start = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const check = () => {
      if (state() !== before) requestAnimationFrame(() => resolve());
      else if (performance.now() - start > 10000) reject(new Error('the sort did not happen'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  return performance.now() - start;
})()`;

const SCROLL_SCRIPT = `(async () => {
  window.scrollTo(0, 0);
  const scroller = document.scrollingElement || document.documentElement;
  const times = [];
  let last = performance.now();
  await new Promise((resolve) => {
    const step = () => {
      const now = performance.now();
      times.push(now - last);
      last = now;
      const before = scroller.scrollTop;
      window.scrollBy(0, 300);
      if (scroller.scrollTop === before) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  return times.slice(1);
})()`;

export interface UsersTableFigures {
  rows: number;
  loadMoreMs: number;
  sortMs: number[];
  frameP95Ms: number;
  frameMaxMs: number;
  longFrames: number;
  frames: number;
}

/**
 * The Users screen after Load More up to `target` rows: how long a column sort takes until the
 * new order is painted, and how smooth a scroll from top to bottom is (frame times).
 * "Without visible lag": a sort well under 200 ms, scroll frames mostly under 50 ms.
 */
export async function measureUsersTable(base: string, email: string, password: string, target = 2000): Promise<UsersTableFigures> {
  const browser = await launchChromium();
  // A page that never settles must not hang the whole bench: give up after five minutes.
  const watchdog = setTimeout(() => void browser.close(), 300_000);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${base}/api/weblogin`, { data: { email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto(`${base}/resources/users`);
    await page
      .getByTestId('list-count')
      .filter({ hasText: /Total 100 of/ })
      .waitFor({ timeout: 60_000 });

    const started = performance.now();
    for (let loaded = 100; loaded < target; loaded += 100) {
      await page.getByTestId('load-more').click();
      await page
        .getByTestId('list-count')
        .filter({ hasText: new RegExp(`Total ${loaded + 100} of`) })
        .waitFor({ timeout: 60_000 });
    }
    const loadMoreMs = performance.now() - started;
    // Loaded rows, from the footer: the table renders only the rows near the screen.
    const footer = (await page.getByTestId('list-count').textContent()) ?? '';
    const count = Number(footer.match(/Total (\d+) of/)?.[1] ?? Number.NaN);

    // Sort by Email, then by Name twice: time from the click to the first frame after the
    // first row changed.
    const sortMs: number[] = [];
    for (const column of ['Email', 'Name', 'Name'])
      sortMs.push(await page.evaluate(SORT_SCRIPT.replace('%LABEL%', JSON.stringify(column))));

    // Scroll the page from top to bottom at 300 px a frame, recording every frame's duration.
    const frames: number[] = await page.evaluate(SCROLL_SCRIPT);
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      rows: count,
      loadMoreMs,
      sortMs,
      frameP95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
      frameMaxMs: sorted[sorted.length - 1] ?? Number.NaN,
      longFrames: frames.filter((t) => t > 50).length,
      frames: frames.length,
    };
  } finally {
    clearTimeout(watchdog);
    await browser.close();
  }
}
