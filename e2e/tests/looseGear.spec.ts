import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LLG_TEXT, LOOSE_GEAR_COLUMNS, type LooseGearHistoryRow, type LooseGearRow } from '@portal/contracts';
import { expect, loginAs, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';

/**
 * Resources > Loose Gear (tasks document 2.7, issue 22): a client user opens the register of
 * their company, picks a site, pages through it, finds an item by its serial number, opens its
 * certificate and its history, and exports the register to Excel (read back with exceljs and
 * compared with the grid).
 */
const CLIENT_USER = 'client-user@demo.test';
const SHOTS = '/tmp/llg-shots';

test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

interface Option {
  id: number;
  name: string;
}

/** The client user's company and its first site with loose gear, found through the calls the page makes. */
async function siteWithGear(page: Page) {
  const [me] = await apiGet<{ companyId: number }[]>(page, '/login');
  const sites = await apiGet<Option[]>(page, `/Location/Object?objectType=SITE&companyId=${me.companyId}`);
  for (const site of sites) {
    const filter = { clientId: me.companyId, siteId: site.id };
    const total = await apiGet<number>(page, '/Observation/llg/count', filter);
    if (total > 10) return { filter, site, total };
  }
  throw new Error('no site of the demo client with more than ten loose gear items');
}

/** The grid's cells by column label (the columns the table shows). */
async function gridRows(page: Page): Promise<Record<string, string>[]> {
  const labels = (await page.getByTestId('llg-grid').locator('thead th').allInnerTexts()).map((l) => l.trim());
  const rows: Record<string, string>[] = [];
  for (const row of await page.getByTestId('llg-row').all()) {
    const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
    rows.push(Object.fromEntries(labels.map((label, i) => [label, cells[i] ?? ''])));
  }
  return rows;
}

test('a client user finds an item by serial number, opens its certificate and history, and exports the register', async ({ page }) => {
  await loginAs(page, CLIENT_USER);
  await page.goto('/resources/llg');
  // Their company is chosen and stays; the grid waits for a site.
  await expect(page.getByTestId('llg-choose')).toHaveText(LLG_TEXT.pickSite);
  await expect(page.getByTestId('llg-client-field').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('export-excel')).toBeDisabled();
  const { filter, site, total } = await siteWithGear(page);

  await page.getByTestId('llg-site-field').getByRole('combobox').click();
  await page.getByRole('option', { name: site.name, exact: true }).click();
  await expect(page.getByTestId('llg-row')).toHaveCount(10);
  await expect(page.getByTestId('llg-total')).toHaveText(LLG_TEXT.pageOf(1, 10, total));
  await settled(page);
  await shot(page, 'register');

  // Paging: the next ten, then back to the first page.
  const firstPage = await apiGet<LooseGearRow[]>(page, '/Observation/llg?offset=0&limit=10', filter);
  const secondPage = await apiGet<LooseGearRow[]>(page, '/Observation/llg?offset=10&limit=10', filter);
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('llg-total')).toHaveText(LLG_TEXT.pageOf(11, Math.min(20, total), total));
  await expect(page.getByTestId('llg-serial').first()).toHaveText(secondPage[0].llgSerialNumber);
  await page.getByTestId('page-first').click();
  await expect(page.getByTestId('llg-serial').first()).toHaveText(firstPage[0].llgSerialNumber);
  await expect(page.getByTestId('page-previous')).toBeDisabled();

  // A date range cannot be turned around: a To before its From is refused, and nothing is filtered by it.
  await page.getByTestId('llg-insp-from').fill('2025-01-01');
  await page.getByTestId('llg-insp-from').blur();
  await page.getByTestId('llg-insp-to').fill('2024-12-31');
  await expect(page.getByText('Not before 01-Jan-2025')).toBeVisible();
  await expect(page.getByTestId('llg-total')).toHaveText(LLG_TEXT.pageOf(1, 10, total));
  await page.getByTestId('llg-insp-to').fill('');
  await page.getByTestId('llg-insp-from').fill('');
  await page.getByTestId('llg-insp-from').blur();

  // Find one item by its serial number (an item with a certificate and more than one examination).
  const all = await apiGet<LooseGearRow[]>(page, '/Observation/llg?offset=-1&limit=-1', filter);
  const item = all.find((r) => r.certificateFile && r.result === 1) ?? all[0];
  const search = page.getByRole('textbox', { name: LOOSE_GEAR_COLUMNS.llgSerialNumber, exact: true });
  await search.fill(item.llgSerialNumber.toLowerCase());
  await search.press('Enter');
  await expect(page.getByTestId('llg-row')).toHaveCount(1);
  await expect(page.getByTestId('llg-serial')).toHaveText(item.llgSerialNumber);
  await expect(page.getByTestId('llg-total')).toHaveText(LLG_TEXT.pageOf(1, 1, 1));

  // Report opens the certificate PDF in a new tab.
  const report = page.getByTestId('llg-report');
  await expect(report).toHaveText(String(item.certificateNumber));
  const popup = page.waitForEvent('popup');
  await report.click();
  const tab = await popup;
  expect(tab.url()).toContain(`/api/filedownload?id=${encodeURIComponent(String(item.certificateFile?.blobKey))}`);
  await tab.close();
  const pdf = await page.request.get(String(await report.getAttribute('href')));
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Booklet opens the LLG task's booklet (the latest visit's, made by the documents worker).
  expect(item.bookletFile).not.toBeNull();
  const booklet = page.getByTestId('llg-booklet');
  await expect(booklet).toHaveText(LLG_TEXT.bookletText);
  const bookletTab = page.waitForEvent('popup');
  await booklet.click();
  await (await bookletTab).close();
  const bookletPdf = await page.request.get(String(await booklet.getAttribute('href')));
  expect(bookletPdf.headers()['content-type']).toBe('application/pdf');
  expect((await bookletPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // History: every examination, newest first.
  const history = await apiGet<LooseGearHistoryRow[]>(page, `/Observation/llg/${item.id}/history`);
  await page.getByTestId('row-history').click();
  const dialog = page.getByTestId('llg-history');
  await expect(dialog).toContainText(LLG_TEXT.historyTitle(item.llgSerialNumber));
  await expect(dialog.getByTestId('llg-history-row')).toHaveCount(history.length);
  await expect(dialog.getByTestId('llg-history-row').first()).toContainText(history[0].jobNumber);
  await settled(page);
  await shot(page, 'history');
  await dialog.getByTestId('llg-history-close').click();
  await expect(dialog).toBeHidden();

  // Export to Excel: the whole filtered register (the one item), then the whole site.
  await search.fill('');
  await search.press('Enter');
  await expect(page.getByTestId('llg-row')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Loose_Gear_of_Site_[A-Za-z0-9_-]+_\d{8}_\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const header = Array.from({ length: 12 }, (_, i) => sheet.getRow(1).getCell(i + 1).text);
  expect(header).toEqual(Object.values(LOOSE_GEAR_COLUMNS));
  expect(sheet.actualRowCount).toBe(total + 1);
  // The grid's first page, cell by cell, is the workbook's first ten rows.
  const grid = await gridRows(page);
  grid.forEach((cells, index) => {
    const excel = Object.fromEntries(header.map((label, i) => [label, sheet.getRow(index + 2).getCell(i + 1).text]));
    for (const [label, text] of Object.entries(cells)) {
      if (label in excel) expect(`${label}: ${text}`).toBe(`${label}: ${excel[label]}`);
    }
  });

  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await expect(page.getByTestId('llg-row').first()).toBeVisible();
    await settled(page);
    await shot(page, 'register');
  }
});
