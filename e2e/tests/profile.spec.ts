import { mkdirSync } from 'node:fs';
import { PROFILE, type ProfileAnswer, USERS } from '@portal/contracts';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';
import { tinyPng } from '../pages/ClientsPage';

/**
 * My profile (DECISIONS 9, issue 19): every role opens it from the user menu; an approver
 * without a signature is told approval needs one, uploads it, sets the qualifications printed
 * under their name, and finds both after a reload; removing the signature asks first.
 * APPROVER-ONLY, whom no other browser test approves with, so a missing signature for a moment
 * refuses no one else's approval.
 */
const SHOTS = '/tmp/profile-shots';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('an approver adds a signature and qualifications on My profile; both are kept; removing asks first', async ({ page }) => {
  await loginAs(page, 'approver-only@demo.test');
  // Start from no signature and no qualifications (the demo gives them both).
  expect((await page.request.delete('/api/profile/signature')).ok()).toBeTruthy();
  expect((await page.request.post('/api/profile', { data: { qualifications: null } })).ok()).toBeTruthy();
  const me = await apiGet<ProfileAnswer>(page, '/profile');
  expect(me.signature).toBeNull();

  // From the user menu.
  await page.goto('/');
  await page.getByRole('button', { name: /: profile$/ }).click();
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(me.name);
  await expect(page.getByTestId('profile-email')).toHaveText('approver-only@demo.test');
  await expect(page.getByTestId('profile-role')).toHaveText('APPROVER-ONLY');
  await expect(page.getByTestId('profile-signature-needed')).toHaveText(PROFILE.approverNeedsSignature);
  const signature = page.getByTestId('signature');
  await expect(signature.getByTestId('signature-empty')).toHaveText(PROFILE.noSignature);
  await page.screenshot({ path: `${SHOTS}/approver-empty-1440.png`, fullPage: true });

  // Upload (checked by content: a PDF named .png is refused), then the qualifications.
  await signature.getByTestId('signature-input').setInputFiles({
    name: 'sign.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(page.getByText(USERS.signatureUploadError, { exact: false })).toBeVisible();
  await signature
    .getByTestId('signature-input')
    .setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: tinyPng(120, 40, [20, 40, 120]) });
  await expect(signature.getByTestId('signature-preview')).toBeVisible();
  await expect(page.getByTestId('profile-signature-needed')).toHaveCount(0);

  const qualifications = page.getByTestId('profile-qualifications');
  const save = page.getByTestId('profile-save');
  await qualifications.fill('x'.repeat(201));
  await expect(page.getByText('Qualifications may be at most 200 characters')).toBeVisible();
  await expect(save).toBeDisabled();
  await qualifications.fill('  CEng MIMechE; LEEA Diploma, Lifting Equipment Engineer  ');
  await expect(save).toBeEnabled();
  await save.click();
  await expectAlert(page, USERS.profileSaved, 'success');
  await expect(save).toBeDisabled();

  // Kept: after a reload, and by the server.
  await page.reload();
  await expect(page.getByTestId('profile-qualifications')).toHaveValue('CEng MIMechE; LEEA Diploma, Lifting Equipment Engineer');
  await expect(page.getByTestId('signature').getByTestId('signature-preview')).toBeVisible();
  await expect.poll(() => page.getByTestId('signature-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const saved = await apiGet<ProfileAnswer>(page, '/profile');
  expect(saved.qualifications).toBe('CEng MIMechE; LEEA Diploma, Lifting Equipment Engineer');
  expect(saved.signature).not.toBeNull();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/approver-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // Remove asks first; No keeps it, Remove removes it; then it is put back for the demo.
  await page.getByTestId('signature-delete').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(PROFILE.removeTitle);
  await page.screenshot({ path: `${SHOTS}/approver-remove-confirm-1440.png` });
  await dialog.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('signature-preview')).toBeVisible();
  await page.getByTestId('signature-delete').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
  await expect(page.getByTestId('signature').getByTestId('signature-empty')).toBeVisible();
  await expect(page.getByTestId('profile-signature-needed')).toBeVisible();
  expect((await apiGet<ProfileAnswer>(page, '/profile')).signature).toBeNull();
  await page
    .getByTestId('signature')
    .getByTestId('signature-input')
    .setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: tinyPng(120, 40, [20, 40, 120]) });
  await expect(page.getByTestId('signature-preview')).toBeVisible();
});

test('a client user opens My profile too, without the approver notice', async ({ page }) => {
  await loginAs(page, 'client-user@demo.test');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText('client-user@demo.test');
  await expect(page.getByTestId('profile-role')).toHaveText('CLIENT-USER');
  await expect(page.getByTestId('profile-qualifications')).toBeVisible();
  await expect(page.getByTestId('signature')).toBeVisible();
  await expect(page.getByTestId('profile-signature-needed')).toHaveCount(0);
  // Not in the side navigation; reached from the user menu.
  await expect(page.getByTestId('side-nav')).toBeVisible();
  await expect(page.getByTestId('side-nav').getByText('My profile')).toHaveCount(0);
  await page.getByRole('button', { name: /: profile$/ }).click();
  await expect(page.getByTestId('menu-profile')).toBeVisible();
  await page.keyboard.press('Escape');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/client-user-${viewport.width}.png`, fullPage: true });
  }
});
