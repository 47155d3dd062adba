import { expect, type Page } from '@playwright/test';

/** Reads through the portal API with the page's session, for checks the screen does not show. */
export async function apiGet<T>(page: Page, path: string, filter?: Record<string, unknown>): Promise<T> {
  const response = await page.request.get(`/api${path}`, {
    headers: filter ? { filter: encodeURIComponent(JSON.stringify(filter)) } : {},
  });
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Clicks Load More until `done` holds or no more rows exist (lists page by 15 or 50). */
export async function loadUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  // A list still loading (its footer says aria-busy) is waited for before its rows are read.
  const idle = () => expect(page.locator('[data-testid="list-count"][aria-busy="true"]')).toHaveCount(0);
  for (let i = 0; i < 50; i++) {
    await idle();
    if (await done()) return;
    const more = page.getByTestId('load-more');
    if ((await more.count()) === 0) return;
    // The next page has come once the footer's count changes (or nothing more is offered):
    // networkidle was reached long before, so it did not wait for the rows.
    const footer = page.getByTestId('list-count');
    const before = await footer.textContent();
    await more.click();
    await expect
      .poll(async () => (await footer.textContent()) !== before || (await more.count()) === 0, { message: 'the next page of rows' })
      .toBe(true);
  }
}

export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
