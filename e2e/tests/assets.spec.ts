import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ASSET_PAGE, ASSETS, type AssetDashboardAnswer } from '@portal/contracts';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { chooseClientAndSite } from '../pages/AssetsDashboard';

/**
 * Resources > Assets (tasks document 2.5, 2.6): the dashboard after a client and its sites,
 * the filters, Add New Asset, editing, attributes, files, history and a blocked shift.
 */
const SCHEDULER = 'scheduler@demo.test';
const SITE_USER = 'site-user@demo.test';
const ASSETS_PATH = '/resources/assets';
const SHOTS = '/tmp/a1-shots';
// A 2x2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

interface Option {
  id: number;
  name: string;
}

/** A client with assets on its first site, chosen through the API the page itself uses. */
async function clientWithAssets(page: Page) {
  const clients = await apiGet<Option[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
  for (const client of clients) {
    const sites = await apiGet<Option[]>(page, `/Location/Object?objectType=SITE&companyId=${client.id}`);
    if (sites.length < 2) continue;
    const answer = await apiGet<AssetDashboardAnswer>(page, `/Location/AssetDashboard?companyId=${client.id}&siteId=${sites[0].id}`);
    if (answer.total >= 3) return { client, sites, answer };
  }
  throw new Error('no demo client with two sites and assets');
}

/** What an option picker shows: a select's text, or a searching picker's input value. */
function picked(field: Locator): Promise<string> {
  return field.getByRole('combobox').evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.textContent ?? '')));
}

async function selectIn(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('SCHEDULER filters the dashboard by client, sites, status and dates, and exports it', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  await page.goto(ASSETS_PATH);
  await expect(page.getByTestId('choose-client-site')).toHaveText(ASSET_PAGE.chooseFirst);
  await expect(page.getByTestId('export-excel')).toBeDisabled();
  const { client, sites, answer } = await clientWithAssets(page);
  await chooseClientAndSite(page, client.name, sites[0].name);
  await expect(page.getByTestId('asset-row')).toHaveCount(answer.total);
  await expect(page.getByTestId('asset-total')).toContainText(String(answer.total));
  await shot(page, 'dashboard');

  // Status filter: only that status remains.
  await selectIn(page, page.getByTestId('filter-status'), 'Expired');
  await expect(page.getByTestId('asset-total')).not.toHaveText(/Loading/);
  const expired = await page.getByTestId('item-status').allTextContents();
  expect(expired.every((s) => s === 'Expired')).toBe(true);
  await selectIn(page, page.getByTestId('filter-status'), 'All');
  await expect(page.getByTestId('asset-row')).toHaveCount(answer.total);

  // A range with one end does nothing; with both ends it filters; Clear empties it.
  await page.getByTestId('insp-range-from').fill('2000-01-01');
  await expect(page.getByTestId('asset-row')).toHaveCount(answer.total);
  await page.getByTestId('insp-range-to').fill('2000-01-02');
  await expect(page.getByTestId('no-assets')).toBeVisible();
  await page.getByTestId('insp-range-clear').click();
  await expect(page.getByTestId('asset-row')).toHaveCount(answer.total);

  // Two sites: more rows.
  const both = await apiGet<AssetDashboardAnswer>(
    page,
    `/Location/AssetDashboard?companyId=${client.id}&siteId=${sites[0].id},${sites[1].id}`,
  );
  const siteBox = page.getByTestId('filter-sites').getByRole('combobox');
  await siteBox.click();
  await page.getByRole('option', { name: sites[1].name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('asset-row')).toHaveCount(both.total);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Assets_.+_\d{4}-\d{2}-\d{2}\.xlsx$/);
  // Opened as a spreadsheet: the header row, then every row of both sites by name.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('Name');
  expect(sheet.getRow(1).getCell(2).value).toBe('Acronym Code');
  expect(sheet.actualRowCount).toBe(both.total + 1);
  const names = Array.from({ length: both.total }, (_, i) => String(sheet.getRow(i + 2).getCell(1).value));
  expect(names).toEqual(both.rows.map((row) => row.name));
});

