import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { MAIL_FILE, PASSWORD } from './env';

/** Signs in through the API (the cookie lands in the page's context); faster than the form. */
export async function loginAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/weblogin', { data: { email, password: PASSWORD } });
  expect(response.ok(), `sign-in of ${email}`).toBeTruthy();
}

/** Signs in through the login form, as a user does. */
export async function loginWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
}

/**
 * The newest mail sent to an address through the SMTP sink, waiting for it to arrive (mails go
 * out after the commit, in the background: as long as any other check of the suite may wait,
 * not a deadline of its own that a busy machine outlasts).
 */
export async function latestMailTo(address: string, after = 0): Promise<string> {
  const newest = () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(MAIL_FILE, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      // no mail yet
    }
    const mails = lines.map((line) => JSON.parse(line) as { to: string[]; raw: string; at: number });
    return mails.reverse().find((m) => m.to.includes(address.toLowerCase()) && m.at >= after)?.raw;
  };
  await expect.poll(() => newest() !== undefined, { message: `a mail to ${address}` }).toBe(true);
  return newest() as string;
}

/**
 * Waits until the page is still: nothing shows a progress indicator, no animation runs, and two
 * frames have been painted since (what a person would call "loaded"). For checks that read the
 * whole page at once, such as axe and screenshots; instead of a fixed sleep or network idle.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[role="progressbar"]:visible')).toHaveCount(0);
  await page.evaluate(async () => {
    // Endless ones (a spinner, a skeleton's pulse) never finish: only those that end are awaited.
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Alerts (the portal's snackbars, `data-testid="alert-*"`) hide after 2 s (1 s for a sequence
 * save), as the spec says. On a busy machine a check that looks for one on the screen can come
 * after it has gone, though the user saw it. So every page writes down each alert as it appears
 * (text, in order; in sessionStorage, so a reload after a save keeps it), and `expectAlert`
 * takes the oldest not yet taken that contains the text: the check sees every alert shown, once
 * each, however late it looks.
 */
function recordAlerts() {
  const KEY = 'portal.e2eAlerts';
  const seen = new WeakSet<Element>();
  const SELECTOR = '[data-testid^="alert-"]';
  // Only the nodes each change added are looked at (an alert arrives as a new element), not the
  // whole document on every render of a busy page.
  const scan = (records: MutationRecord[]) => {
    const fresh: string[] = [];
    const take = (element: Element) => {
      if (seen.has(element)) return;
      seen.add(element);
      fresh.push(`${element.getAttribute('data-testid')}: ${(element.textContent ?? '').replace(/\s+/g, ' ').trim()}`);
    };
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(SELECTOR)) take(node);
        for (const element of node.querySelectorAll(SELECTOR)) take(element);
      }
    }
    if (fresh.length === 0) return;
    const log = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    sessionStorage.setItem(KEY, JSON.stringify([...log, ...fresh]));
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until an alert containing `text` (every one of the texts) has been shown on this page (since the last alert
 * taken by this function) and takes it, so a second call needs a second alert. `kind` narrows
 * it to 'alert-success', 'alert-error' or 'alert-warning'.
 */
export async function expectAlert(page: Page, text: string | string[], kind?: 'success' | 'error' | 'warning'): Promise<void> {
  const wanted = (Array.isArray(text) ? text : [text]).map((t) => t.replace(/\s+/g, ' ').trim());
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ wanted, prefix }) => {
            const log = JSON.parse(sessionStorage.getItem('portal.e2eAlerts') ?? '[]') as string[];
            const index = log.findIndex((entry) => entry.startsWith(prefix) && wanted.every((t) => entry.includes(t)));
            if (index < 0) return log;
            log.splice(index, 1);
            sessionStorage.setItem('portal.e2eAlerts', JSON.stringify(log));
            return 'shown';
          },
          { wanted, prefix: kind ? `alert-${kind}:` : 'alert-' },
        ),
      { message: `an alert${kind ? ` (${kind})` : ''} saying "${wanted.join('" and "')}"` },
    )
    .toBe('shown');
}

/**
 * Every page of the tests keeps the spec's pauses after a save at a tenth (web/src/common/pauses.ts):
 * the same order of events, without waiting out 2 s a hundred times.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(() => window.localStorage.setItem('portal.shortPauses', '1'));
    await context.addInitScript(recordAlerts);
    await use(context);
  },
});
export { expect };
