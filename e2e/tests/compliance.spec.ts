import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { COMPLIANCE_TEXT, type ComplianceOverview } from '@portal/contracts';
import { expect, loginAs, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';

/**
 * The Compliance overview on the home dashboard (issue 23): as LO-ADMIN (the namespace, then one
 * client) and as CLIENT-ADMIN (their company only), the KPI cards, the charts and their tables
 * show the server's figures, a CSV of a table downloads with the same numbers, and an overdue
 * asset's link opens its panel. Reads demo data only; changes nothing.
 */
test.describe.configure({ timeout: 120_000 });

async function openOverview(page: Page, email: string) {
  await loginAs(page, email);
  await page.goto('/');
  await page.getByRole('tab', { name: COMPLIANCE_TEXT.title }).click();
  await expect(page.getByTestId('compliance-kpis')).toBeVisible();
}

const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}`).getByTestId('kpi-value');
const number = (n: number) => n.toLocaleString('en-GB');

/** The table's body cells, row by row. */
async function tableCells(page: Page, key: string): Promise<string[][]> {
  const rows = page.getByTestId(`table-${key}`).getByTestId('figure-row');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push((await row.locator('td').allInnerTexts()).map((c) => c.trim()));
  return out;
}

async function expectFigures(page: Page, data: ComplianceOverview) {
  await expect(kpi(page, 'total')).toHaveText(number(data.itemStatus.total));
  await expect(kpi(page, 'valid')).toHaveText(number(data.itemStatus.valid));
  await expect(kpi(page, 'dueShortly')).toHaveText(number(data.itemStatus.dueShortly));
  await expect(kpi(page, 'expired')).toHaveText(number(data.itemStatus.expired));
  await expect(kpi(page, 'failed')).toHaveText(number(data.itemStatus.failed));
  // Item status: the table beside the donut.
  await expect(page.getByTestId('table-item-status').getByTestId('figure-row')).toHaveCount(5);
  const status = await tableCells(page, 'item-status');
  expect(status.map((r) => Number(r[1]))).toEqual([
    data.itemStatus.valid,
    data.itemStatus.dueShortly,
    data.itemStatus.expired,
    data.itemStatus.failed,
    data.itemStatus.none,
  ]);
  // Examinations: twelve months, pass and fail as the server counted them.
  const months = await tableCells(page, 'examinations');
  expect(months.map((r) => [r[0], Number(r[1]), Number(r[2])])).toEqual(data.examinations.map((m) => [m.month, m.pass, m.fail]));
  // Each drawn chart is an SVG with its accessible label.
  for (const key of ['item-status', 'examinations']) {
    const chart = page.getByTestId(`section-${key}`).getByTestId('chart');
    await expect(chart).toHaveAttribute('aria-label', /chart/);
    await expect(chart.locator('svg').first()).toBeVisible();
  }
  // The site groups and the lists.
  if (data.groups.total > 0) {
    const groups = await tableCells(page, 'by-site');
    expect(groups.map((r) => [r[0], r[1], Number(r.at(-1))])).toEqual(data.groups.rows.map((g) => [g.company, g.site, g.total]));
  }
  await expect(page.getByTestId('section-overdue').getByRole('heading')).toHaveText(
    `${COMPLIANCE_TEXT.overdueTitle} (${number(data.overdue.total)})`,
  );
  await expect(page.getByTestId('section-due-soon').getByRole('heading')).toHaveText(
    `${COMPLIANCE_TEXT.dueSoonTitle} (${number(data.dueSoon.total)})`,
  );
  if (data.overdue.total > 0) expect((await tableCells(page, 'overdue')).map((r) => r[0])).toEqual(data.overdue.rows.map((r) => r.name));
}

async function downloadCsv(page: Page, key: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`csv-${key}`).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Compliance_${key}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return readFileSync((await download.path()) as string, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

test('LO-ADMIN sees the namespace and one client, the tables agree with the charts, a CSV downloads, a link opens the asset', async ({
  page,
}) => {
  await openOverview(page, 'lo-admin@demo.test');
  const all = await apiGet<ComplianceOverview>(page, '/compliance/overview');
  expect(all.itemStatus.total).toBeGreaterThan(0);
  await expectFigures(page, all);
  await settled(page);

  const lines = await downloadCsv(page, 'examinations');
  expect(lines[0]).toBe('Month,Pass,Fail,Total');
  expect(lines.slice(1)).toEqual(all.examinations.map((m) => `${m.month},${m.pass},${m.fail},${m.pass + m.fail}`));

  // Narrow to the client with the most assets: the figures follow.
  const client = all.groups.rows[0];
  await page.getByTestId('compliance-client').click();
  await page.getByRole('option', { name: client.company, exact: true }).click();
  const one = await apiGet<ComplianceOverview>(page, `/compliance/overview?companyId=${client.companyId}`);
  await expectFigures(page, one);
  const groups = await tableCells(page, 'by-site');
  expect(groups.every((r) => r[0] === client.company)).toBe(true);

  // An overdue asset's link opens it in the assets area.
  const overdue = one.overdue.rows[0] ?? all.overdue.rows[0];
  // The demo's asset dashboard seeds expired assets, so there is always one to open.
  expect(overdue, 'an overdue asset in the demo').toBeTruthy();
  if (!one.overdue.rows[0]) {
    await page.getByTestId('compliance-client').click();
    await page.getByRole('option', { name: COMPLIANCE_TEXT.allClients }).click();
    await expectFigures(page, all);
  }
  await page.getByTestId('section-overdue').getByTestId('asset-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/resources/assets\\?client=${overdue.companyId}&asset=${overdue.id}`));
  await expect(page.getByTestId('asset-panel')).toBeVisible();
  await expect(page.locator('#asset-panel-title')).toContainText(overdue.name);
});

test('CLIENT-ADMIN sees only their company, with its charts, tables and a CSV', async ({ page }) => {
  await openOverview(page, 'client-admin@demo.test');
  const [me] = await apiGet<{ companyId: number }[]>(page, '/login');
  const data = await apiGet<ComplianceOverview>(page, '/compliance/overview');
  expect(data.companyId).toBe(me.companyId);
  await expect(page.getByTestId('compliance-client')).toHaveCount(0);
  await expectFigures(page, data);
  expect(data.groups.rows.every((g) => g.companyId === me.companyId)).toBe(true);
  const companies = new Set((await tableCells(page, 'by-site')).map((r) => r[0]));
  expect(companies.size).toBeLessThanOrEqual(1);
  await settled(page);

  const lines = await downloadCsv(page, 'item-status');
  expect(lines[0]).toBe('Item status,Assets,Share');
  expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual([
    data.itemStatus.valid,
    data.itemStatus.dueShortly,
    data.itemStatus.expired,
    data.itemStatus.failed,
    data.itemStatus.none,
  ]);
  // Another company's figures are not to be had.
  const other = await page.request.get(`/api/compliance/overview?companyId=${me.companyId + 100000}`);
  expect(other.status()).toBe(404);
});
