import { mkdirSync } from 'node:fs';
import { QR_STICKERS } from '@portal/contracts';
import { expect, latestMailTo, loginAs, loginWithForm, test } from '../fixtures';

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

test('an LO-ADMIN requests a sheet of stickers, gets it by mail and can download it again', async ({ page }) => {
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

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/qr-sticker-${viewport.width}.png`, fullPage: true });
  }
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
    await page.waitForTimeout(300);
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
  await expect(popup.getByTestId('asset-history-message')).toHaveText(QR_STICKERS.notVisible.replace(' (ours)', ''));
  await expect(popup.locator('table')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/asset-history-not-visible.png` });
});
