import { readFileSync } from 'node:fs';
import { formatUtcShort } from '@portal/contracts/format';
import { DIVISIONS, LOCATIONS, OFFICES, ROLES_TEXT, SEQUENCES, SHELL } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet, loadUntil, stamp } from '../pages/AdminApi';
import { AdminList } from '../pages/AdminList';

/**
 * The admin screens (administration document: LO Office, Division, Roles, Sequence
 * numbering) as CONFIG_ADMIN and MASTER_ADMIN, and the refusal for anyone else.
 */
const CONFIG_ADMIN = 'config_admin@demo.test';

// Each save waits the spec's 2 s before the list reloads; a busy machine needs the headroom.
test.describe.configure({ timeout: 120_000 });

interface OfficeApiRow {
  id: number;
  name: string;
  createdDate: string;
  modifiedDate: string;
  status: number;
}

test.describe('LO offices', () => {
  test('an office is added, edited, then archived through the confirm', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/admin/loOffice');
    await expect(page.getByTestId('breadcrumb')).toContainText('LO Office');
    const id = stamp();
    const name = `Fujairah Office ${id}`;
    const code = `F${id.slice(-6).toUpperCase()}`;

    await page.getByRole('button', { name: OFFICES.addButton }).click();
    const dialog = page.getByTestId('office-dialog');
    await expect(dialog.getByRole('heading', { name: OFFICES.addTitle })).toBeVisible();
    const save = dialog.getByTestId('office-save');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Name').fill(name);
    // Escape with something typed asks first (the shell's discard confirm); Keep editing keeps it.
    await page.keyboard.press('Escape');
    const discard = page.getByTestId('confirm-dialog');
    await expect(discard).toContainText(SHELL.discardChanges);
    await discard.getByRole('button', { name: SHELL.keepEditing }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Code').fill(code);
    await expect(save).toBeDisabled(); // a street is required too
    await dialog.getByLabel('Street').fill('Hamad Bin Abdulla Road');
    await expect(save).toBeEnabled();
    await dialog.getByLabel('Pin').fill('0');
    await expect(dialog.getByText('Pin must be at least 1')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Pin').fill('4422');
    await dialog.getByLabel('City').fill('Fujairah');
    await dialog.getByLabel('Country').fill('United Arab Emirates');
    await save.click();
    await expectAlert(page, OFFICES.saved);
    await expect(dialog).toBeHidden(); // closes after the spec's 2 s

    await list.searchFor('Name', name);
    const row = list.row(name);
    await expect(list.rows()).toHaveCount(1);
    await expect(row).toContainText(code);
    await expect(row.getByTestId('office-address')).toHaveText('Hamad Bin Abdulla Road, Fujairah, United Arab Emirates, 4422');
    const [saved] = await apiGet<OfficeApiRow[]>(page, '/Location/view/loOffice?objectType=LO_OFFICE', { name });
    await expect(row).toContainText(formatUtcShort(saved.createdDate)); // UTC, D-MMM-YY HH:mm
    expect(formatUtcShort(saved.createdDate)).toMatch(/^\d{1,2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}$/);

    // The code search finds it too.
    await list.searchFor('Name', '');
    await list.searchFor('Code', code);
    await expect(list.rows()).toHaveCount(1);

    await row.getByTestId('row-edit').click();
    await expect(dialog.getByRole('heading', { name: OFFICES.editTitle(name) })).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('City').fill('Dibba');
    await dialog.getByTestId('office-save').click();
    await expectAlert(page, OFFICES.saved);
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('office-address')).toContainText('Dibba');

    await row.getByTestId('row-delete').click();
    await expect(page.getByText(OFFICES.deleteConfirm)).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expectAlert(page, OFFICES.deleted);
    // Archived offices stay listed, without their actions.
    await expect(row).toContainText('Archived');
    await expect(row.getByTestId('row-edit')).toHaveCount(0);
    await expect(row.getByTestId('row-delete')).toHaveCount(0);
    const [archived] = await apiGet<OfficeApiRow[]>(page, '/Location/view/loOffice?objectType=LO_OFFICE', { name });
    expect(archived.status).toBe(0);
  });

  test('a duplicate office name shows the server text and keeps the popup open', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/admin/loOffice');
    const [existing] = await apiGet<OfficeApiRow[]>(page, '/Location/view/loOffice?objectType=LO_OFFICE');
    await page.getByTestId('add').click();
    const dialog = page.getByTestId('office-dialog');
    await dialog.getByLabel('Name').fill(existing.name.toUpperCase());
    await dialog.getByLabel('Street').fill('Somewhere 1');
    await dialog.getByTestId('office-save').click();
    await expect(page.getByText(OFFICES.duplicateName).first()).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an office that is still the primary office of active users is not archived: the server text shows', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/admin/loOffice');
    const row = list.row('Dubai Office');
    await row.getByTestId('row-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(OFFICES.inUse)).toBeVisible();
    await expect(row.getByTestId('row-delete')).toBeVisible();
  });

  test('the CSV export holds every office', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/admin/loOffice');
    const all = await apiGet<OfficeApiRow[]>(page, '/Location/view/loOffice?objectType=LO_OFFICE');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const lines = readFileSync(await (await download).path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('ID,Code,Name,Address,Phone,External,Status,Created (UTC),Modified (UTC)');
    expect(lines).toHaveLength(all.length + 1);
  });

  test('LO-ADMIN gets the refusal page', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    await page.goto('/admin/loOffice');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('add')).toHaveCount(0);
  });
});

