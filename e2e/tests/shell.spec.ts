import { AUTH, SHELL } from '@portal/contracts/messages';
import { expect, latestMailTo, loginAs, loginWithForm, test } from '../fixtures';
import { PORT } from '../env';

test.describe('sign-in', () => {
  test('a bare namespace name signs its administrator in and shows name, initials and role', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(AUTH.loginFieldLabel)).toBeVisible();
    await loginWithForm(page, 'demo');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-role')).toHaveText('CONFIG_ADMIN');
    await expect(page.getByTestId('user-name')).toHaveText('Demo Inspection Services Administrator');
    await expect(page.getByTestId('user-initials')).toHaveText('DA');
  });

  test('a wrong password shows the server error under the password', async ({ page }) => {
    await page.goto('/login');
    await loginWithForm(page, 'scheduler@demo.test', 'not-the-password');
    await expect(page.getByTestId('login-error')).toHaveText(AUTH.invalidCredentials);
    await expect(page).toHaveURL(/\/login/);
  });

  test('the password field toggles between hidden and shown', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByTestId('login-password');
    await password.fill('secret1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('a signed-out visit goes to the login page and returns to the requested page after sign-in', async ({ page }) => {
    await page.goto('/resources/users');
    await expect(page).toHaveURL(/\/login/);
    await loginWithForm(page, 'lo-admin@demo.test');
    await expect(page).toHaveURL(/\/resources\/users$/);
    await expect(page.getByTestId('page-title')).toHaveText('Users');
  });

  test('/login is only for signed-out users', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an ended session sends the user to the login page with the session-expired message', async ({ page, context }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('dashboard-tab').first()).toBeVisible();
    await context.clearCookies();
    await page.getByTestId('nav-users').click();
    await expect(page).toHaveURL(/\/login\?expired=1/);
    await expect(page.getByTestId('session-expired')).toHaveText(AUTH.sessionExpired);
    await loginWithForm(page, 'scheduler@demo.test');
    await expect(page).toHaveURL(/\/resources\/users$/);
  });

  test('a page opened with a session that ended meanwhile also shows the session-expired message', async ({ page, context }) => {
    await loginAs(page, 'scheduler@demo.test');
    const cookies = await context.cookies();
    await page.request.get('/api/login?logout=true'); // the session ends on the server...
    await context.addCookies(cookies); // ...while the browser still holds its cookie
    await page.goto('/resources/clients');
    await expect(page).toHaveURL(/\/login\?expired=1/);
    await expect(page.getByTestId('session-expired')).toHaveText(AUTH.sessionExpired);
  });

  test('the client-portal variant shows the namespace whose name is in the host name', async ({ page }) => {
    await page.goto(`http://acme.localhost:${PORT}/login`);
    await expect(page.getByTestId('login-title')).toHaveText('Acme Lifting & Certification');
    await expect(page.getByText('Client portal sign in')).toBeVisible();
    await page.goto('/login');
    await expect(page.getByTestId('login-title')).toHaveText('Inspection Portal');
  });
});

test.describe('logout', () => {
  test('asks for confirmation, shows Logging out..., then lands on the login page', async ({ page }) => {
    await loginAs(page, 'approver@demo.test');
    await page.goto('/');
    await page.getByTestId('user-initials').click();
    await expect(page.getByTestId('menu-email')).toContainText('approver@demo.test');
    await page.getByTestId('menu-logout').click();
    await expect(page.getByText(AUTH.logoutConfirm)).toBeVisible();
    await page.getByRole('button', { name: SHELL.no }).click();
    await expect(page.getByText(AUTH.logoutConfirm)).toBeHidden();

    await page.getByTestId('user-initials').click();
    await page.getByTestId('menu-logout').click();
    await page.getByRole('button', { name: SHELL.yes }).click();
    await expect(page.getByTestId('logout-status')).toHaveText(AUTH.loggingOut);
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
    const me = await page.request.get('/api/login');
    expect(me.status()).toBe(401);
  });
});

