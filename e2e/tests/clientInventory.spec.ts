import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { INVENTORY_EXCEL_COLUMNS, INVENTORY_LABELS, INVENTORY_TEXT, type InventoryRow } from '@portal/contracts';
import { expect, expectAlert, loginAs, settled, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { seriousViolations } from '../axe';

/**
 * Technical Library > Client Inventory (administration document 2, 5, 8; issue 24): a client
 * administrator picks a site of their company, uploads a CSV with a bad row (refused whole, the
 * line and reason shown), fixes and uploads it, edits a row inline (Cancel puts it back, Save
 * keeps it), deletes one, and exports the site to Excel (read back with exceljs). The rows it
 * makes carry a tag of this run, and it reads only them; axe and screenshots at three widths.
 */
const CLIENT_ADMIN = 'client-admin@demo.test';
const SHOTS = '/tmp/inventory-shots';
const HEADER = 'ProductCategory,Description,Quantity,Tonne,Manufacturer,Location,Comments';

test.describe.configure({ timeout: 300_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

const csvFile = (lines: string[]) => ({ name: 'inventory.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) });
const searchBox = (page: Page, label: string) => page.getByRole('textbox', { name: INVENTORY_TEXT.searchBy(label), exact: true });

/** The text of a row's cell under a column label. */
async function cellText(page: Page, row: ReturnType<Page['getByTestId']>, label: string) {
  const labels = (await page.getByTestId('inventory-grid').locator('thead th').allInnerTexts()).map((l) => l.trim());
  return row.locator('td').nth(labels.indexOf(label));
}

async function searchFor(page: Page, label: string, text: string) {
  const box = searchBox(page, label);
  await box.fill(text);
  await box.press('Enter');
}

test('a client admin uploads an inventory with a bad row, fixes it, edits a row inline, deletes one and exports the site', async ({
  page,
}) => {
  await loginAs(page, CLIENT_ADMIN);
  const [me] = await apiGet<{ companyId: number }[]>(page, '/login');
  const sites = await apiGet<{ id: number; name: string }[]>(page, `/Location/Object?objectType=SITE&companyId=${me.companyId}`);
  const site = sites[0];
  await page.goto('/resources/clientInventory');

  // Their company is chosen and stays; the grid waits for a site; nothing to export yet.
  await expect(page.getByTestId('inventory-choose')).toHaveText(INVENTORY_TEXT.pickSite);
  await expect(page.getByTestId('inventory-client-field').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('export-excel')).toBeDisabled();
  await expect(page.getByTestId('custom-upload')).toBeDisabled();
  await page.getByTestId('inventory-site-field').getByRole('combobox').click();
  await page.getByRole('option', { name: site.name, exact: true }).click();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
  await expect(page.getByTestId('export-excel')).toBeEnabled();
  await settled(page);
  await shot(page, 'inventory');
  expect(await seriousViolations(page)).toEqual([]);

  // A file with a bad quantity on line 3: refused whole, the line and its reason shown, nothing saved.
  const tag = `e2e-${stamp()}`;
  const rows = [
    `Shackle,${tag} bow shackle,4,0.125,Crosby,Loft,`,
    `Chain Sling,${tag} chain sling,two,1.5,Pewag,Bay 2,`,
    `Hoist,${tag} hoist,1,,Yale,Bay 3,spare`,
  ];
  await page.getByTestId('custom-upload-input').setInputFiles(csvFile([HEADER, ...rows]));
  const problems = page.getByRole('dialog', { name: INVENTORY_TEXT.importProblemsTitle });
  await expect(problems.getByTestId('import-error')).toHaveText(INVENTORY_TEXT.importRefused(1));
  await expect(problems.getByTestId('import-problem')).toHaveText([`${INVENTORY_TEXT.line('3')}: ${INVENTORY_TEXT.notWhole('Quantity')}`]);
  await settled(page);
  await shot(page, 'import-refused');
  await problems.getByTestId('import-problems-close').click();
  await expect(problems).toBeHidden();
  await searchFor(page, INVENTORY_LABELS.description, tag);
  await expect(page.getByTestId('inventory-none')).toHaveText(INVENTORY_TEXT.noMatch);

  // Fixed and uploaded: the three rows are there.
  rows[1] = rows[1].replace(',two,', ',2,');
  await page.getByTestId('custom-upload-input').setInputFiles(csvFile([HEADER, ...rows]));
  await expectAlert(page, INVENTORY_TEXT.imported(3), 'success');
  await expect(page.getByTestId('inventory-row')).toHaveCount(3);
  await expect(page.getByTestId('inventory-count')).toContainText('3 of ');

  // Inline edit: Cancel puts the row back (the list reloads), Save keeps the change.
  const first = page.getByTestId('inventory-row').filter({ hasText: `${tag} bow shackle` });
  const editing = page.getByTestId('inventory-row').filter({ has: page.getByTestId('edit-quantity') });
  await first.getByTestId('row-edit').click();
  await expect(editing.getByTestId('edit-description')).toHaveValue(`${tag} bow shackle`);
  await editing.getByTestId('edit-quantity').fill('99');
  await editing.getByTestId('row-cancel').click();
  await expect(editing).toHaveCount(0);
  await expect(await cellText(page, first, INVENTORY_LABELS.quantity)).toHaveText('4');
  await first.getByTestId('row-edit').click();
  await editing.getByTestId('edit-quantity').fill('4.5');
  await editing.getByTestId('row-save').click();
  await expectAlert(page, INVENTORY_TEXT.notWhole(INVENTORY_LABELS.quantity), 'error');
  await expect(editing.getByTestId('edit-quantity')).toHaveAttribute('aria-invalid', 'true');
  await editing.getByTestId('edit-quantity').fill('42');
  await editing.getByTestId('edit-comments').fill('Checked by e2e');
  await settled(page);
  await shot(page, 'inline-edit');
  await editing.getByTestId('row-save').click();
  await expectAlert(page, INVENTORY_TEXT.saved, 'success');
  await expect(editing).toHaveCount(0);
  await expect(await cellText(page, first, INVENTORY_LABELS.quantity)).toHaveText('42');
  await expect(await cellText(page, first, INVENTORY_LABELS.comments)).toHaveText('Checked by e2e');
  // Quantity searches exactly.
  await searchFor(page, INVENTORY_LABELS.quantity, '4');
  await expect(page.getByTestId('inventory-row')).toHaveCount(0);
  await searchFor(page, INVENTORY_LABELS.quantity, '42');
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await searchFor(page, INVENTORY_LABELS.quantity, '');

  // Delete after the spec's question.
  const hoist = page.getByTestId('inventory-row').filter({ hasText: `${tag} hoist` });
  await hoist.getByTestId('row-delete').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(INVENTORY_TEXT.deleteConfirm);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectAlert(page, INVENTORY_TEXT.deleted, 'success');
  await expect(page.getByTestId('inventory-row')).toHaveCount(2);

  // Export to Excel: the whole site, the spec's columns with the client and site labels.
  const all = await apiGet<InventoryRow[]>(page, `/clientInventory/getEntityByClientSite?clientId=${me.companyId}&siteId=${site.id}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Client_Inventory_[A-Za-z0-9_-]+_\d{8}_\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const header = Array.from({ length: 9 }, (_, i) => sheet.getRow(1).getCell(i + 1).text);
  expect(header).toEqual(Object.values(INVENTORY_EXCEL_COLUMNS));
  expect(sheet.actualRowCount).toBe(all.length + 1);
  const mine: string[][] = [];
  for (let r = 2; r <= sheet.actualRowCount; r++) {
    const cells = Array.from({ length: 9 }, (_, i) => sheet.getRow(r).getCell(i + 1).text);
    if (cells[1].startsWith(tag)) mine.push(cells);
  }
  const clientName = (await apiGet<{ id: number; name: string }[]>(page, '/Location/Object?objectType=CLIENT_COMPANY')).find(
    (c) => c.id === me.companyId,
  )?.name;
  expect(mine).toEqual([
    ['Shackle', `${tag} bow shackle`, '42', '0.125', 'Crosby', 'Loft', 'Checked by e2e', String(clientName), site.name],
    ['Chain Sling', `${tag} chain sling`, '2', '1.5', 'Pewag', 'Bay 2', '', String(clientName), site.name],
  ]);

  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
    await expect(page.getByTestId('inventory-row').first()).toBeVisible();
    await settled(page);
    await shot(page, 'inventory');
    expect(await seriousViolations(page)).toEqual([]);
  }
});
