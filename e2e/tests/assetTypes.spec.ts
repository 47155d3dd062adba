import { readFileSync } from 'node:fs';
import { IDENTIFICATION_LABEL } from '@portal/contracts';
import { ASSET_TYPE_TEXT } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet, loadUntil, stamp } from '../pages/AdminApi';
import { AdminList } from '../pages/AdminList';
import { seriousViolations } from '../axe';

/**
 * Settings > Asset Types (administration document 2, "Asset type administration") as
 * CONFIG_ADMIN and LO-ADMIN, and the refusal for a role without the screen.
 */
const CONFIG_ADMIN = 'config_admin@demo.test';
const PATH = '/settings/assettypes';

// Each save waits the spec's 2 s before the list reloads; a busy machine needs the headroom.
test.describe.configure({ timeout: 120_000 });

interface AssetTypeApiRow {
  id: number;
  name: string;
  category: string | null;
  attributeForm: number | null;
  attributeFormName: string | null;
  identification: Record<string, string>;
}

test('an asset type is added, edited and archived through the confirm', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new AdminList(page);
  await list.open(PATH);
  await expect(page.getByTestId('breadcrumb')).toContainText('Asset Types');
  const name = `Vacuum Lifter ${stamp()}`;

  await page.getByTestId('add').click();
  const panel = list.panel();
  const save = panel.getByTestId('asset-type-save');
  await expect(panel.getByTestId('asset-type-tab-files')).toBeDisabled();
  await expect(save).toBeDisabled(); // Type Name is required
  await panel.getByLabel('Type Code').fill('VL');
  await expect(save).toBeDisabled();
  await panel.getByLabel('Type Name').fill(name);
  await panel.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'MACHINERY', exact: true }).click();
  await panel.getByLabel('External Id').fill('EXT-VL-1');
  await panel.getByLabel('Description', { exact: true }).fill('Vacuum lifting attachments');
  await expect(save).toBeEnabled();
  await save.click();
  await expectAlert(page, ASSET_TYPE_TEXT.saved);
  await expect(panel).toBeHidden();

  const row = list.row(name);
  await loadUntil(page, async () => (await row.count()) > 0);
  await expect(row).toContainText('VL');
  await expect(row).toContainText('EXT-VL-1');
  await expect(row).toContainText('MACHINERY');

  await row.getByTestId('row-edit').click();
  await expect(panel.getByLabel('Type Name')).toHaveValue(name);
  await panel.getByLabel('Type Name').fill('');
  await expect(panel.getByText('Type Name is required')).toBeVisible();
  await expect(panel.getByTestId('asset-type-save')).toBeDisabled();
  await panel.getByLabel('Type Name').fill(name);
  await panel.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'BTH&PPE', exact: true }).click();
  await panel.getByTestId('asset-type-save').click();
  await expectAlert(page, ASSET_TYPE_TEXT.saved);
  await expect(panel).toBeHidden();
  await loadUntil(page, async () => (await row.count()) > 0);
  await expect(row).toContainText('BTH&PPE');

  await row.getByTestId('row-delete').click();
  await expect(page.getByText(ASSET_TYPE_TEXT.deleteConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expectAlert(page, ASSET_TYPE_TEXT.archived);
  await loadUntil(page, async () => false);
  await expect(row).toHaveCount(0);
});