test('SCHEDULER adds an asset, edits it, fills its attributes, uploads and archives a photo, shifts it', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  await page.goto(ASSETS_PATH);
  const { client, sites } = await clientWithAssets(page);
  await chooseClientAndSite(page, client.name, sites[0].name);
  await page.getByTestId('add').click();
  const panel = page.getByTestId('asset-panel');
  await expect(panel.getByTestId('asset-tab-history')).toBeDisabled();
  await expect(panel.getByTestId('asset-tab-files')).toBeDisabled();
  await expect(panel.getByTestId('asset-client')).toHaveValue(client.name);
  const save = panel.getByTestId('asset-save');
  await panel.getByTestId('asset-name-input').fill('Crane #1');
  await expect(panel.getByText(ASSETS.invalidCharacters)).toBeVisible();
  await expect(save).toBeDisabled();
  const name = `MC-${stamp()} Grove GMK`;
  await panel.getByTestId('asset-name-input').fill(name);
  await selectIn(page, panel.getByTestId('asset-type').getByRole('combobox'), 'Mobile Crane');
  await panel.getByTestId('asset-end-user-name').fill('Harbour Ops');
  await panel.getByTestId('asset-end-user-address').fill('Berth 7, Port Road');
  await panel.getByTestId('asset-serial').fill(`SN-${stamp()}`);
  await shot(page, 'panel-new');
  await save.click();
  await expectAlert(page, ASSETS.assetSavedSuccessfully);
  await expect(panel.getByTestId('asset-tab-history')).toBeEnabled();
  await expect(panel.getByTestId('asset-site').getByRole('combobox')).toBeDisabled();

  // Edit: a duplicate name is refused with the server's text.
  const existing = (
    await apiGet<AssetDashboardAnswer>(page, `/Location/AssetDashboard?companyId=${client.id}&siteId=${sites[0].id}`)
  ).rows.find((r) => r.name !== name);
  await panel.getByTestId('asset-name-input').fill(existing?.name ?? name);
  await save.click();
  await expect(panel.getByTestId('asset-save-error')).toHaveText(ASSETS.duplicateName(existing?.name ?? name));
  await panel.getByTestId('asset-name-input').fill(`${name} B`);
  await save.click();
  await expect(panel.getByTestId('asset-save-error')).toBeHidden();
  await expect(page.getByTestId('asset-name').filter({ hasText: `${name} B` })).toBeVisible();

  // Attributes: the crane form through the shared renderer.
  await panel.getByTestId('asset-tab-attributes').click();
  await expect(panel.getByTestId('form-renderer')).toBeVisible();
  await panel.getByTestId('field-manufacturer').getByRole('textbox').fill('Grove');
  await panel.getByLabel(/^Model/).fill('GMK5250L');
  // The maker's serial number (crane form revision 2, DECISIONS 9), apart from the sticker serial.
  await panel.getByTestId('field-manufacturerSerial').getByRole('textbox').fill('GRO204311');
  const craneType = panel.getByRole('combobox', { name: /Crane type/ });
  if (await craneType.count()) await selectIn(page, craneType, 'Mobile');
  else await panel.getByRole('button', { name: 'Mobile', exact: true }).click();
  await panel.getByLabel(/^Safe working load/).fill('250');
  await shot(page, 'panel-attributes');
  await panel.getByTestId('attributes-save').click();
  await expect(page.getByText(ASSETS.dataSaved).first()).toBeVisible();

  // Files: a photo goes to Primary Photo, then is archived behind the spec's confirm.
  await panel.getByTestId('asset-tab-files').click();
  await panel.getByTestId('file-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(panel.getByTestId('file-status')).toHaveText(ASSETS.fileUploaded);
  await expect(panel.getByTestId('file-section-primary').getByTestId('asset-file')).toHaveCount(1);
  await panel.getByTestId('file-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(panel.getByTestId('file-status')).toContainText(ASSETS.uploadError);
  await shot(page, 'panel-files');
  await panel.getByTestId('file-archive').first().click();
  await expect(page.getByText(ASSETS.archiveConfirm('front.png', `${name} B`))).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByTestId('file-status')).toHaveText(ASSETS.fileArchived);
  await expect(panel.getByTestId('asset-file')).toHaveCount(0);

  // SHIFT ASSET: no open task, so the dialog opens and moves it to the second site.
  await panel.getByTestId('asset-tab-description').click();
  await panel.getByTestId('asset-shift').click();
  const dialog = page.getByTestId('shift-dialog');
  await expect(dialog).toBeVisible();
  await selectIn(page, dialog.getByTestId('shift-site').getByRole('combobox'), sites[1].name);
  await dialog.getByTestId('shift-save').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => picked(panel.getByTestId('asset-site'))).toBe(sites[1].name);
});

