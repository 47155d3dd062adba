import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LIBRARY_TEXT } from '@portal/contracts';
import { expect, expectAlert, loginAs, settled, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { seriousViolations } from '../axe';

/**
 * The technical libraries (issue 24): an LO administrator opens the report library of a client's
 * site, adds a folder, uploads an image, a PDF and a spreadsheet, and sees the server's
 * thumbnail, the embedded PDF and the spreadsheet icon with sizes in kb; a duplicate folder
 * name is refused; the folder is deleted through 'Confirm'. Axe is clean and the screen is
 * photographed at 1440, 1024 and 390.
 */
const ADMIN = 'lo-admin@demo.test';
const SHOTS = '/tmp/library-shots';

test.describe.configure({ timeout: 180_000 });

interface Option {
  id: number;
  name: string;
}

/** A small PNG drawn by the browser (no fixture file needed). */
async function pngBytes(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#1565c0';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#ffca28';
    g.fillRect(40, 60, 240, 80);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function xlsxBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Load chart').addRow(['Size', 'WLL']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function pick(page: Page, label: RegExp, name: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name, exact: true }).first().click();
}

test('a library folder with an image, a PDF and a spreadsheet: thumbnails and previews, duplicate names refused, deleted through Confirm', async ({
  page,
}) => {
  await loginAs(page, ADMIN);
  const clients = await apiGet<Option[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
  const client = [...clients].sort((a, b) => a.name.localeCompare(b.name))[0];
  const sites = await apiGet<Option[]>(page, `/Location/Object?objectType=SITE&companyId=${client.id}`);
  const site = [...sites].sort((a, b) => a.name.localeCompare(b.name))[0];

  await page.goto('/resources/library/report');
  await expect(page.getByTestId('library-choose')).toHaveText(LIBRARY_TEXT.pickClientSite);
  await pick(page, /^Client/, client.name);
  await pick(page, /^Site/, site.name);
  await expect(page.getByTestId('library-folders')).toBeVisible();

  // A new folder: Save waits for a name.
  const folderName = `E2E reports ${stamp()}`;
  await page.getByTestId('library-add-folder').click();
  const panel = page.getByTestId('side-panel');
  await expect(panel.getByTestId('library-save')).toBeDisabled();
  await panel.getByLabel(LIBRARY_TEXT.folderName).fill(folderName);
  await panel.getByTestId('library-save').click();
  await expectAlert(page, LIBRARY_TEXT.folderSaved, 'success');
  await expect(panel).toBeHidden();
  const folder = page.getByTestId('library-folder').filter({ hasText: folderName });
  await expect(folder).toBeVisible();
  await expect(page.getByTestId('library-no-files')).toHaveText(LIBRARY_TEXT.noFiles);

  // The same name again, in another case and with spaces, is refused with the spec's text.
  await page.getByTestId('library-add-folder').click();
  await panel.getByLabel(LIBRARY_TEXT.folderName).fill(`  ${folderName.toUpperCase()} `);
  await panel.getByTestId('library-save').click();
  await expect(panel).toContainText(LIBRARY_TEXT.duplicateFolder);
  await expect(panel.getByTestId('library-save')).toBeDisabled();
  await panel.getByRole('button', { name: LIBRARY_TEXT.cancel }).click();
  await expect(panel).toBeHidden();

  // Add New File(s) from the folder's menu: an image, a PDF and a spreadsheet.
  await folder.getByTestId('library-folder-menu').click();
  await page.getByRole('menuitem', { name: LIBRARY_TEXT.addFiles }).click();
  await expect(panel.getByTestId('library-hint')).toHaveText(LIBRARY_TEXT.hintAll);
  const png = await pngBytes(page);
  await panel.getByTestId('library-file-input').setInputFiles([
    { name: 'Crane photo.png', mimeType: 'image/png', buffer: png },
    { name: 'Data sheet.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'Load chart.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await xlsxBytes() },
  ]);
  await expect(panel.getByTestId('library-picked')).toContainText('Load chart.xlsx');
  await panel.getByTestId('library-upload').click();
  await expectAlert(page, LIBRARY_TEXT.filesUploaded(3), 'success');
  await expect(panel).toBeHidden();

  const cards = page.getByTestId('library-file');
  await expect(cards).toHaveCount(3);
  const photo = cards.filter({ hasText: 'Crane photo.png' });
  await expect(photo.getByTestId('library-file-size')).toHaveText(LIBRARY_TEXT.sizeKb(png.length));
  const thumbnail = photo.getByTestId('library-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(cards.filter({ hasText: 'Data sheet.pdf' }).getByTestId('library-pdf-preview')).toBeVisible();
  await expect(cards.filter({ hasText: 'Load chart.xlsx' }).getByTestId('library-icon-excel')).toBeVisible();
  // A click opens the file in a new tab.
  await expect(photo.getByTestId('library-file-open')).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), photo.getByTestId('library-file-open').click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/api/filedownload?id=');
  await tab.close();

  // The file search narrows the grid.
  await page.getByLabel(LIBRARY_TEXT.searchFiles, { exact: true }).fill('chart');
  await expect(cards).toHaveCount(1);
  await page.getByLabel(LIBRARY_TEXT.searchFiles, { exact: true }).fill('');
  await expect(cards).toHaveCount(3);

  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/report-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Deleting the folder asks 'Confirm' and warns that its files go too.
  await folder.getByTestId('library-folder-menu').click();
  await page.getByRole('menuitem', { name: LIBRARY_TEXT.deleteFolder }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(LIBRARY_TEXT.confirmTitle);
  await expect(dialog).toContainText('All files under the folder will be deleted');
  await dialog.getByRole('button', { name: LIBRARY_TEXT.yes }).click();
  await expect(folder).toHaveCount(0);
});

test("product technical information: the demo's folders, a new folder named after a loose-gear type, the pictorial library's hint", async ({
  page,
}) => {
  await loginAs(page, ADMIN);
  await page.goto('/resources/library/technical');
  const folders = page.getByTestId('library-folder');
  await expect(folders.first()).toBeVisible();
  await folders.first().click();
  await expect(page.getByTestId('library-file').first()).toBeVisible();
  await expect(page.getByTestId('library-thumbnail').first()).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/technical-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // Add folder offers only loose-gear types without a folder.
  await page.getByTestId('library-add-folder').click();
  const panel = page.getByTestId('side-panel');
  await panel.getByRole('combobox', { name: new RegExp(`^${LIBRARY_TEXT.folderName}`) }).click();
  const taken = await folders.allInnerTexts();
  const offered = await page.getByRole('option').allInnerTexts();
  for (const name of offered) expect(taken.some((t) => t.startsWith(name))).toBe(false);
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: LIBRARY_TEXT.cancel }).click();

  // The pictorial library takes pictures only.
  await page.goto('/resources/library/pictorial');
  await expect(page.getByTestId('library-choose')).toBeVisible();
});
