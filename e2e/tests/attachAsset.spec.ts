import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ASSET_PAGE, TASK_TEXT, type TaskRow } from '@portal/contracts';
import { expect, loginAs, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { TaskPage } from '../pages/TaskPage';

/**
 * Task details, ATTACH ASSET and ASSET DETAILS (tasks document 2.2): a task without a location
 * gets an existing asset of its site after a confirm, or a new asset added and attached; its
 * ASSET DETAILS then show the asset panel. The demo has open tasks whose asset is still to be
 * identified on site.
 */
const SHOTS = '/tmp/attach-shots';
const SCHEDULER = 'scheduler@demo.test';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Open tasks without a location (not LLG), newest first. */
async function tasksWithoutAsset(page: Page): Promise<TaskRow[]> {
  const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=1000', { status: [1] });
  const found = rows.filter((r) => r.locationId === null && !r.isLlg);
  if (found.length < 2) throw new Error('the demo data has fewer than two open tasks without an asset');
  return found;
}

test('SCHEDULER attaches an asset of the site to a task without one, then sees it in ASSET DETAILS', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  const [task] = await tasksWithoutAsset(page);
  const details = new TaskPage(page);
  await details.open(task.id);
  await expect(details.tab('assetDetails')).toBeDisabled();
  await expect(details.tab('inspect')).toBeDisabled();
  await details.tab('attachAsset').click();
  const tab = page.getByTestId('attach-asset');
  await expect(tab).toContainText(ASSET_PAGE.attachIntro);
  await expect(page.getByTestId('attach-asset-button')).toBeDisabled();
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/attach-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The picker lists the task's site first; choose its first asset.
  await page.getByTestId('attach-asset-picker').getByRole('combobox').click();
  await expect(page.getByRole('listbox')).toContainText(ASSET_PAGE.thisSite);
  await page.screenshot({ path: `${SHOTS}/attach-picker-1440.png` });
  const option = page.getByRole('option').first();
  const name = (await option.locator('p, span').first().textContent())?.trim() ?? '';
  await option.click();
  await page.getByTestId('attach-asset-button').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(TASK_TEXT.attachConfirm(name));
  await confirm.getByRole('button', { name: ASSET_PAGE.attach }).click();
  await expect(page.getByText(TASK_TEXT.locationAttached(name)).first()).toBeVisible();

  // The task now has its asset: ASSET DETAILS shows the panel, ATTACH ASSET is off.
  await expect(details.tab('assetDetails')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('asset-panel')).toContainText(name);
  await expect(page.getByTestId('asset-tab-history')).toBeEnabled();
  await expect(details.tab('attachAsset')).toBeDisabled();
  await page.getByTestId('asset-tab-history').click();
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/asset-details-${width}.png`, fullPage: true });
  }
});

test('SCHEDULER adds a new asset on the task’s site and attaches it in one go', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  const [, task] = await tasksWithoutAsset(page);
  const details = new TaskPage(page);
  await details.open(task.id, 'attachAsset');
  await page.getByTestId('attach-mode-new').click();
  const name = `Attach ${stamp()} Hoist`;
  await page.getByTestId('asset-name-input').fill(name);
  await page.getByTestId('asset-serial').fill(`SN-${stamp()}`);
  // The type is the task's and the site the task's: both fixed.
  await expect(page.getByTestId('asset-type').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('asset-site').getByRole('combobox')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/attach-new-1440.png`, fullPage: true });
  await page.getByTestId('attach-new-asset').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(TASK_TEXT.addAndAttachConfirm(name));
  await confirm.getByRole('button', { name: ASSET_PAGE.addAndAttach }).click();
  await expect(page.getByText(TASK_TEXT.newAssetAttached).first()).toBeVisible();
  await expect(details.tab('assetDetails')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('asset-panel')).toContainText(name);
  // The task list shows the asset too.
  const after = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=50', { jobNumber: task.jobNumber });
  expect(after.find((r) => r.id === task.id)?.location).toBe(name);
});
