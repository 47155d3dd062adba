import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { REPORT_COLUMNS, type ReportRow, REPORTS_TEXT, reportResultLabel } from '@portal/contracts';
import { expect, loginAs, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';

/**
 * Operations > Reports (tasks document 2.4, issue 23) on the shared grid: grouping by client
 * then site (a drag and the column menu), a column moved and resized that the user finds again
 * after a reload and in another browser, the certificate PDF panel from the id cell, and the
 * Excel export read back with exceljs and compared with the grid. Each test starts from the
 * screen's default layout of its own user (the layout is kept per user on the server).
 */
test.describe.configure({ timeout: 180_000 });

const TASK = { observationType: 1024 };

/** Signs in, forgets the user's saved layout of the screen, opens it and waits for its rows. */
async function openReports(page: Page, email: string) {
  await loginAs(page, email);
  expect((await page.request.delete('/api/profile/grids/reports')).ok()).toBe(true);
  await page.goto('/operations/reports');
  await expect(page.getByTestId('report-row').first()).toBeVisible();
}

/** The shown columns' ids, in order. */
const headerIds = (page: Page) =>
  page.locator('thead th[data-column]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));

const savedLayout = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/profile/grids/reports') && r.request().method() === 'PUT' && r.ok());

test('grouping by client then site: group rows with their counts, kept together across Load More; the toggle keeps them', async ({
  page,
}) => {
  await openReports(page, 'scheduler@demo.test');
  const total = await apiGet<number>(page, '/Reports/count', TASK);
  await expect(page.getByTestId('list-count')).toHaveText(REPORTS_TEXT.found(total));
  await expect(page.getByTestId('filters-summary')).toContainText(REPORTS_TEXT.taskReport);

  // Client: dragged onto the strip. Site: from its column menu (the keyboard and touch way).
  await page.getByTestId('grid-drag-client').dragTo(page.getByTestId('grid-group-strip'));
  await expect(page.getByTestId('grid-grouped-client')).toBeVisible();
  await page.getByTestId('grid-menu-site').click();
  await page.getByTestId('grid-menu-group').click();
  await expect(page.getByTestId('grid-grouped-site')).toBeVisible();

  // The first page in the server's grouped order: its first client and that client's first site.
  const firstPage = await apiGet<ReportRow[]>(page, '/Reports?offset=0&limit=200&groupBy=client,site', TASK);
  const client = firstPage[0].client;
  const site = firstPage[0].site;
  const clientGroup = page.locator('[data-testid="report-group"][data-depth="0"]').first();
  await expect(clientGroup).toHaveAttribute('data-group', client);
  await expect(clientGroup).toHaveAttribute('data-count', String(firstPage.filter((r) => r.client === client).length));
  await expect(clientGroup).toContainText(`${REPORT_COLUMNS.client}: ${client}`);
  const siteGroup = page.locator('[data-testid="report-group"][data-depth="1"]').first();
  await expect(siteGroup).toHaveAttribute('data-group', site);
  await expect(siteGroup).toHaveAttribute('data-count', String(firstPage.filter((r) => r.client === client && r.site === site).length));
  await expect(page.getByTestId('report-row').first().locator('td.column-client')).toHaveText(client);
  await settled(page);
  await page.screenshot({ path: '/tmp/reports-shots/grouped.png' });

  // Folding a client hides its rows and sites.
  await clientGroup.getByRole('button', { name: `Collapse ${client}` }).click();
  await expect(clientGroup.locator('xpath=following-sibling::tr[1]')).toHaveAttribute('data-depth', '0');
  await clientGroup.getByRole('button', { name: `Expand ${client}` }).click();

  // Load More appends the next 200: every client is still one run of groups (no client twice).
  if (total > 200) {
    await page.getByTestId('load-more').click();
    await expect(page.getByTestId('load-more')).toHaveCount(total > 400 ? 1 : 0);
    const all = await apiGet<ReportRow[]>(page, '/Reports?offset=0&limit=-1&groupBy=client,site', TASK);
    const clients = [...new Set(all.slice(0, Math.min(400, total)).map((r) => r.client))];
    // The grid paints only the rows near its window, after each scroll: the walk moves half a
    // window at a time and, before reading the client rows, waits until a painted row sits in
    // the middle of the window (read right after a scroll, a busy machine still showed the rows
    // of the place before, and a small client's group was scrolled past unseen).
    const scroller = page.getByTestId('grid-scroller');
    const seen: string[] = [];
    const painted = () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const middle = box.top + el.clientHeight / 2;
        return [...el.querySelectorAll('[data-testid="report-row"], [data-testid="report-group"]')].some((row) => {
          const r = row.getBoundingClientRect();
          return r.top <= middle && r.bottom >= middle;
        });
      });
    for (let step = 0; step < 200; step++) {
      await expect.poll(painted).toBe(true);
      for (const name of await page
        .locator('[data-testid="report-group"][data-depth="0"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group') ?? '')))
        if (seen[seen.length - 1] !== name && !seen.includes(name)) seen.push(name);
      const atEnd = await scroller.evaluate((el) => {
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) return true;
        el.scrollTop += el.clientHeight / 2;
        return false;
      });
      if (atEnd) break;
    }
    expect(seen).toEqual(clients);
  }

  // Service Report: the other observation type, still grouped.
  const services = await apiGet<number>(page, '/Reports/count', { observationType: 512 });
  expect(services).toBeGreaterThan(0);
  await page.getByTestId('kind-service').click();
  await expect(page.getByTestId('list-count')).toHaveText(REPORTS_TEXT.found(services));
  await expect(page.getByTestId('filters-summary')).toContainText(REPORTS_TEXT.serviceReport);
  await expect(page.locator('[data-testid="report-group"][data-depth="0"]').first()).toBeVisible();
});

