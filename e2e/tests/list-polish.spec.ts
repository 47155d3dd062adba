import { readFileSync } from 'node:fs';
import { SHELL, USERS } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { ListPage } from '../pages/ListPage';

/**
 * The list pattern as a new user meets it (issue 7, item 9): at 1440x900 and on a 390x844
 * phone, on the screens every later list inherits.
 */
test.describe('list pattern at 1440x900', () => {
  test('the Users table fits its card: sticky header, scrollbar in reach, cut cells with tooltips', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const box = list.scroller();
    // Every column of the spec is in the card, none off to the right.
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const header = (name: string) => page.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
    for (const name of ['Name', 'Email', 'Role', 'Status', 'Location', 'Division', 'Mobile', 'Company']) {
      await expect(header(name)).toBeInViewport({ ratio: 1 });
    }
    // The box ends inside the window: its scrollbar is reachable without scrolling past 100 rows.
    const bottom = await box.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(900);
    // The header stays in view while the rows scroll under it.
    await box.evaluate((el) => el.scrollTo(0, 1500));
    await expect(header('Email')).toBeInViewport({ ratio: 1 });
    // A cut cell carries its whole text in the tooltip.
    const email = list.rows().first().locator('td').nth(2).locator('span[title]');
    expect(await email.getAttribute('title')).toBe((await email.textContent())?.trim());
  });

  test('rows keep one height; more than two actions fold into a "more" menu', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const heights = await list.rows().evaluateAll((rows) => [...new Set(rows.map((r) => Math.round(r.getBoundingClientRect().height)))]);
    expect(heights).toHaveLength(1);
    await list.searchFor('Email', 'scheduler@demo.test');
    const row = list.row('scheduler@demo.test');
    await expect(list.rows()).toHaveCount(1);
    // Edit, Remove, Archive, Suspend: Edit stays an icon, the rest are in the menu.
    await expect(row.getByTestId('row-edit')).toBeVisible();
    await expect(row.getByTestId('row-suspend')).toHaveCount(0);
    await row.getByTestId('row-more').click();
    await expect(page.getByTestId('row-menu').getByTestId('row-suspend')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('a role with no row action gets no Action column', async ({ page }) => {
    await loginAs(page, 'field-engg@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    await expect(list.rows().first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  });

  test('a side panel with unsaved changes asks before Escape or a click outside discards them', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    // Untouched: Escape closes at once.
    await page.getByTestId('add').click();
    await expect(list.panel()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list.panel()).toBeHidden();

    await page.getByTestId('add').click();
    await list.panel().getByLabel('Name').fill('Half Typed');
    await page.keyboard.press('Escape');
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(SHELL.discardChanges);
    await confirm.getByRole('button', { name: SHELL.keepEditing }).click();
    await expect(confirm).toBeHidden();
    await expect(list.panel().getByLabel('Name')).toHaveValue('Half Typed');
    // A click outside the panel asks too; Discard closes it.
    await page.mouse.click(100, 450);
    await confirm.getByRole('button', { name: SHELL.discard }).click();
    await expect(list.panel()).toBeHidden();
  });

  test('a side panel with unsaved changes asks before Back or a reload leaves the page', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const here = page.url();
    await page.getByTestId('add').click();
    await list.panel().getByLabel('Name').fill('Half Typed');
    const confirm = page.getByTestId('confirm-dialog');

    // Reload and closing the tab: the browser's own question (the event is cancelled). Polled:
    // the guard is set when the panel has reported its change, a render after the keystroke.
    const beforeUnloadCancelled = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    await expect.poll(beforeUnloadCancelled).toBe(true);

    // Back: asked, and kept.
    await page.evaluate(() => window.history.back());
    await expect(confirm).toContainText(SHELL.discardChanges);
    await confirm.getByRole('button', { name: SHELL.keepEditing }).click();
    await expect(confirm).toBeHidden();
    expect(page.url()).toBe(here);
    await expect(list.panel().getByLabel('Name')).toHaveValue('Half Typed');
    expect(await beforeUnloadCancelled()).toBe(true);

    // Back again, and Discard: the page before the list opens, and nothing is held any more.
    await page.evaluate(() => window.history.back());
    await confirm.getByRole('button', { name: SHELL.discard }).click();
    // The page before is another document (the list was opened by its address): wait for it to
    // load before asking it anything, or the question races the navigation.
    await page.waitForURL((url) => url.href !== here);
    await expect(confirm).toBeHidden();
    expect(await beforeUnloadCancelled()).toBe(false);
  });

  test('invalid input disables Save with the message under the field; a 409 marks the field it names', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    await page.getByTestId('add').click();
    const panel = list.panel();
    await panel.getByLabel('Name').fill('Vera Valid');
    await panel.getByLabel('Email').fill('not-an-email');
    await panel.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'SCHEDULER' }).first().click();
    await panel.getByRole('combobox', { name: 'Primary Office' }).click();
    await page.getByRole('option', { name: 'Dubai Office' }).click();
    const save = panel.getByTestId('user-save');
    // The contracts' Email rule, which the server refuses the save with too.
    await expect(panel.getByText('Email is not a valid address')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(page.getByText('The form is not valid')).toHaveCount(0);

    // The server's 409: its alert, and the message under Email.
    await panel.getByLabel('Email').fill('scheduler@demo.test');
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, USERS.duplicateEmail, 'error');
    await expect(panel.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByText(USERS.duplicateEmail)).toBeVisible();
    await expect(save).toBeDisabled();
  });

  test('destructive confirms say what happens (archived, or permanent), with a red confirm and no icons', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/admin/loOffice');
    await list
      .rows()
      .filter({ has: page.getByTestId('row-delete') })
      .first()
      .getByTestId('row-delete')
      .click();
    const confirm = page.getByTestId('confirm-dialog');
    // Delete archives a settings record: the note says so, not that it is permanent.
    await expect(confirm.getByTestId('confirm-permanent')).toHaveText(SHELL.archiveNote);
    await expect(confirm.getByTestId('confirm-yes')).toHaveClass(
      /MuiButton-contained\b.*MuiButton-colorError|MuiButton-colorError.*MuiButton-contained\b/,
    );
    await expect(confirm.getByRole('button').locator('svg')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await list.open('/resources/users');
    await list.searchFor('Email', 'scheduler@demo.test');
    const row = list.row('scheduler@demo.test');
    await expect(list.rows()).toHaveCount(1);
    await list.rowAction(row, 'remove');
    await expect(confirm).toContainText(USERS.confirmAction('remove'));
    // A removed user stays removed (DECISIONS 5): that one is permanent.
    await expect(confirm.getByTestId('confirm-permanent')).toHaveText(SHELL.cannotBeUndone);
    await expect(confirm.getByTestId('confirm-yes')).toHaveClass(
      /MuiButton-contained\b.*MuiButton-colorError|MuiButton-colorError.*MuiButton-contained\b/,
    );
    await expect(confirm.getByRole('button').locator('svg')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'No' }).click();
  });

  test('the Status filter and the Active/Inactive toggle never contradict each other', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toHaveText('Active');
    await page.getByTestId('toggle-active').click();
    await expect(status).toHaveText('All Inactive States');
    await expect(list.rows().first()).not.toContainText('Active');
    await list.select('Status', 'Active');
    await expect(page.getByTestId('toggle-active')).toHaveText('Show Inactive');
  });

  test('the CSV keeps phone numbers as they are (no apostrophe)', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const text = readFileSync(await (await download).path(), 'utf8');
    expect(text).toMatch(/,\+971 /);
    expect(text).not.toContain(",'+");
  });

  test('an unknown address shows our not-found page inside the shell', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toContainText(SHELL.pageNotFound);
    await expect(page.getByTestId('side-nav')).toBeVisible();
    await page.getByTestId('not-found').getByRole('link', { name: SHELL.backHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the page title appears once, footers read "Total N of M loaded", menu names are whole', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    // Once: as the breadcrumb's last step (the side navigation's link aside).
    await expect(page.locator('#main-content').getByText('Users', { exact: true })).toHaveCount(1);
    await expect(page.locator('header').getByText('Users', { exact: true })).toHaveCount(0);
    await page.goto('/settings/division');
    await expect(list.count()).toHaveText(/^Total \d+ of \d+\+? loaded$/);
    for (const item of await page.getByTestId('side-nav').locator('.MuiMenuItem-root .MuiTypography-root').all()) {
      const cut = await item.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, (await item.textContent()) ?? '').toBe(false);
    }
  });
});

test.describe('list pattern on a 390x844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists become cards with an actions menu, and filters fold into a drawer', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    const list = new ListPage(page);
    await list.open('/resources/users');
    await expect(page.locator('table')).toHaveCount(0);
    const card = page.getByTestId('list-card').first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('row-more')).toBeVisible();
    await card.getByTestId('row-more').click();
    await expect(page.getByTestId('row-menu').getByTestId('row-edit')).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
    await page.getByTestId('filters-button').click();
    const drawer = page.getByTestId('filters-drawer');
    const email = drawer.getByRole('textbox', { name: 'Email', exact: true });
    expect((await email.boundingBox())?.width).toBeGreaterThan(250);
    await email.fill('scheduler@demo.test');
    await email.press('Enter');
    await drawer.getByRole('button', { name: SHELL.showResults }).click();
    await expect(page.getByTestId('list-card')).not.toHaveCount(0);
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await expect(page.getByTestId('list-card')).toContainText('scheduler@demo.test');
  });
});
