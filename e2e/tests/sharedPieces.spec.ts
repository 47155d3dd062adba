import { DIVISIONS, SHELL } from '@portal/contracts/messages';
import { expect, loginAs, settled, test } from '../fixtures';
import { loadUntil, stamp } from '../pages/AdminApi';
import { AdminList } from '../pages/AdminList';

/**
 * Issue 20, shared pieces: a settings list shows its archived records and restores one; a
 * picker of more than ten options searches.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/portal-shots';

test('Divisions: Show archived lists an archived division, and Restore brings it back', async ({ page }) => {
  await loginAs(page, 'master_admin@demo.test');
  const name = `Archived ${stamp()}`;
  const created = await page.request.post('/api/Setting', { data: { objectType: 'Division', name } });
  expect(created.ok()).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.delete(`/api/Setting/${id}`)).ok()).toBeTruthy();

  const list = new AdminList(page);
  await list.open('/settings/division');
  const row = list.row(name);
  await expect(row).toHaveCount(0);
  await page.getByTestId('show-archived').click();
  await expect(page.getByTestId('add')).toHaveCount(0);
  await loadUntil(page, async () => (await row.count()) > 0);
  await expect(row.getByTestId('row-edit')).toHaveCount(0);
  await expect(row.getByTestId('row-delete')).toHaveCount(0);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/archived-divisions-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByTestId('row-restore').click();
  await expect(page.getByText(SHELL.restoreConfirm(name))).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(SHELL.restored(name))).toBeVisible();

  await page.getByTestId('show-archived').click();
  await loadUntil(page, async () => (await row.count()) > 0);
  await expect(row.getByTestId('row-edit')).toBeVisible();
  await expect(page.getByText(DIVISIONS.loadError)).toHaveCount(0);
});

test('a picker of more than ten options searches: the client of a new user', async ({ page }) => {
  await loginAs(page, 'master_admin@demo.test');
  const clients = (await (await page.request.get('/api/Location/Object?objectType=CLIENT_COMPANY')).json()) as { name: string }[];
  expect(clients.length).toBeGreaterThan(10);
  const wanted = clients[clients.length - 1].name;
  await new AdminList(page).open('/resources/users');
  await page.getByTestId('add').click();
  const panel = page.getByTestId('side-panel');
  await panel.getByLabel('CLIENT', { exact: true }).check();
  const company = panel.getByRole('combobox', { name: 'Company' });
  await company.click();
  await company.fill(wanted.slice(0, Math.max(4, wanted.length - 2)));
  await expect(page.getByRole('option')).not.toHaveCount(clients.length);
  await expect(page.getByRole('option', { name: wanted, exact: true })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/picker-search-1440.png` });
  await page.getByRole('option', { name: wanted, exact: true }).click();
  await expect(company).toHaveValue(wanted);
});