test('history pages with Set Limit, and a shift is blocked while a task is open', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  // An asset with an open task (the demo jobs) for the shift.
  const tasks = await apiGet<{ status: number; locationId: number | null; location: string | null; client: string; site: string }[]>(
    page,
    '/Observation?offset=0&limit=200',
    { status: [1, 2] },
  );
  const open = tasks.find((t) => t.locationId !== null && t.location);
  if (!open) throw new Error('the demo data has no open task on an asset');
  await page.goto(ASSETS_PATH);
  await chooseClientAndSite(page, open.client, open.site);
  await page
    .getByTestId('asset-name')
    .filter({ hasText: open.location as string })
    .first()
    .click();
  const panel = page.getByTestId('asset-panel');
  await panel.getByTestId('asset-shift').click();
  await expect(page.getByText(ASSETS.shiftBlocked).first()).toBeVisible();
  await expect(page.getByTestId('shift-dialog')).toBeHidden();
  await panel.getByTestId('asset-panel-close').click();

  // History: an asset with two or more certificates.
  const { client, sites } = await clientWithAssets(page);
  let target: { name: string; site: string } | null = null;
  for (const site of sites) {
    const answer = await apiGet<AssetDashboardAnswer>(page, `/Location/AssetDashboard?companyId=${client.id}&siteId=${site.id}`);
    for (const row of answer.rows.filter((r) => r.certificateNumber)) {
      const history = await apiGet<{ total: number }>(page, `/Observation/Asset?locationId=${row.id}&limit=1`);
      if (history.total >= 2) {
        target = { name: row.name, site: site.name };
        break;
      }
    }
    if (target) break;
  }
  if (!target) throw new Error('no demo asset with two certificates');
  await page.goto(ASSETS_PATH);
  await chooseClientAndSite(page, client.name, target.site);
  await page.getByTestId('asset-name').filter({ hasText: target.name }).first().click();
  await panel.getByTestId('asset-tab-history').click();
  await expect(panel.getByTestId('history-row').first()).toBeVisible();
  const slider = panel.getByTestId('history-slider');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(panel.getByTestId('history-slider-value')).toHaveText('1');
  await panel.getByTestId('history-set-limit').click();
  await expect(panel.getByTestId('history-row')).toHaveCount(1);
  const first = await panel.getByTestId('history-row').textContent();
  await panel.getByTestId('history-next').click();
  await expect(panel.getByTestId('history-row')).toHaveCount(1);
  await expect(panel.getByTestId('history-row')).not.toHaveText(first ?? '');
  await panel.getByTestId('history-first').click();
  await expect(panel.getByTestId('history-row')).toHaveText(first ?? '');
  await panel.getByTestId('history-sort-actualInspectionDate').click();
  await expect(panel.getByTestId('history-previous')).toBeDisabled();
  await shot(page, 'panel-history');
});

test('SITE-USER sees only its sites and no Add New Asset', async ({ page }) => {
  await loginAs(page, SITE_USER);
  await page.goto(ASSETS_PATH);
  // Its client is chosen already: the hint asks for a site only.
  await expect(page.getByTestId('choose-client-site')).toHaveText(ASSET_PAGE.chooseSite);
  await expect(page.getByTestId('add')).toHaveCount(0);
  const clientBox = page.getByTestId('filter-client').getByRole('combobox');
  await expect(clientBox).toBeDisabled();
  const siteBox = page.getByTestId('filter-sites').getByRole('combobox');
  await siteBox.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await options.first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('asset-grid')).toBeVisible();
  await shot(page, 'site-user');
});
