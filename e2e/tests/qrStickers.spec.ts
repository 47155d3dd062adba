import { mkdirSync } from 'node:fs';
import { ASSETS, type AssetDashboardAnswer, QR_STICKERS, STICKER_SERIAL_PATTERN } from '@portal/contracts';
import { expect, expectAlert, latestMailTo, loginAs, loginWithForm, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';
import { chooseClientAndSite } from '../pages/AssetsDashboard';
import { scanStickerSheet } from '../pages/stickerSheet';

/**
 * QR stickers (issue 11): request a sheet on Resources > QR Sticker and get it by mail and
 * for download; sign in from a sticker's link and see the asset's history, closing it signs
 * out; a sticker of another company says so and shows nothing else. The demo serials are the
 * seeded ones named in the README.
 */
const SHOTS = '/tmp/q1-shots';
const DEMO_SERIAL = 'RX7KSPPGMX';
const OTHER_COMPANY_SERIAL = '3TET6C2RY2';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('an LO-ADMIN requests 24 stickers, every printed label scans, and one put on an asset opens its history for a client user', async ({
  page,
}) => {
  // The asset to stick the label on: one of the client user's company without a serial number.
  await loginAs(page, 'client-user@demo.test');
  const [company] = await apiGet<{ id: number; name: string }[]>(page, '/Location/Object?objectType=CLIENT_COMPANY');
  const [site] = await apiGet<{ id: number; name: string }[]>(page, `/Location/Object?objectType=SITE&companyId=${company.id}`);
  const assets = await apiGet<AssetDashboardAnswer>(page, `/Location/AssetDashboard?companyId=${company.id}&siteId=${site.id}`);
  const asset = assets.rows.find((row) => !row.serialNumber);
  if (!asset) throw new Error(`the demo site ${site.name} has no asset without a serial number`);

  await loginAs(page, 'lo-admin@demo.test');
  await page.goto('/resources/qrsticker');
  await expect(page.getByRole('heading', { name: 'QR Sticker' })).toBeVisible();
  const generate = page.getByRole('button', { name: QR_STICKERS.generate });
  await expect(generate).toBeDisabled();
  for (const [label, option] of [
    [QR_STICKERS.size, '25mm'],
    [QR_STICKERS.color, 'Green'],
    [QR_STICKERS.quantity, '24'],
  ] as const) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: new RegExp(`^${option}(\\s|$)`) }).click();
  }
  await expect(generate).toBeEnabled();
  const started = Date.now();
  await generate.click();
  await expect(page.getByTestId('qr-saved')).toHaveText(QR_STICKERS.saved);
  await page.screenshot({ path: `${SHOTS}/qr-saved-1440.png` });
  const mail = await latestMailTo('lo-admin@demo.test', started - 1000);
  expect(mail).toContain('application/pdf');
  expect(mail).toMatch(/QR_Stickers_25mm_Green_24_\d+\.pdf/);
  await page.getByRole('button', { name: 'OK' }).click();

  // The new sheet heads the list of earlier sheets, and its link serves the PDF.
  const first = page.getByTestId('qr-batches').locator('tbody tr').first();
  await expect(first).toContainText('25mm');
  await expect(first).toContainText('Green');
  const href = await first.getByRole('link').getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Printed, each of the 24 labels scans to the sign-in link with its own serial.
  const links = scanStickerSheet(await pdf.body(), '25mm', 24);
  const serials = links.map((link) => new URL(link ?? 'http://invalid/').searchParams.get('asn') ?? '');
  expect(links.every((link) => link?.includes('/login?asn='))).toBe(true);
  expect(serials.every((serial) => STICKER_SERIAL_PATTERN.test(serial))).toBe(true);
  expect(new Set(serials).size).toBe(24);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/qr-sticker-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // The label goes on the asset: its Serial Number is the sticker's serial.
  await page.goto('/resources/assets');
  await chooseClientAndSite(page, company.name, site.name);
  await page.getByTestId('asset-name').filter({ hasText: asset.name }).first().click();
  const panel = page.getByTestId('asset-panel');
  await panel.getByTestId('asset-serial').fill(serials[0]);
  await panel.getByTestId('asset-save').click();
  await expectAlert(page, ASSETS.assetSavedSuccessfully);

  // Someone of the client scans it: the link's sign-in opens that asset's history. The
  // administrator's page is left first: its list reloads 2 s after the save, and a 401 there
  // would send this tab to the login page of an expired session, racing the scan's link.
  await page.goto('about:blank');
  await page.request.get('/api/login?logout=true');
  const link = new URL(links[0] ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await loginWithForm(page, 'client-user@demo.test');
  const popup = page.getByTestId('asset-history');
  await expect(popup.getByRole('heading', { name: QR_STICKERS.historyTitle })).toBeVisible();
  await expect(popup).toContainText(serials[0]);
  await expect(popup).toContainText(asset.name);
});

test('a client user signs in from a sticker, sees the asset history and is signed out on close', async ({ page }) => {
  await page.goto(`/login?asn=${DEMO_SERIAL}`);
  await loginWithForm(page, 'client-user@demo.test');
  const popup = page.getByTestId('asset-history');
  await expect(popup.getByRole('heading', { name: QR_STICKERS.historyTitle })).toBeVisible();
  for (const header of [
    QR_STICKERS.inspectionDate,
    QR_STICKERS.certDate,
    QR_STICKERS.certNo,
    QR_STICKERS.result,
    QR_STICKERS.cert,
    QR_STICKERS.nextDueDate,
  ]) {
    await expect(popup.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const rows = popup.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/PASS|FAIL|/);
  await expect(popup).toContainText(DEMO_SERIAL);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/asset-history-${viewport.width}.png` });
  }
  // On a phone from the start (a dialog left open while the window crosses to the phone
  // layout is hidden from assistive technology by react-admin's drawer, so load it again).
  await page.reload();
  await expect(popup.getByTestId('asset-history-cards')).toContainText(QR_STICKERS.nextDueDate);
  await popup.getByRole('button', { name: QR_STICKERS.close }).click();
  await expect(popup.getByRole('status')).toHaveText('Logging out...');
  await page.waitForURL(/\/login/, { timeout: 15_000 });
  expect((await page.request.get('/api/login')).status()).toBe(401);
});

test('a sticker on another company’s asset says so plainly and shows nothing else', async ({ page }) => {
  await page.goto(`/login?asn=${OTHER_COMPANY_SERIAL}`);
  await loginWithForm(page, 'client-user@demo.test');
  const popup = page.getByTestId('asset-history');
  await expect(popup.getByTestId('asset-history-message')).toHaveText(QR_STICKERS.notVisible);
  await expect(popup.locator('table')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/asset-history-not-visible.png` });
});
