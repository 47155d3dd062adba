import type { Page } from '@playwright/test';
import { AUTH, REGISTRATION } from '@portal/contracts';
import { expect, expectAlert, latestMailTo, loginAs, loginWithForm, settled, test } from '../fixtures';
import { ListPage } from '../pages/ListPage';
import { seriousViolations } from '../axe';

/**
 * Admin > Customer Registration (issue 24, DECISIONS 10): the operator's MASTER_ADMIN registers
 * a provider namespace; its administrator sets a password through the mailed link (read from
 * the SMTP sink), signs in to an empty portal with the default catalogue; the operator then
 * deactivates the namespace and the administrator's open session ends.
 */
const OPERATOR = 'master_admin@demo.test';
const SHOTS = '/tmp/registration-shots';

test.describe.configure({ timeout: 240_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

/** The set-password link of a raw (possibly quoted-printable) mail, as a path. */
function setPasswordPath(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /\/login\?setPassword=[^\s"<>]+?&otp=\d{6}/.exec(text);
  expect(match, 'a set-password link in the mail').not.toBeNull();
  return (match as RegExpExecArray)[0];
}

test('the operator registers a namespace, its administrator sets a password from the mail and signs in, deactivation ends the session', async ({
  page,
  browser,
}) => {
  const namespace = `reg-${Date.now().toString(36)}`;
  const email = `${namespace}@demo.test`;
  const list = new ListPage(page);
  await loginAs(page, OPERATOR);
  await page.goto('/admin/customerRegistration');
  await expect(page.getByTestId('list-count')).toHaveText(/\d+ Customer\(s\) found/);
  // The second demo provider is registered already.
  await expect(list.row('acme')).toHaveCount(1);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'list');

  // Register.
  const started = Date.now();
  await page.getByTestId('add').click();
  const panel = list.panel();
  await expect(panel).toBeVisible();
  await panel.getByLabel('Customer Name').fill('Priya Nair');
  await panel.getByTestId('registration-namespace').fill(namespace);
  await expect(panel.getByTestId('registration-email')).toHaveValue(email);
  await panel.getByLabel('Company Name').fill('North Lifting Services');
  await panel.getByLabel('Mobile Number').fill('+971 50 123 4567');
  await panel.getByTestId('registration-sourcetype-field').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Non Lite User', exact: true }).click();
  await panel.getByTestId('registration-phase-field').getByRole('combobox').click();
  await expect(page.getByRole('option', { name: 'INTERIOR', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'STRUCTURAL', exact: true }).click();
  await panel.getByLabel(REGISTRATION.projectOfficeCode).fill('PO-77');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'panel');
  await page.getByTestId('registration-save').click();
  await expectAlert(page, REGISTRATION.added, 'success');
  await expect(panel).toBeHidden();

  // The new row, found by its namespace's filter.
  await list.searchFor('NameSpace', namespace);
  const row = list.row(namespace);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('North Lifting Services');
  await expect(row).toContainText('Active');

  // The administrator: the link from the mail opens the password form with the code filled in.
  const mail = await latestMailTo(email, started - 1000);
  const link = setPasswordPath(mail);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await admin.goto(link);
    await admin.getByTestId('reset-new-password').fill('secret77');
    await admin.getByTestId('reset-confirm-password').fill('secret77');
    await expect(admin.getByTestId('reset-otp')).toHaveValue(/^\d{6}$/);
    await admin.getByRole('button', { name: AUTH.confirm }).click();
    await expect(admin.getByTestId('login-email')).toBeVisible();
    // The bare namespace signs its administrator in (DECISIONS 3).
    await loginWithForm(admin, namespace, 'secret77');
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    // An empty portal with the default catalogue.
    await admin.goto('/resources/clients');
    await expect(admin.getByTestId('list-count')).toContainText('Total 0');
    await admin.goto('/settings/tasktypes');
    await expect(admin.locator('tbody tr').filter({ hasText: 'LLG' }).first()).toBeVisible();
    // No Customer Registration in its menu.
    await expect(admin.getByTestId('nav-customerRegistration')).toHaveCount(0);

    // The operator deactivates the namespace (Delete, confirmed).
    await list.rowAction(row, 'delete');
    await expect(page.getByRole('dialog')).toContainText(REGISTRATION.deleteConfirm);
    await page.getByRole('button', { name: 'Yes' }).click();
    await expectAlert(page, REGISTRATION.deleted, 'success');
    await expect(row).toContainText('Inactive');

    // The administrator's open session ends at once: the next page goes to the login page.
    await admin.goto('/resources/clients');
    await admin.waitForURL(/\/login/);
    await loginWithForm(admin, namespace, 'secret77');
    await expect(admin.getByText(AUTH.namespaceSuspended)).toBeVisible();
  } finally {
    await adminContext.close();
  }
});

test('the customer table at a tablet and a phone width', async ({ page }) => {
  await loginAs(page, OPERATOR);
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/admin/customerRegistration');
    await expect(page.getByTestId('list-count')).toHaveText(/\d+ Customer\(s\) found/);
    await expect(page.getByText('acme', { exact: true }).first()).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'list');
    await page.getByTestId('add').click();
    await expect(page.getByTestId('side-panel')).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'panel');
    await page.keyboard.press('Escape');
  }
});

test("another namespace's MASTER_ADMIN finds no Customer Registration", async ({ page }) => {
  await loginAs(page, 'master_admin@acme.test');
  await page.goto('/');
  await expect(page.getByTestId('nav-roles')).toBeVisible();
  await expect(page.getByTestId('nav-customerRegistration')).toHaveCount(0);
  const response = await page.request.get('/api/CustomerRegistration');
  expect(response.status()).toBe(403);
});
