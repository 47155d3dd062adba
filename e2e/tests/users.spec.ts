import { readFileSync } from 'node:fs';
import { USERS } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { tinyPng } from '../pages/ClientsPage';
import { ListPage } from '../pages/ListPage';

const stamp = () => Date.now().toString(36);

async function pick(page: import('@playwright/test').Page, label: string, option: string | RegExp) {
  await page.getByTestId('side-panel').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('users', () => {
  test('an LO-ADMIN adds an LO user and a client user', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const id = stamp();

    await page.getByTestId('add').click();
    const panel = list.panel();
    await expect(panel.getByTestId('side-panel-title')).toHaveText('Add User');
    const save = panel.getByTestId('user-save');
    await expect(save).toBeDisabled();
    await panel.getByLabel('Name').fill(`Lena Field ${id}`);
    await panel.getByLabel('Email').fill(`lena.${id}@demo.test`);
    await pick(page, 'Role', 'FIELD-ENGG');
    await expect(save).toBeDisabled(); // an LO user also needs a primary office
    await pick(page, 'Primary Office', 'Muscat Office');
    await panel.getByRole('combobox', { name: 'Divisions' }).click();
    await page.getByRole('option', { name: 'LIFTING' }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, USERS.saved);
    await list.searchFor('Name', `Lena Field ${id}`);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row(`lena.${id}@demo.test`)).toContainText('Muscat Office');
    await expect(list.row(`lena.${id}@demo.test`)).toContainText('LIFTING');

    await page.getByTestId('add').click();
    await panel.getByLabel('CLIENT', { exact: true }).check();
    await panel.getByLabel('Name').fill(`Colin Client ${id}`);
    await panel.getByLabel('Email').fill(`colin.${id}@demo.test`);
    await pick(page, 'Role', 'CLIENT-USER');
    await pick(page, 'Company', /./);
    await expect(save).toBeDisabled(); // a client user needs client sites
    await panel.getByRole('combobox', { name: 'Client Sites' }).click();
    await page.getByRole('option').first().click();
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, USERS.saved);
    await list.searchFor('Name', `Colin Client ${id}`);
    await expect(list.row(`colin.${id}@demo.test`)).toContainText('CLIENT');
  });

  test('a duplicate e-mail shows the server text and saves nothing', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    await page.getByTestId('add').click();
    const panel = list.panel();
    await panel.getByLabel('Name').fill('Another Scheduler');
    await panel.getByLabel('Email').fill('scheduler@demo.test');
    await pick(page, 'Role', 'SCHEDULER');
    await pick(page, 'Primary Office', 'Dubai Office');
    await panel.getByTestId('user-save').click();
    // The alert, and the same text under the Email field.
    await expectAlert(page, USERS.duplicateEmail, 'error');
    await expect(panel.getByText(USERS.duplicateEmail)).toBeVisible();
    await expect(panel).toBeVisible();
  });

  test('the status lifecycle through every action', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const id = stamp();
    const created = await page.request.post('/api/Users', {
      data: {
        type: 0,
        name: `Cycle Person ${id}`,
        email: `cycle.${id}@demo.test`,
        roleId: await roleId(page, 'FIELD-JUNIOR'),
        officeId: await officeId(page),
      },
    });
    expect(created.ok()).toBeTruthy();
    const list = new ListPage(page);
    await list.open('/resources/users');
    await list.searchFor('Name', `Cycle Person ${id}`);
    const row = list.row(`cycle.${id}@demo.test`);
    await expect(row).toBeVisible();

    const act = async (action: string, past: string) => {
      await list.rowAction(row, action);
      await expect(page.getByText(USERS.confirmAction(action))).toBeVisible();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText(`User ${past} successfully`)).toBeVisible();
    };

    // Active: edit, remove, archive, suspend; no activate.
    expect(await list.rowActions(row)).not.toContain('activate');
    await act('suspend', 'suspended');
    await expect(row).toHaveCount(0); // left the active list
    await page.getByTestId('toggle-active').click();
    await expect(row).toContainText('Suspended');
    const suspendedActions = await list.rowActions(row);
    expect(suspendedActions).not.toContain('edit');
    expect(suspendedActions).not.toContain('suspend');
    await act('archive', 'archived');
    await expect(row).toContainText('Archived');
    expect(await list.rowActions(row)).not.toContain('archive');
    await act('activate', 'activated');
    await expect(row).toHaveCount(0);
    await page.getByTestId('toggle-active').click();
    await expect(row).toContainText('Active');
    await act('remove', 'removed');
    await page.getByTestId('toggle-active').click();
    await expect(row).toContainText('Removed');
    // A removed user stays removed: no actions left.
    await expect(row.locator('[data-testid^="row-"]')).toHaveCount(0);
  });

  test('a signature is uploaded with a preview, checked by content, kept, and deleted', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const id = stamp();
    const email = `sign.${id}@demo.test`;
    const created = await page.request.post('/api/Users', {
      data: { type: 0, name: `Sign Person ${id}`, email, roleId: await roleId(page, 'APPROVER'), officeId: await officeId(page) },
    });
    expect(created.ok()).toBeTruthy();
    const list = new ListPage(page);
    await list.open('/resources/users');
    await list.searchFor('Name', `Sign Person ${id}`);
    await list.row(email).getByTestId('row-edit').click();
    const signature = list.panel().getByTestId('signature');
    await expect(signature).toContainText('No signature');

    // A PDF named .png is refused by the server, which checks the content.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await signature.getByTestId('signature-input').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: pdf });
    await expect(page.getByText(USERS.signatureUploadError, { exact: false })).toBeVisible();
    await expect(signature.getByTestId('signature-preview')).toHaveCount(0);

    await signature.getByTestId('signature-input').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: tinyPng(40, 16) });
    await expect(signature.getByTestId('signature-preview')).toBeVisible();
    await expect.poll(() => signature.getByTestId('signature-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);

    // Kept: the panel shows it again when reopened; then it is deleted.
    await list.panel().getByRole('button', { name: 'Close' }).click();
    await list.row(email).getByTestId('row-edit').click();
    await expect(list.panel().getByTestId('signature-preview')).toBeVisible();
    await list.panel().getByTestId('signature-delete').click();
    await expect(list.panel().getByTestId('signature')).toContainText('No signature');
    const row = (
      await (await page.request.get(`/api/Users?offset=0&limit=5&filter=${encodeURIComponent(JSON.stringify({ email }))}`)).json()
    )[0];
    expect(row.signature).toBeNull();
  });

  test('CLIENT-ADMIN sees only its own company and cannot pick the LO type', async ({ page }) => {
    await loginAs(page, 'client-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const me = (await (await page.request.get('/api/login')).json())[0];
    const rows = await (await page.request.get('/api/Users?offset=0&limit=500')).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u: { companyId: number; type: number }) => u.companyId === me.companyId && u.type === 1)).toBe(true);
    await expect(list.count()).toHaveText(
      `Total ${rows.filter((u: { status: number }) => u.status === 1).length} of ${rows.filter((u: { status: number }) => u.status === 1).length} loaded`,
    );
    for (const hidden of ['Location', 'Division', 'Company', 'Type', 'External', 'Mobile']) {
      await expect(page.getByRole('columnheader', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
    await page.getByTestId('add').click();
    const panel = list.panel();
    await expect(panel.getByLabel('LO', { exact: true })).toBeDisabled();
    await expect(panel.getByLabel('CLIENT', { exact: true })).toBeChecked();
    await expect(panel.getByLabel('Description')).toHaveCount(0);
    await expect(panel.getByLabel('External Id')).toHaveCount(0);
    await expect(panel.getByRole('combobox', { name: 'Company' })).toContainText(me.companyName);
  });

  test('Load More appends the next 100 users until none are left', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const total = Number((await list.count().textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(200);
    await expect(list.count()).toHaveText(`Total 100 of ${total} loaded`);
    await expect(list.rows()).toHaveCount(100);
    await page.getByTestId('load-more').click();
    await expect(list.count()).toHaveText(`Total 200 of ${total} loaded`);
    await page.getByTestId('load-more').click();
    await expect(list.count()).toHaveText(`Total ${total} of ${total} loaded`);
    await expect(page.getByTestId('load-more')).toHaveCount(0);
  });

  test('a long list renders only the rows near the screen, yet scrolls and sorts through all of them', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const total = Number((await list.count().textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(200); // above WINDOW_FROM_ROWS, so the table renders a window
    while ((await page.getByTestId('load-more').count()) > 0) {
      const before = await list.count().textContent();
      await page.getByTestId('load-more').click();
      await expect(list.count()).not.toHaveText(before ?? '');
    }
    const loaded = Number((await list.count().textContent())?.match(/Total (\d+) of/)?.[1]);
    const rendered = page.locator('tbody tr:not([data-spacer])');
    const spacers = page.locator('tbody tr[data-spacer]');
    const emails = async () => (await rendered.locator('td:nth-child(3)').allTextContents()).map((e) => e.trim());
    // The table sorts loaded rows as react-admin's useList does: by code point.
    const sortedAsc = (values: string[]) => values.every((v, i) => i === 0 || values[i - 1] <= v);

    await page
      .locator('thead th')
      .filter({ hasText: /^Email$/ })
      .locator('[role="button"], button')
      .first()
      .click();
    const all = page.locator('tbody tr');
    // The table scrolls inside its card (so its header stays in view and its horizontal scrollbar in reach).
    await list.scroller().evaluate((box) => box.scrollTo(0, 0));
    await expect(spacers).toHaveCount(1); // only the rows below are left out
    await expect(all.last()).toHaveAttribute('data-spacer');
    expect(await rendered.count()).toBeLessThan(loaded);
    await expect.poll(async () => sortedAsc(await emails())).toBe(true); // the sort has been painted
    const top = await emails();

    await list.scroller().evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await expect(all.first()).toHaveAttribute('data-spacer'); // now the rows above are left out...
    await expect(spacers).toHaveCount(1); // ...and none below
    await expect(spacers.first()).toHaveCSS('height', /^[1-9]\d*(\.\d+)?px$/);
    const bottom = await emails();
    expect(sortedAsc(bottom)).toBe(true);
    expect(top[0] < bottom[bottom.length - 1]).toBe(true);
    await expect(rendered.last()).toBeInViewport();
  });

  test('filters narrow the list on the server', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    await list.select('Role', 'APPROVER');
    await expect(list.rows().first()).toContainText('APPROVER');
    const roles = await list.rows().locator('td:nth-child(4)').allTextContents();
    expect(new Set(roles)).toEqual(new Set(['APPROVER']));
    await list.select('Status', 'Suspended');
    await expect(page.getByTestId('toggle-active')).toHaveText('Show Active');
    for (const text of await list.rows().allTextContents()) expect(text).toContain('Suspended');
  });

  test('the CSV export holds every matching user with the table columns', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const total = Number((await list.count().textContent())?.match(/of (\d+)/)?.[1]);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID,Name,Email,Role,Status,Type,External,Location,Division,Mobile,Company,Description');
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((line) => line.includes('scheduler@demo.test') && line.includes('SCHEDULER'))).toBe(true);
  });
});

async function roleId(page: import('@playwright/test').Page, name: string): Promise<number> {
  const roles = await (await page.request.get('/api/Setting/Others?objectType=ROLE')).json();
  return roles.find((r: { name: string }) => r.name === name).id;
}

async function officeId(page: import('@playwright/test').Page): Promise<number> {
  const offices = await (await page.request.get('/api/Location/Object?objectType=LO_OFFICE')).json();
  return offices[0].id;
}