test.describe('divisions', () => {
  test('a division is added, edited and archived; it leaves the list', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/division');
    const name = `INSULATION ${stamp()}`.toUpperCase();

    await page.getByTestId('add').click();
    const panel = list.panel();
    const save = panel.getByTestId('division-save');
    await expect(save).toBeDisabled(); // Name is required
    await panel.getByLabel('Name').fill(name);
    await panel.getByLabel('Code').fill('INS');
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, DIVISIONS.saved);
    await expect(panel).toBeHidden();

    const row = list.row(name);
    await loadUntil(page, async () => (await row.count()) > 0);
    await expect(row).toContainText('INS');

    await row.getByTestId('row-edit').click();
    await expect(panel.getByLabel('Name')).toHaveValue(name);
    await panel.getByLabel('Code').fill('INSU');
    await panel.getByTestId('division-save').click();
    await expectAlert(page, DIVISIONS.saved);
    await expect(panel).toBeHidden();
    await loadUntil(page, async () => (await row.count()) > 0);
    await expect(row).toContainText('INSU');

    await row.getByTestId('row-delete').click();
    await expect(page.getByText(DIVISIONS.deleteConfirm)).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expectAlert(page, DIVISIONS.archived);
    await loadUntil(page, async () => false);
    await expect(row).toHaveCount(0);
  });

  test('Load More continues after 15 divisions and Reload starts again from the first page', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const existing = await apiGet<unknown[]>(page, '/Setting?objectType=Division&offset=0&limit=100');
    const id = stamp();
    for (let i = existing.length; i < 17; i++) {
      const created = await page.request.post('/api/Setting', { data: { objectType: 'Division', name: `ZZ PAGING ${id} ${i}` } });
      expect(created.ok()).toBeTruthy();
    }
    const list = new AdminList(page);
    await list.open('/settings/division');
    await expect(list.rows()).toHaveCount(15);
    await expect(list.count()).toHaveText('Total 15 of 15+ loaded'); // no count call: more may exist
    await page.getByTestId('load-more').click();
    await expect(list.rows()).not.toHaveCount(15);
    expect(await list.rows().count()).toBeGreaterThanOrEqual(17);
    await page.getByTestId('reload').click();
    await expect(list.rows()).toHaveCount(15);
  });

  test('a duplicate division name shows the server text', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/division');
    await page.getByTestId('add').click();
    await list.panel().getByLabel('Name').fill('lifting');
    await list.panel().getByTestId('division-save').click();
    await expect(page.getByText(DIVISIONS.duplicateName).first()).toBeVisible();
    await expect(list.panel()).toBeVisible();
  });

  test('the panel checks the fields with the server’s own schema as the user types', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/division');
    await page.getByTestId('add').click();
    const panel = list.panel();
    const save = panel.getByTestId('division-save');
    await panel.getByLabel('Name').fill('Welding');
    await panel.getByLabel('Code').fill('C'.repeat(21));
    await expect(panel.getByText('At most 20 characters')).toBeVisible();
    await expect(save).toBeDisabled();
    await panel.getByLabel('Code').fill('WLD');
    await expect(panel.getByText('At most 20 characters')).toBeHidden();
    await panel.getByLabel('Name').fill('   ');
    await expect(panel.getByText('Name is required')).toBeVisible();
    await expect(save).toBeDisabled();
  });
});

