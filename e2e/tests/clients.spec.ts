import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ALERT_TITLE, FILES, LOCATIONS, SHELL, USERS } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { ClientsPage, tinyPng } from '../pages/ClientsPage';

/**
 * Resources > Clients (administration document 2 "Clients dashboard", 5 "Clients"; DECISIONS
 * 4): the list by role, Add Client in one save, the Locations list of a client, edits, CSV
 * and the logo. Every client a test creates has a unique name, so runs and tests never meet.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function apiGet<T>(page: Page, path: string, filter?: Record<string, unknown>): Promise<T> {
  const headers: Record<string, string> = filter ? { filter: encodeURIComponent(JSON.stringify(filter)) } : {};
  const response = await page.request.get(`/api${path}`, { headers });
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

/** A client with one site, created through the API by the signed-in user (setup, not under test). */
async function createClient(page: Page, name: string): Promise<{ id: number; siteName: string }> {
  const offices = await apiGet<{ id: number }[]>(page, '/Location/Object?objectType=LO_OFFICE');
  const response = await page.request.post('/api/Location/addNewClient', {
    data: { Client: { name, street: '9 Setup Street', officeIds: [offices[0].id] }, Site: { name: 'Setup Yard' }, Users: [] },
  });
  expect(response.ok(), 'addNewClient').toBeTruthy();
  const body = (await response.json()) as { Client: { id: number } };
  return { id: body.Client.id, siteName: 'Setup Yard' };
}