test('a column moved and resized is where the user left it after a reload and in another browser', async ({ page, browser }) => {
  await openReports(page, 'approver@demo.test');
  expect((await headerIds(page)).slice(0, 3)).toEqual(['id', 'client', 'site']);
  const clientHeader = page.getByTestId('grid-header-client');
  const before = (await clientHeader.boundingBox())!.width;

  // Site dragged onto Client: it takes Client's place.
  let saved = savedLayout(page);
  await page.getByTestId('grid-drag-site').dragTo(clientHeader);
  await expect.poll(async () => (await headerIds(page)).slice(0, 3)).toEqual(['id', 'site', 'client']);
  await saved;

  // Client's right edge dragged 90 px to the right.
  saved = savedLayout(page);
  const edge = (await page.getByTestId('grid-resize-client').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 45, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.move(edge.x + edge.width / 2 + 90, edge.y + edge.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await clientHeader.boundingBox())!.width - before)).toBeGreaterThanOrEqual(85);
  const width = (await clientHeader.boundingBox())!.width;
  await saved;

  await page.reload();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  expect((await headerIds(page)).slice(0, 3)).toEqual(['id', 'site', 'client']);
  expect(Math.abs((await page.getByTestId('grid-header-client').boundingBox())!.width - width)).toBeLessThan(2);

  // Another browser (a new context, a new sign-in): the same layout, from the server.
  const other = await (browser as Browser).newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const second = await other.newPage();
  await loginAs(second, 'approver@demo.test');
  await second.goto('/operations/reports');
  await expect(second.getByTestId('report-row').first()).toBeVisible();
  expect((await headerIds(second)).slice(0, 3)).toEqual(['id', 'site', 'client']);
  expect(Math.abs((await second.getByTestId('grid-header-client').boundingBox())!.width - width)).toBeLessThan(2);
  await other.close();

  // Reset layout: the defaults again.
  await page.getByTestId('grid-columns').click();
  await page.getByTestId('grid-reset').click();
  await expect.poll(async () => (await headerIds(page)).slice(0, 3)).toEqual(['id', 'client', 'site']);
});

