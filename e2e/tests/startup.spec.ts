import { expect, loginAs, test } from '../fixtures';

/**
 * Opening a screen of the signed-in app (issue 7, list speed): the session call, the logo call
 * and the screen's module start together, before the session has answered, instead of one
 * after the other. The session answer is held back here, so the order does not depend on
 * how fast this machine is.
 */
test('opening a list asks for the session, the logo and the screen at once', async ({ page }) => {
  await loginAs(page, 'lo-admin@demo.test');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = new Set<string>();
  await page.route('**/api/login', async (route) => {
    asked.add('session');
    await held;
    await route.continue();
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/CustomerRegistration/getImageFromSession') asked.add('logo');
    if (/^\/assets\/UsersPage-[^/]+\.js$/.test(path)) asked.add('screen module');
  });

  await page.goto('/resources/users', { waitUntil: 'commit' });
  // All three while the session call is still unanswered.
  await expect.poll(() => [...asked].sort()).toEqual(['logo', 'screen module', 'session']);
  release();
  await expect(page.getByTestId('list-count')).toContainText('Total');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});

test('a list opened again asks for its rows at once, and shows them from that one call', async ({ page, context }) => {
  await loginAs(page, 'lo-admin@demo.test');
  // The first visit writes down the calls the screen makes as it opens (kept in the browser).
  await page.goto('/resources/users');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  // The list again in a new tab, so nothing of the first visit's own requests is counted.
  await page.close();
  const again = await context.newPage();

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await again.route('**/api/login', async (route) => {
    await held;
    await route.continue();
  });
  const listCalls: string[] = [];
  again.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/Users') listCalls.push(request.url());
  });
  // The rows are asked for while the session call is still unanswered (it is held until then)...
  const rowsAsked = again.waitForRequest((request) => new URL(request.url()).pathname === '/api/Users');
  await again.goto('/resources/users', { waitUntil: 'commit' });
  await rowsAsked;
  release();
  // ...and the list shows them without asking again.
  await expect(again.getByTestId('list-count')).toContainText('Total');
  await expect(again.locator('table tbody tr').first()).toBeVisible();
  expect(listCalls).toHaveLength(1);
});
