import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ASSESSMENT_COLUMNS,
  ASSESSMENT_TEXT,
  type AssessmentHistoryRow,
  type AssessmentRow,
  assessmentHistoryResult,
  formatDayUtc,
} from '@portal/contracts';
import { expect, loginAs, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';

/**
 * Resources > Assessment (tasks document 2.8, issue 23): a client user opens the training
 * certificates of their company, narrows them by site, by a column filter and by a date range,
 * opens a certificate in its panel and a trainee's 'Assessment History', and exports the rows
 * to Excel (read back with exceljs and compared with the grid). Demo data only, not changed.
 */
const CLIENT_USER = 'client-user@demo.test';
const SHOTS = '/tmp/assess-shots';

test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

/** The rendered grid rows' texts by column id (the grid renders the rows in view), read in one go. */
async function gridRows(page: Page): Promise<Record<string, string>[]> {
  return page.getByTestId('assessment-row').evaluateAll((rows) =>
    rows.map((row) => {
      const cells: Record<string, string> = {};
      for (const cell of Array.from(row.querySelectorAll('td.dg-cell'))) {
        const id = cell.className.match(/column-(\S+)/)?.[1];
        if (id) cells[id] = (cell as HTMLElement).innerText.trim();
      }
      return cells;
    }),
  );
}

test('a client user narrows the training certificates, opens a certificate and a history, and exports them', async ({ page }) => {
  await loginAs(page, CLIENT_USER);
  await page.goto('/resources/assessment');
  const [me] = await apiGet<{ companyId: number }[]>(page, '/login');
  const filter = { clientNumber: me.companyId };
  const all = await apiGet<AssessmentRow[]>(page, '/Assessments?offset=-1&limit=-1', filter);
  expect(all.length).toBeGreaterThan(40);

  // Their company is chosen and stays; the grid shows every site's rows at once.
  await expect(page.getByTestId('assessment-client').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(all.length));
  await expect(page.getByTestId('assessment-name').first()).toHaveText(all[0].location);
  await settled(page);
  await shot(page, 'assessments');

  // Several sites: the first one only, then every site again.
  const sites = await apiGet<{ id: number; name: string }[]>(page, `/Location/Object?objectType=SITE&companyId=${me.companyId}`);
  const onFirst = all.filter((r) => r.siteId === sites[0].id);
  await page.getByTestId('assessment-sites').getByRole('combobox').click();
  await page.getByRole('option', { name: sites[0].name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(onFirst.length));
  await page.getByTestId('assessment-sites').getByRole('button', { name: 'Clear' }).click({ force: true });
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(all.length));

  // A date range cannot be turned around, and applies only with both ends; Clear empties it.
  await page.getByTestId('issue-range-from').fill('2025-01-01');
  await page.getByTestId('issue-range-from').blur();
  await page.getByTestId('issue-range-to').fill('2024-12-31');
  await expect(page.getByText('Not before 01-Jan-2025')).toBeVisible();
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(all.length));
  const day = String(all[0].actualInspectionDate).slice(0, 10);
  await page.getByTestId('issue-range-from').fill(day);
  await page.getByTestId('issue-range-to').fill(day);
  await page.getByTestId('issue-range-to').blur();
  const sameDay = all.filter((r) => String(r.actualInspectionDate).startsWith(day));
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(sameDay.length));
  await page.getByTestId('issue-range-clear').click();
  await expect(page.getByTestId('issue-range-from')).toHaveValue('');
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(all.length));

  // A trainee with a certificate and more than one in the course's history, found by a column filter.
  let chosen: { row: AssessmentRow; history: AssessmentHistoryRow[] } | null = null;
  for (const row of all.filter((r) => r.certificateFile)) {
    const history = await apiGet<AssessmentHistoryRow[]>(page, `/Assessments/${row.assetId}/history?taskTypeId=${row.taskTypeId}`);
    if (history.length > 1 && history.some((h) => h.result === 2)) {
      chosen = { row, history };
      break;
    }
  }
  if (!chosen) throw new Error('no demo trainee with a certificate and a Fail in its history');
  const { row, history } = chosen;
  const sameName = all.filter((r) => r.location.toLowerCase().includes(row.location.toLowerCase()));
  await page.getByTestId('grid-filter-location').fill(row.location.toUpperCase());
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(sameName.length));
  await expect(page.getByTestId('assessment-row')).toHaveCount(sameName.length);
  const line = page.getByTestId('assessment-row').filter({ hasText: row.taskType });

  // Report: the certificate panel with the PDF in a frame.
  await line.getByTestId('assessment-report').click();
  const panel = page.getByTestId('side-panel');
  await expect(page.getByTestId('side-panel-title')).toHaveText(ASSESSMENT_TEXT.certificateTitle(String(row.certificateNumber)));
  const frame = panel.getByTestId('assessment-certificate-frame');
  await expect(frame).toHaveAttribute('src', `/api/filedownload?id=${encodeURIComponent(String(row.certificateFile?.blobKey))}`);
  const pdf = await page.request.get(String(await frame.getAttribute('src')));
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await settled(page);
  await shot(page, 'certificate');
  await page.getByTestId('side-panel-close').click();
  await expect(panel).toBeHidden();

  // History: 'Assessment History', newest first, PASS and FAIL, each with its PDF once made.
  await line.getByTestId('assessment-history').click();
  const dialog = page.getByTestId('assessment-history-dialog');
  await expect(dialog.getByRole('heading')).toContainText(ASSESSMENT_TEXT.historyTitle);
  await expect(dialog.getByTestId('assessment-history-row')).toHaveCount(history.length);
  for (const label of ['Inspection Date', 'Cert / Report No.', 'Result', 'Cert / Report', 'Next Due Date'])
    await expect(dialog.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
  await expect(dialog.getByTestId('assessment-history-result')).toHaveText(history.map((h) => assessmentHistoryResult(h.result)));
  const first = dialog.getByTestId('assessment-history-row').first();
  await expect(first).toContainText(String(history[0].certificateNumber));
  await expect(first).toContainText(formatDayUtc(history[0].actualInspectionDate));
  await expect(first.getByTestId('assessment-history-pdf')).toHaveAttribute(
    'href',
    `/api/filedownload?id=${encodeURIComponent(String(history[0].certificateFile?.blobKey))}`,
  );
  await settled(page);
  await shot(page, 'history');
  await dialog.getByTestId('assessment-history-close').click();
  await expect(dialog).toBeHidden();

  // Export to Excel: every matching row in the grid's order (here: sorted by expiry date, latest first).
  await page.getByTestId('grid-filter-location').fill('');
  await expect(page.getByTestId('assessment-count')).toHaveText(ASSESSMENT_TEXT.found(all.length));
  await page.getByTestId('grid-sort-dueDate').click();
  await page.getByTestId('grid-sort-dueDate').click();
  await expect(page.getByTestId('grid-header-dueDate')).toHaveAttribute('aria-sort', 'descending');
  const sorted = await apiGet<AssessmentRow[]>(page, '/Assessments?offset=-1&limit=-1&sortColumn=dueDate&sortOrder=desc', filter);
  await expect(page.getByTestId('assessment-name').first()).toHaveText(sorted[0].location);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Tasks_on_\d{8}_\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const ids = Object.keys(ASSESSMENT_COLUMNS);
  const header = ids.map((_, i) => sheet.getRow(1).getCell(i + 1).text);
  expect(header).toEqual(Object.values(ASSESSMENT_COLUMNS));
  expect(sheet.actualRowCount).toBe(all.length + 1);
  // The grid's rows in view, cell by cell, are the workbook's first rows (Report: a button in the grid, the number in Excel).
  const grid = await gridRows(page);
  expect(grid.length).toBeGreaterThan(5);
  grid.forEach((cells, index) => {
    for (const [i, id] of ids.entries()) {
      if (id === 'report' || !(id in cells)) continue;
      expect(`${id}: ${cells[id]}`).toBe(`${id}: ${sheet.getRow(index + 2).getCell(i + 1).text}`);
    }
  });
  expect(sheet.getRow(2).getCell(ids.indexOf('result') + 1).text).toMatch(/^(Accepted|Rejected)$/);

  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
    await expect(page.getByTestId('assessment-row').first()).toBeVisible();
    await settled(page);
    await shot(page, 'assessments');
  }
});