test.describe('password reset', () => {
  test('requests an OTP, sets a new password with it, and signs in with the new password', async ({ page }) => {
    const email = 'field-junior@demo.test';
    await page.goto('/login');
    await page.getByRole('button', { name: AUTH.resetPassword }).click();
    const request = page.getByRole('button', { name: AUTH.requestOtp });
    await expect(request).toBeDisabled();
    await page.getByTestId('reset-email').fill(email);
    const sentAt = Date.now();
    await request.click();
    await expect(page.getByText(AUTH.otpSent(email))).toBeVisible();

    const confirm = page.getByRole('button', { name: AUTH.confirm });
    await expect(confirm).toBeDisabled();
    await page.getByTestId('reset-new-password').fill('abc');
    await page.getByTestId('reset-confirm-password').click();
    await expect(page.getByText(AUTH.passwordLength)).toBeVisible();
    await page.getByTestId('reset-new-password').fill('fresh-pass1');
    await page.getByTestId('reset-confirm-password').fill('fresh-pass2');
    await page.getByTestId('reset-otp').click();
    await expect(page.getByText(AUTH.mustMatchNew)).toBeVisible();
    await page.getByTestId('reset-confirm-password').fill('fresh-pass1');

    const mail = await latestMailTo(email, sentAt - 1000);
    const otp = /one-time password is (\d{6})/.exec(mail)?.[1] as string;
    await page.getByTestId('reset-otp').fill(otp);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText(AUTH.resetDone)).toBeVisible();
    // Back to the login form after 2 s.
    await expect(page.getByTestId('login-email')).toBeVisible({ timeout: 5000 });
    await loginWithForm(page, email, 'fresh-pass1');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('configuration panel', () => {
  test('only LO-ADMIN may open it; the hash option stays disallowed; the choice is kept in the browser', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    await page.goto('/');
    await page.getByTestId('user-initials').click();
    await page.getByTestId('menu-configuration').click();
    await expect(page.getByRole('dialog', { name: SHELL.configuration })).toBeVisible();
    await page.getByTestId('disallowed-select').click();
    await expect(page.getByTestId('disallowed-hash')).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('disallowed-percent').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: SHELL.save }).click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.disallowedAssetChars') ?? '[]'));
    expect(stored).not.toContain('%');
    expect(stored).toContain('#');

    // Logout clears the choice: the next person on this browser starts from the defaults.
    await page.getByTestId('user-initials').click();
    await page.getByTestId('menu-logout').click();
    await page.getByRole('button', { name: SHELL.yes }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('portal.disallowedAssetChars'))).toBeNull();
    await loginWithForm(page, 'scheduler@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    const fresh = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.disallowedAssetChars') ?? '[]'));
    expect(fresh).toContain('%');
  });

  test('is disabled for other roles', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto('/');
    await page.getByTestId('user-initials').click();
    await expect(page.getByTestId('menu-configuration')).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('home dashboard', () => {
  test('shows the tabs whose view rules match, in frames served by this server', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('dashboard-tab')).toHaveText(['Overview', 'Compliance overview', 'Lifting desk']);
    const frame = page.frameLocator('[data-testid=dashboard-frame]');
    await expect(frame.getByRole('heading', { name: 'Demo Inspection Services at a glance' })).toBeVisible();
    await page.getByTestId('dashboard-reload').click();
    await expect(frame.getByRole('heading', { name: /at a glance/ })).toBeVisible();
  });

  test('administrators also see the activity tab; client users only their company', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('dashboard-tab')).toHaveText(['Overview', 'Compliance overview', 'Recent activity']);
    await page.getByTestId('dashboard-tab').nth(2).click();
    await expect(page.frameLocator('[data-testid=dashboard-frame]').getByRole('heading', { name: 'Recent activity' })).toBeVisible();

    await page.context().clearCookies();
    await loginAs(page, 'client-user@demo.test');
    await page.goto('/');
    await expect(page.getByTestId('dashboard-tab')).toHaveText(['Overview', 'Compliance overview']);
    await expect(
      page.frameLocator('[data-testid=dashboard-frame]').getByRole('heading', { name: 'Your company at a glance' }),
    ).toBeVisible();
  });

  test('double-clicking a tab opens it in a new window', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto('/');
    const popup = page.waitForEvent('popup');
    await page.getByTestId('dashboard-tab').first().dblclick();
    await expect(await popup).toHaveURL(/\/api\/dashboard\/pages\/overview/);
  });
});

test.describe('header', () => {
  test('a click on the company logo enlarges it', async ({ page }) => {
    await loginAs(page, 'client-admin@demo.test');
    await page.goto('/');
    await page.getByTestId('company-logo').click();
    await expect(page.getByTestId('company-logo-large')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('client-logo').click();
    await expect(page.getByTestId('client-logo-large')).toBeVisible();
  });
});
