import type { Page } from '@playwright/test';

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
  for (let i = 0; i < 50 && !(await done()); i++) {
    const more = page.getByTestId('load-more');
    if ((await more.count()) === 0) return;
    await more.click();
    await page.waitForLoadState('networkidle');
  }
}

export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