test('an asset type is added with an attribute form whose fields the preview shows', async ({ page }) => {
  await loginAs(page, 'lo-admin@demo.test');
  const list = new AdminList(page);
  await list.open(PATH);
  const name = `Crawler Crane ${stamp()}`;

  await page.getByTestId('add').click();
  const panel = list.panel();
  await panel.getByLabel('Type Name').fill(name);
  await panel.getByTestId('asset-type-tab-attributes').click();
  const preview = panel.getByTestId('attribute-preview');
  await expect(preview).toContainText(ASSET_TYPE_TEXT.noAttributeForm);
  await panel.getByRole('combobox', { name: 'Attribute Form' }).click();
  // Only active forms of form object ASSET TYPE are offered.
  await expect(page.getByRole('option', { name: 'Visual Check' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Crane Attributes', exact: true }).click();
  await expect(preview.getByTestId('form-renderer')).toBeVisible();
  await expect(preview.getByTestId('field-swl')).toContainText('Safe working load');
  await expect(preview).toContainText('Manufacturer');
  // Read-only: the preview offers no inputs to type into.
  await expect(preview.locator('input:not([type="hidden"]), textarea')).toHaveCount(0);

  // Where the certificate's identification facts are (DECISIONS 9): the form's printable fields.
  const mapping = panel.getByTestId('identification-mapping');
  await expect(mapping).toContainText(ASSET_TYPE_TEXT.identificationTitle);
  await mapping.getByRole('combobox', { name: IDENTIFICATION_LABEL.swl }).click();
  await expect(page.getByRole('option', { name: 'Data plate photo' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Safe working load', exact: true }).click();
  await mapping.getByRole('combobox', { name: IDENTIFICATION_LABEL.serialNumber }).click();
  await page.getByRole('option', { name: "Manufacturer's serial number", exact: true }).click();
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/assettype-identification-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await panel.getByTestId('asset-type-save').click();
  await expectAlert(page, ASSET_TYPE_TEXT.saved);
  await expect(panel).toBeHidden();
  const saved = await apiGet<AssetTypeApiRow[]>(page, `/Setting?objectType=AssetType&offset=0&limit=5&name=${encodeURIComponent(name)}`);
  expect(saved).toEqual([
    expect.objectContaining({
      name,
      attributeFormName: 'Crane Attributes',
      identification: { swl: 'swl', serialNumber: 'manufacturerSerial' },
    }),
  ]);

  // Editing opens with the stored form and its preview.
  const row = list.row(name);
  await loadUntil(page, async () => (await row.count()) > 0);
  await row.getByTestId('row-edit').click();
  await panel.getByTestId('asset-type-tab-attributes').click();
  await expect(panel.getByRole('combobox', { name: 'Attribute Form' })).toHaveText('Crane Attributes');
  await expect(preview.getByTestId('field-swl')).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: IDENTIFICATION_LABEL.swl })).toHaveText('Safe working load');

  // Another form: a fact whose attribute it lacks is cleared, the others stay.
  await panel.getByRole('combobox', { name: 'Attribute Form' }).click();
  await page.getByRole('option', { name: 'Forklift Attributes', exact: true }).click();
  await expect(mapping.getByRole('combobox', { name: IDENTIFICATION_LABEL.swl })).toHaveText(/^[\s\u200b]*$/);
  await expect(mapping.getByRole('combobox', { name: IDENTIFICATION_LABEL.serialNumber })).toHaveText("Manufacturer's serial number");
});

test('Load More continues after 50 types and Reload starts again from the first page', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const existing = await apiGet<unknown[]>(page, '/Setting?objectType=AssetType&offset=0&limit=100');
  const id = stamp();
  for (let i = existing.length; i < 53; i++) {
    const created = await page.request.post('/api/Setting', {
      data: { objectType: 'AssetType', name: `ZZ Paging ${id} ${i}`, category: 'MACHINERY' },
    });
    expect(created.ok()).toBeTruthy();
  }
  const list = new AdminList(page);
  await list.open(PATH);
  await expect(list.rows()).toHaveCount(50);
  await expect(list.count()).toHaveText('Total 50 of 50+ loaded'); // no count call: more may exist
  await page.getByTestId('load-more').click();
  await expect(list.rows()).not.toHaveCount(50);
  expect(await list.rows().count()).toBeGreaterThanOrEqual(53);
  await page.getByTestId('reload').click();
  await expect(list.rows()).toHaveCount(50);
});

test('a duplicate name shows the server text and keeps the panel open', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new AdminList(page);
  await list.open(PATH);
  await page.getByTestId('add').click();
  await list.panel().getByLabel('Type Name').fill('mobile crane');
  await list.panel().getByTestId('asset-type-save').click();
  await expect(page.getByText(ASSET_TYPE_TEXT.duplicateName).first()).toBeVisible();
  await expect(list.panel()).toBeVisible();
});

test('the name filter asks the server; the CSV holds every matching type', async ({ page }) => {
  await loginAs(page, 'lo-admin@demo.test');
  const list = new AdminList(page);
  await list.open(PATH);
  await expect(list.rows().first()).toBeVisible();
  await list.search('Type name').fill('sling');
  await expect(list.rows()).toHaveCount(3);
  for (const sling of ['Chain Sling', 'Web Sling', 'Wire Rope Sling']) await expect(list.row(sling)).toHaveCount(1);
  await expect(list.count()).toHaveText(/Total 3 of 3 loaded/);

  const matching = await apiGet<AssetTypeApiRow[]>(page, '/Setting?objectType=AssetType&offset=0&limit=100&name=sling');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe('InspectionPortal_asset-types.csv');
  const lines = readFileSync((await download.path()) as string, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('ID,Code,Name,External,Category,Description,Attribute Form,Certificate Reference');
  expect(lines).toHaveLength(matching.length + 1);
  expect(lines.slice(1).every((line) => line.includes('LLG'))).toBe(true);

  await list.search('Type name').fill('');
  await expect(list.row('Mobile Crane')).toHaveCount(1);
});

test('the LLG type offers edit but no delete; its name cannot be changed', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new AdminList(page);
  await list.open(PATH);
  await list.search('Type name').fill('llg');
  await expect(list.rows()).toHaveCount(1);
  const row = list.rows().first();
  await expect(row).toContainText('Loose lifting gear');
  expect(await list.rowActions(row)).toEqual(['edit']);
  await row.getByTestId('row-edit').click();
  const name = list.panel().getByLabel('Type Name');
  await expect(name).toHaveValue('LLG');
  await expect(name).toHaveAttribute('readonly', '');
  await expect(list.panel()).toContainText(ASSET_TYPE_TEXT.llgKept);
});

test('no serious or critical axe violations on the list and both tabs of the panel', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new AdminList(page);
  await list.open(PATH);
  const found = await seriousViolations(page, 'list');
  await list.row('Mobile Crane').getByTestId('row-edit').click();
  await expect(list.panel()).toBeVisible();
  found.push(...(await seriousViolations(page, 'description tab')));
  await list.panel().getByTestId('asset-type-tab-attributes').click();
  await expect(list.panel().getByTestId('form-renderer')).toBeVisible();
  found.push(...(await seriousViolations(page, 'attributes tab')));
  expect(found).toEqual([]);
});

test('a role without the screen is refused', async ({ page }) => {
  await loginAs(page, 'scheduler@demo.test');
  await page.goto(PATH);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('add')).toHaveCount(0);
  const response = await page.request.get('/api/Setting?objectType=AssetType');
  expect(response.status()).toBe(403);
});
