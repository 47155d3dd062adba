import type { TaskRow } from '@portal/contracts';
import { expect, loginAs, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';

/**
 * Issue 10, tdoc: a final certificate of the demo data (made by the server's documents worker
 * at start-up) downloads by category, its QR code's address shows the public verification
 * page without sign-in, and that page confirms the downloaded PDF and rejects an altered one.
 */
test('a final certificate is verified on the public page, which rejects an altered copy', async ({ page, browser }) => {
  await loginAs(page, 'approver@demo.test');
  let task: TaskRow | undefined;
  await expect
    .poll(
      async () => {
        const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', { active: false });
        task = rows.find((r) => r.status === 16 && r.certificateStatus === 33);
        return Boolean(task);
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBe(true);
  const download = await page.request.get(`/api/filedownload?id=${task?.id}&category=1`);
  expect(download.status()).toBe(200);
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The metadata's Keywords (a string object of its own) hold the QR code's address.
  const url = /\((https?:\/\/[^)]*\/verify\/[A-Za-z0-9_-]+)\)/.exec(pdf.toString('latin1'))?.[1];
  expect(url).toBeTruthy();
  const code = (url as string).split('/verify/')[1];

  // Anyone, signed out, on a phone.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const anonymous = await context.newPage();
  await anonymous.goto(`/verify/${code}`);
  await expect(anonymous.getByRole('heading', { name: `Certificate ${task?.certificateNumber}` })).toBeVisible();
  await expect(anonymous.getByText('Current issue')).toBeVisible();
  await anonymous.screenshot({ path: 'test-results/verify-390.png', fullPage: true });

  await anonymous.locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
  await anonymous.getByRole('button', { name: 'Check PDF' }).click();
  await expect(anonymous.getByText('This PDF is the certificate exactly as issued')).toBeVisible();

  const altered = Buffer.from(pdf);
  altered[altered.length - 30] ^= 1;
  await anonymous.locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: altered });
  await anonymous.getByRole('button', { name: 'Check PDF' }).click();
  await expect(anonymous.getByText('This PDF does NOT match the issued certificate')).toBeVisible();

  await anonymous.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(anonymous.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await context.close();
});