test.describe('clients', () => {
  test('an LO admin adds a client with a site and two users in one save, then finds, expands and edits it', async ({ page }) => {
    test.slow(); // one user story across the dialog, two lists and three saves
    await loginAs(page, 'lo-admin@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    const id = stamp();
    const name = `E2E Cranes ${id}`;
    const code = `E2E${id}`.slice(0, 20).toUpperCase();

    await page.getByTestId('add').click();
    await expect(clients.dialog()).toBeVisible();
    await clients.fillClient({
      name,
      code,
      office: 'Muscat Office',
      street: '12 Harbour Road',
      city: 'Muscat',
      country: 'Oman',
      pin: '113',
    });
    await clients.section('Site Details').getByTestId('copy-address').click();
    await clients.section('Site Details').getByLabel('Site Name').fill('Main Yard');
    await clients.addUser({ role: 'CLIENT-ADMIN', name: `Ada Admin ${id}`, email: `ada.${id}@example.test`, phone: '+968 1111' });
    await clients.addUser({ role: 'CLIENT-USER', name: `Ben User ${id}`, email: `ben.${id}@example.test` });
    await expect(clients.saveButton()).toBeEnabled();
    const roleConfig = page.waitForResponse((r) => r.url().includes('/api/Location/RoleConfig/') && r.request().method() === 'POST');
    await clients.saveButton().click();

    await expectAlert(page, LOCATIONS.newClientSaved, 'success');
    await expect(clients.dialog()).toBeHidden();
    // The role-licence configuration is asked for in the background, by the client's name.
    const config = await roleConfig;
    expect(decodeURIComponent(config.url())).toContain(`/RoleConfig/${name}`);
    expect(config.status()).toBe(200);

    // Found by the server-side name search, with the address on one line.
    await clients.searchName(name);
    await expect(clients.rows()).toHaveCount(1);
    await expect(clients.count()).toHaveText('Total 1 of 1 loaded');
    const row = clients.row(name);
    await expect(row).toContainText(code);
    await expect(row).toContainText('12 Harbour Road, Muscat, Oman, 113');
    // The code search finds it too.
    await clients.searchFor('Name', '');
    await clients.searchFor('Code', code.toLowerCase());
    await expect(clients.rows()).toHaveCount(1);
    await expect(clients.row(name)).toBeVisible();

    // Both users exist, as client users of the new company.
    for (const email of [`ada.${id}@example.test`, `ben.${id}@example.test`]) {
      const users = await apiGet<{ email: string; company: string }[]>(page, '/Users', { email });
      expect(users.map((u) => [u.email, u.company])).toEqual([[email, name]]);
    }

    // Expand: the client's Locations list, kept in the URL across a reload.
    await clients.row(name).getByTestId('row-expand').click();
    await expect(page).toHaveURL(/\/resources\/clients\?client=\d+/);
    const crumbs = page.getByTestId('breadcrumb');
    await expect(crumbs).toContainText('Resources');
    await expect(crumbs.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(crumbs).toContainText(name);
    await expect(page.getByTestId('page-title')).toHaveText(name);
    await expect(clients.row('Main Yard')).toContainText('12 Harbour Road, Muscat, Oman, 113');
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText(name);
    await expect(clients.rows()).toHaveCount(1);

    // Add Location.
    await page.getByTestId('add').click();
    await expect(clients.panel().getByTestId('side-panel-title')).toHaveText(LOCATIONS.addLocation);
    await expect(clients.panel().getByTestId('location-save')).toBeDisabled();
    await clients.panel().getByLabel('Site Name').fill('North Gate');
    await clients.panel().getByLabel('Street').fill('Gate Road 4');
    await clients.panel().getByTestId('location-save').click();
    await expectAlert(page, LOCATIONS.locationSaved, 'success');
    await expect(clients.rows()).toHaveCount(2);
    await expect(clients.row('North Gate')).toContainText('Gate Road 4');
    await expect(clients.count()).toHaveText('Total 2 of 2 loaded');

    // Edit a location.
    await clients.row('North Gate').getByTestId('row-edit').click();
    await expect(clients.panel().getByLabel('Site Name')).toHaveValue('North Gate');
    await clients.panel().getByLabel('Site Name').fill('North Gate 2');
    await clients.panel().getByTestId('location-save').click();
    await expectAlert(page, LOCATIONS.locationSaved, 'success');
    await expect(clients.row('North Gate 2')).toBeVisible();

    // Back to Clients through the breadcrumb, then edit the client.
    await page.getByTestId('breadcrumb').getByRole('link', { name: 'Clients' }).click();
    await expect(page).toHaveURL(/\/resources\/clients$/);
    await clients.searchName(name);
    await expect(clients.rows()).toHaveCount(1);
    await clients.row(name).getByTestId('row-edit').click();
    const panel = clients.panel();
    await expect(panel.getByTestId('side-panel-title')).toHaveText(`Edit Client: ${name}`);
    await expect(panel.getByLabel('Street')).toHaveValue('12 Harbour Road');
    await panel.getByLabel('Street').fill('');
    await expect(panel.getByTestId('location-save')).toBeDisabled(); // street is required
    await panel.getByLabel('Street').fill('14 Harbour Road');
    await panel.getByTestId('location-save').click();
    await expectAlert(page, LOCATIONS.clientSaved, 'success');
    await expect(panel).toBeHidden();
    await expect(clients.row(name)).toContainText('14 Harbour Road, Muscat, Oman, 113');
  });

  test('Copy Client Address / Reset Site Address, Save disabled until the form is valid, and typed input kept from Escape', async ({
    page,
  }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    await page.getByTestId('add').click();
    const save = clients.saveButton();
    const site = clients.section('Site Details');
    const toggle = site.getByTestId('copy-address');
    await expect(save).toBeDisabled();
    await expect(toggle).toHaveText(LOCATIONS.copyClientAddress);

    await clients.fillClient({ name: `E2E Toggle ${stamp()}`, street: '7 Copy Lane', city: 'Doha', country: 'Qatar', pin: '4000' });
    await expect(save).toBeDisabled(); // no LO office, no site name yet
    await toggle.click();
    await expect(toggle).toHaveText(LOCATIONS.resetSiteAddress);
    await expect(site.getByLabel('Street')).toHaveValue('7 Copy Lane');
    await expect(site.getByLabel('City')).toHaveValue('Doha');
    await expect(site.getByLabel('Country')).toHaveValue('Qatar');
    await expect(site.getByLabel('Pin')).toHaveValue('4000');
    await toggle.click();
    await expect(toggle).toHaveText(LOCATIONS.copyClientAddress);
    for (const label of ['Street', 'City', 'Country', 'Pin']) await expect(site.getByLabel(label)).toHaveValue('');

    await clients.choose(clients.section('Client Details').getByRole('combobox', { name: 'LO Office' }), 'Doha Office');
    await expect(save).toBeDisabled(); // still no site name
    await site.getByLabel('Site Name').fill('Yard');
    await expect(save).toBeEnabled();

    // A client pin below 1 is refused under the input.
    await clients.section('Client Details').getByLabel('Pin').fill('0');
    await expect(save).toBeDisabled();
    await expect(clients.section('Client Details')).toContainText('Pin must be a whole number of at least 1');
    await clients.section('Client Details').getByLabel('Pin').fill('4000');
    await expect(save).toBeEnabled();

    // A user row needs role, name and email; Remove Last User takes it away again.
    const users = clients.section('Users');
    await users.getByTestId('add-user').click();
    await expect(save).toBeDisabled();
    await users.getByTestId('user-row-0').getByLabel('Name').fill('Someone');
    await users.getByTestId('user-row-0').getByLabel('Email').fill('not-an-email');
    await expect(save).toBeDisabled();
    await users.getByTestId('remove-user').click();
    await expect(users.getByTestId('user-row-0')).toHaveCount(0);
    await expect(users.getByTestId('remove-user')).toBeDisabled();
    await expect(save).toBeEnabled();

    // Escape, a click beside the popup and the close icon ask first while something is typed;
    // Keep editing keeps it.
    const discard = page.getByTestId('confirm-dialog');
    const keep = async () => {
      await expect(discard).toContainText(SHELL.discardChanges);
      await discard.getByRole('button', { name: SHELL.keepEditing }).click();
      await expect(discard).toBeHidden();
      await expect(site.getByLabel('Site Name')).toHaveValue('Yard');
    };
    await site.getByLabel('Site Name').focus();
    await page.keyboard.press('Escape');
    await keep();
    await page.mouse.click(5, 5);
    await keep();
    await clients.dialog().getByRole('button', { name: 'Close' }).click();
    await keep();

    // Cancel closes without saving; reopening starts empty, and Escape closes it at once.
    await clients.dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(clients.dialog()).toBeHidden();
    await page.getByTestId('add').click();
    await expect(clients.section('Client Details').getByLabel('Client Name')).toHaveValue('');
    await clients.section('Client Details').getByLabel('Client Name').focus();
    await page.keyboard.press('Escape');
    await expect(clients.dialog()).toBeHidden();
    await expect(discard).toHaveCount(0);
  });

  test('a failing Role License Config after Add Client is only logged', async ({ page }) => {
    await page.route('**/api/Location/RoleConfig/**', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await loginAs(page, 'lo-admin@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    const name = `E2E Config ${stamp()}`;
    await page.getByTestId('add').click();
    await clients.fillClient({ name, office: 'Abu Dhabi Office', street: '3 Quiet Street' });
    await clients.section('Site Details').getByLabel('Site Name').fill('Yard');
    await clients.saveButton().click();
    await expectAlert(page, LOCATIONS.newClientSaved, 'success');
    await expect(clients.dialog()).toBeHidden();
    await expect.poll(() => warnings.some((w) => w.includes('Role License Config was not created'))).toBeTruthy();
    await expect(clients.errorAlert()).toHaveCount(0);
    await clients.searchName(name);
    await expect(clients.rows()).toHaveCount(1);
  });

  test('a Locations list pages by 50 with Load More, and Reload starts again', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const name = `E2E Many Sites ${stamp()}`;
    const { id } = await createClient(page, name);
    for (let n = 1; n <= 50; n++) {
      const response = await page.request.post('/api/Location', {
        data: { objectType: 'SITE', companyId: id, name: `Bay ${String(n).padStart(2, '0')}` },
      });
      expect(response.ok(), `site ${n}`).toBeTruthy();
    }
    const clients = new ClientsPage(page);
    await clients.open(`/resources/clients?client=${id}`);
    await expect(clients.count()).toHaveText('Total 50 of 51 loaded');
    await expect(clients.rows()).toHaveCount(50);
    await page.getByTestId('load-more').click();
    await expect(clients.count()).toHaveText('Total 51 of 51 loaded');
    await expect(clients.rows()).toHaveCount(51);
    await expect(page.getByTestId('load-more')).toHaveCount(0);
    await page.getByTestId('reload').click();
    await expect(clients.count()).toHaveText('Total 50 of 51 loaded');
    await expect(page.getByTestId('load-more')).toBeVisible();

    // A clients list with everything loaded has no Load More.
    await page.getByTestId('breadcrumb').getByRole('link', { name: 'Clients' }).click();
    await clients.searchName(name);
    await expect(clients.rows()).toHaveCount(1);
    await expect(clients.count()).toHaveText('Total 1 of 1 loaded');
    await expect(page.getByTestId('load-more')).toHaveCount(0);
  });

  test("a taken user e-mail shows the server's 409 text and creates nothing", async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    const name = `E2E Duplicate ${stamp()}`;
    await page.getByTestId('add').click();
    await clients.fillClient({ name, office: 'Dubai Office', street: '1 Conflict Road' });
    await clients.section('Site Details').getByLabel('Site Name').fill('Yard');
    await clients.addUser({ role: 'CLIENT-USER', name: 'Taken Address', email: 'scheduler@demo.test' });
    await clients.saveButton().click();

    await expectAlert(page, [ALERT_TITLE.ooops, USERS.duplicateEmail], 'error');
    // The dialog stays open with the message under the e-mail, so the user can fix it.
    await expect(clients.dialog()).toBeVisible();
    await expect(clients.section('Users')).toContainText(USERS.duplicateEmail);

    await clients.dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(clients.dialog()).toBeHidden();
    await clients.searchName(name);
    await expect(clients.count()).toHaveText('Total 0 of 0 loaded');
    await expect(page.getByText('No clients match these searches')).toBeVisible();
  });

  test('SALES-PERSON has no Add but may edit and expand', async ({ page }) => {
    await loginAs(page, 'sales-person@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    await expect(page.getByTestId('reload')).toBeVisible();
    await expect(page.getByTestId('add')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Action' })).toBeVisible();
    await expect(clients.rows().first().getByTestId('row-edit')).toBeVisible();
    await expect(clients.rows().first().getByTestId('row-expand')).toBeVisible();
  });

  test('FIELD-ENGG sees the clients without the Action column', async ({ page }) => {
    await loginAs(page, 'field-engg@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    await expect(clients.rows().first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Code' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
    await expect(page.getByTestId('row-edit')).toHaveCount(0);
    await expect(page.getByTestId('row-expand')).toHaveCount(0);
    // Nor does a link to a client's Locations open them.
    const [first] = await apiGet<{ id: number }[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
    await page.goto(`/resources/clients?client=${first.id}`);
    await expect(page.getByTestId('page-title')).toHaveText('Clients');
    await expect(page.getByRole('columnheader', { name: 'Created' })).toBeVisible();
  });

  test('CLIENT-ADMIN sees only its own company, read only, and may open its locations', async ({ page }) => {
    // CLIENT-ADMIN has Clients in place of Assets when its asset view is off (shell document
    // 2): in acme no web-access rule gives it asset view.
    await loginAs(page, 'client-admin@acme.test');
    const me = (await apiGet<{ companyId: number }[]>(page, '/login'))[0];
    const company = await apiGet<{ name: string }>(page, `/Location/${me.companyId}`);

    const clients = new ClientsPage(page);
    await clients.openList();
    await expect(clients.rows()).toHaveCount(1);
    await expect(clients.count()).toHaveText('Total 1 of 1 loaded');
    await expect(clients.row(company.name)).toBeVisible();
    await expect(page.getByTestId('add')).toHaveCount(0);
    await expect(page.getByTestId('row-edit')).toHaveCount(0);

    await clients.row(company.name).getByTestId('row-expand').click();
    await expect(page.getByTestId('page-title')).toHaveText(company.name);
    await expect(clients.rows().first()).toBeVisible();
    await expect(page.getByTestId('add')).toHaveCount(0); // no Add Location
    await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);

    // The pickers know only its company, and an id that is not its company shows nothing.
    const others = await apiGet<{ id: number }[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
    expect(others.map((c) => c.id)).toEqual([me.companyId]);
    await page.goto(`/resources/clients?client=${me.companyId + 1}`);
    await expect(page.getByTestId('unknown-client')).toContainText(LOCATIONS.loadClientLocationsError);
  });

  test('CSV exports every matching client, and a client its locations', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    await clients.searchName('steel');
    // Wait for the searched list itself (the unfiltered one also says 'Total n of n loaded').
    await expect
      .poll(async () => {
        const texts = await clients.rows().allInnerTexts();
        return texts.length > 0 && texts.every((text) => /steel/i.test(text));
      })
      .toBeTruthy();
    const { loaded: shown, total } = await clients.totals();
    expect(shown).toBe(total);
    const names = await clients.rows().locator('td:nth-child(3)').allInnerTexts();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('InspectionPortal_clients.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Name,Address,Phone,LO Offices,External,Created,Modified');
    expect(lines).toHaveLength(shown + 1);
    for (const name of names) expect(lines.some((line) => line.includes(name))).toBeTruthy();
    for (const line of lines.slice(1)) {
      expect(line.toLowerCase()).toContain('steel');
      expect(line).toMatch(/,\d{2}-[A-Z][a-z]{2}-\d{4},\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    }

    // A client's Locations CSV: its sites, each with the client's name.
    const client = names[0];
    await clients.row(client).getByTestId('row-expand').click();
    await expect(page.getByTestId('page-title')).toHaveText(client);
    await clients.expectLoaded();
    const { loaded: sites } = await clients.totals();
    await expect(clients.rows()).toHaveCount(sites);
    const [siteDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(siteDownload.suggestedFilename()).toBe('InspectionPortal_locations.csv');
    const siteLines = readFileSync((await siteDownload.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(siteLines[0]).toBe('Client,Code,Name,Address,Phone,External');
    expect(siteLines).toHaveLength(sites + 1);
    for (const line of siteLines.slice(1)) expect(line.startsWith(client.includes(',') ? `"${client}"` : client)).toBeTruthy();
  });

  test('SCHEDULER uploads a client logo', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    const name = `E2E Logo ${stamp()}`;
    await createClient(page, name);
    const clients = new ClientsPage(page);
    await clients.openList();
    await clients.searchName(name);
    await clients.row(name).getByTestId('row-edit').click();
    const logo = clients.panel().getByTestId('logo');
    await expect(logo.getByTestId('logo-empty')).toBeVisible();

    // A file that is not .jpg/.png is refused before upload.
    await logo.getByTestId('logo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectAlert(page, [LOCATIONS.logoUploadError, FILES.imageOnly], 'error');

    await logo.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await expectAlert(page, LOCATIONS.logoSaved, 'success');
    await expect(logo.getByTestId('logo-preview')).toBeVisible();
    await expect.poll(() => logo.getByTestId('logo-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);

    // Stored: the panel shows it again when reopened.
    await clients.panel().getByRole('button', { name: 'Close' }).click();
    await clients.row(name).getByTestId('row-edit').click();
    await expect(clients.panel().getByTestId('logo-preview')).toBeVisible();
  });

  test('APPROVER edits a client without the logo section', async ({ page }) => {
    await loginAs(page, 'approver@demo.test');
    const clients = new ClientsPage(page);
    await clients.openList();
    const first = clients.rows().first();
    const name = ((await first.locator('td:nth-child(3)').textContent()) ?? '').trim();
    await first.getByTestId('row-edit').click();
    await expect(clients.panel().getByLabel('Client Name')).toHaveValue(name);
    await expect(clients.panel().getByLabel('Street')).not.toHaveValue('');
    await expect(clients.panel().getByTestId('location-save')).toBeEnabled();
    await expect(clients.panel().getByTestId('logo')).toHaveCount(0);
  });
});