test.describe('sequence numbering', () => {
  test('the Current Number cannot go below its value and can be raised', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    await page.goto('/admin/sequenceNumber');
    const all = await apiGet<unknown[]>(page, '/sequence');
    await expect(page.getByTestId('list-count')).toHaveText(SEQUENCES.found(all.length));
    const groups = await page.getByTestId('sequence-group').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-office')));
    expect(groups.length).toBeGreaterThan(1);
    expect([...groups].sort((a, b) => (a ?? '').localeCompare(b ?? '', undefined, { sensitivity: 'base' }))).toEqual(groups);

    const row = page.getByTestId('sequence-row').first();
    const before = Number(await row.getByTestId('sequence-number').textContent());
    await row.getByTestId('row-edit').click();
    const panel = page.getByTestId('side-panel');
    const sequenceName = (await row.locator('td').nth(1).textContent()) ?? '';
    await expect(panel.getByTestId('side-panel-title')).toHaveText(SEQUENCES.title(sequenceName));
    await expect(panel.getByLabel('Office Name')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('Sequence Name')).toHaveAttribute('readonly', '');
    const input = panel.getByLabel('Current Number');
    await expect(input).toHaveValue(String(before));
    const save = panel.getByTestId('sequence-save');

    await input.fill(String(before - 1));
    await expect(panel.getByText(SEQUENCES.belowCurrent(before))).toBeVisible();
    await expect(save).toBeDisabled();

    await input.fill(String(before + 25));
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, SEQUENCES.saved);
    await expect(panel).toBeHidden();
    await expect(row.getByTestId('sequence-number')).toHaveText(String(before + 25));
  });

  test('a group folds away and back', async ({ page }) => {
    await loginAs(page, 'master_admin@demo.test');
    await page.goto('/admin/sequenceNumber');
    // The sequences on the screen first: the group's rows are counted once they show.
    const group = page.getByTestId('sequence-group').first();
    await expect(group).toBeVisible();
    const office = (await group.getAttribute('data-office')) ?? '';
    const rows = page.locator(`[data-testid="sequence-row"][data-office="${office}"]`);
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    await group.click();
    await expect(rows).toHaveCount(0);
    await group.click();
    await expect(rows).toHaveCount(count);
  });
});