test('the id cell opens the certificate PDF panel', async ({ page }) => {
  await openReports(page, 'client-user@demo.test');
  const reports = await apiGet<ReportRow[]>(page, '/Reports?offset=0&limit=-1', TASK);
  const report = reports.find((r) => r.certificateFile && r.certificateStatus === 33);
  expect(report, 'an approved demo report of the client with its final certificate').toBeDefined();
  const withCertificate = report as ReportRow;
  // The id column's filter finds it.
  await page.getByTestId('grid-filter-id').fill(String(withCertificate.id));
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('list-count')).toHaveText(REPORTS_TEXT.found(1));
  await expect(page.getByTestId('filters-summary')).toContainText(`${REPORT_COLUMNS.id} contains “${withCertificate.id}”`);
  await page.getByTestId('report-open').click();
  const panel = page.getByTestId('side-panel');
  await expect(panel.getByTestId('side-panel-title')).toHaveText(
    REPORTS_TEXT.certificateOf(withCertificate.certificateNumber, withCertificate.id),
  );
  await expect(panel).toContainText(withCertificate.client);
  await expect(panel).toContainText(reportResultLabel(withCertificate.result));
  const frame = panel.getByTestId('report-certificate-frame');
  const src = String(await frame.getAttribute('src'));
  expect(src).toContain(`/api/filedownload?id=${encodeURIComponent(withCertificate.certificateFile!.blobKey)}`);
  const pdf = await page.request.get(src);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await settled(page);
  await page.screenshot({ path: '/tmp/reports-shots/certificate.png' });
  await panel.getByTestId('side-panel-close').click();
  await expect(panel).toBeHidden();
});

test('Export to Excel holds every matching report in the grid order, as the grid shows them', async ({ page }) => {
  await openReports(page, 'lo-admin@demo.test');
  // Rejected task reports, grouped by client (from the menu), newest id first.
  await page.getByRole('combobox', { name: REPORTS_TEXT.result }).click();
  await page.getByRole('option', { name: '2-Rejected' }).click();
  const filter = { ...TASK, result: 2 };
  const total = await apiGet<number>(page, '/Reports/count', filter);
  expect(total).toBeGreaterThan(1);
  await expect(page.getByTestId('list-count')).toHaveText(REPORTS_TEXT.found(total));
  await page.getByTestId('grid-menu-client').click();
  await page.getByTestId('grid-menu-group').click();
  await page.getByTestId('grid-menu-id').click();
  await page.getByTestId('grid-menu-sort-desc').click();
  await expect(page.getByTestId('grid-header-id')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('[data-testid="list-count"][aria-busy="true"]')).toHaveCount(0);

  // The grid's rows (all of them fit the first page).
  const shown = await page.getByTestId('report-row').evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.querySelector('td.column-id')?.textContent?.trim() ?? '',
      client: row.querySelector('td.column-client')?.textContent?.trim() ?? '',
      result: row.querySelector('td.column-result')?.textContent?.trim() ?? '',
      certificate: row.querySelector('td.column-certificateNumber')?.textContent?.trim() ?? '',
    })),
  );
  expect(shown.length).toBeGreaterThan(1);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-excel').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Reports_Task_\d{8}_\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.getWorksheet('Reports')!;
  const labels = Object.values(REPORT_COLUMNS);
  expect(Array.from({ length: labels.length }, (_, i) => sheet.getRow(1).getCell(i + 1).text)).toEqual(labels);
  expect(sheet.rowCount - 1).toBe(total);
  const col = (key: keyof typeof REPORT_COLUMNS) => Object.keys(REPORT_COLUMNS).indexOf(key) + 1;
  const lines = Array.from({ length: shown.length }, (_, i) => {
    const row = sheet.getRow(i + 2);
    return {
      id: row.getCell(col('id')).text,
      client: row.getCell(col('client')).text,
      result: row.getCell(col('result')).text,
      certificate: row.getCell(col('certificateNumber')).text,
    };
  });
  expect(lines).toEqual(shown);
  expect(new Set(lines.map((l) => l.result))).toEqual(new Set(['Rejected']));
});