test.describe('roles', () => {
  test('the roles screen filters by name on the server and by customer on the loaded rows', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/roles');
    await expect(list.row('SCHEDULER')).toHaveCount(1);

    await list.searchFor('Role Name', 'client');
    await expect(list.row('SCHEDULER')).toHaveCount(0);
    await expect(list.row('CLIENT-USER')).toHaveCount(1);
    for (const text of await list.rows().allTextContents()) expect(text.toUpperCase()).toContain('CLIENT');

    const customer = ((await list.rows().first().locator('td').nth(3).textContent()) ?? '').trim();
    expect(customer.length).toBeGreaterThan(2);
    let roleCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/Setting/Namespace')) roleCalls++;
    });
    await list.searchFor('Customer', 'no such customer');
    await expect(list.rows()).toHaveCount(0);
    await expect(page.getByText('No roles match these filters')).toBeVisible();
    await list.searchFor('Customer', customer.slice(1, -1).toLowerCase());
    await expect(list.rows().first()).toContainText('CLIENT');
    expect(roleCalls).toBe(0); // the customer filter never asks the server
  });

  test('a role is added with its type and base role, edited with the type locked, then archived', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/roles');
    const name = `Site Inspector ${stamp()}`;
    await page.getByTestId('add').click();
    const panel = list.panel();
    const save = panel.getByTestId('role-save');
    await panel.getByLabel('Name').fill(name);
    await expect(save).toBeDisabled(); // type and base role are required on create
    await panel.getByRole('radio', { name: 'Client' }).check();
    await panel.getByRole('combobox', { name: 'Base role' }).click();
    await page.getByRole('option', { name: 'SITE-USER', exact: true }).click();
    await panel.getByLabel('Code').fill('SINS');
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, ROLES_TEXT.saved);
    await expect(panel).toBeHidden();

    const row = list.row(name);
    await expect(row).toContainText('Client');
    await expect(row).toContainText('SINS');
    await row.getByTestId('row-edit').click();
    await expect(panel.getByRole('radio', { name: 'Client' })).toBeDisabled();
    await expect(panel.getByRole('radio', { name: 'Client' })).toBeChecked();
    // CONFIG_ADMIN: a new client role has no licences until Create License Config adds an
    // unlimited one for every client. (A client that a parallel test adds meanwhile gets its
    // licence of every client role at once, so "none" is "fewer than the clients" here.)
    await panel.getByTestId('role-tab-licences').click();
    const clientsBefore = await apiGet<unknown[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
    expect(await panel.getByTestId('licence-row').count()).toBeLessThan(clientsBefore.length);
    await panel.getByRole('button', { name: ROLES_TEXT.createLicenceConfig }).click();
    await expectAlert(page, LOCATIONS.licenceConfigCreated);
    const clients = await apiGet<unknown[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
    await expect(panel.getByTestId('licence-row')).toHaveCount(clients.length);
    await expect(panel.getByTestId('licence-row').first().getByRole('spinbutton')).toHaveValue('-1');
    await panel.getByRole('button', { name: 'Cancel' }).click();

    await row.getByTestId('row-delete').click();
    await expect(page.getByText(ROLES_TEXT.deleteConfirm)).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expectAlert(page, ROLES_TEXT.archived);
    await expect(row).toHaveCount(0); // only active roles are listed
  });

  test('a role still held by active users is not archived: the server text shows', async ({ page }) => {
    await loginAs(page, CONFIG_ADMIN);
    const list = new AdminList(page);
    await list.open('/settings/roles');
    const row = list.row('SCHEDULER');
    await row.getByTestId('row-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(ROLES_TEXT.roleInUse)).toBeVisible();
    await expect(row).toHaveCount(1);
  });

  test('CONFIG_ADMIN manages the licences of a client role; MASTER_ADMIN sees no licence section', async ({ browser }) => {
    const config = await browser.newPage();
    await loginAs(config, CONFIG_ADMIN);
    const configList = new AdminList(config);
    await configList.open('/settings/roles');
    await configList.searchFor('Role Name', 'CLIENT-USER');
    await configList.row('CLIENT-USER').getByTestId('row-edit').click();
    await expect(configList.panel().getByTestId('role-tab-licences')).toBeVisible();
    await configList.panel().getByTestId('role-tab-licences').click();
    await expect(configList.panel().getByTestId('licence-row').first()).toBeVisible();
    await expect(configList.panel().getByRole('button', { name: ROLES_TEXT.createLicenceConfig })).toBeVisible();
    // An LO role has no licences, even for CONFIG_ADMIN.
    await configList.panel().getByRole('button', { name: 'Cancel' }).click();
    await configList.searchFor('Role Name', 'SCHEDULER');
    await configList.row('SCHEDULER').getByTestId('row-edit').click();
    await expect(configList.panel().getByTestId('role-tab-details')).toBeVisible();
    await expect(configList.panel().getByTestId('role-tab-licences')).toHaveCount(0);
    await config.close();

    const master = await browser.newPage();
    await loginAs(master, 'master_admin@demo.test');
    const masterList = new AdminList(master);
    await masterList.open('/settings/roles');
    await masterList.searchFor('Role Name', 'CLIENT-USER');
    await masterList.row('CLIENT-USER').getByTestId('row-edit').click();
    await expect(masterList.panel().getByTestId('role-tab-details')).toBeVisible();
    await expect(masterList.panel().getByTestId('role-tab-licences')).toHaveCount(0);
    await expect(masterList.panel().getByTestId('licences')).toHaveCount(0);
    await expect(masterList.panel().getByText(ROLES_TEXT.createLicenceConfig)).toHaveCount(0);
    const rows = await apiGet<{ name: string; metaValue?: string }[]>(master, '/Setting/Namespace?objectType=ROLE&name=CLIENT-USER');
    expect(rows.every((r) => r.metaValue === undefined)).toBe(true);
    await master.close();
  });
});
