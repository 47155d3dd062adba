import { expect, type Locator, type Page } from '@playwright/test';

/** The shared list pattern (web/README.md): filters, Reload, Load More, table, footer count. */
export class ListPage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId('list-count')).toHaveText(/Total \d+ of \d+ loaded/);
  }

  /**
   * Waits until the list shows what its filters ask for: no search box holds typed text it has
   * not reported yet, and no fetch is under way. A click before that can land on a row that the
   * refetch re-renders, and be lost.
   */
  async settled(): Promise<void> {
    await expect(this.page.locator('input[data-pending="true"]')).toHaveCount(0);
    await expect(this.count()).not.toHaveAttribute('aria-busy', 'true');
  }

  /** Types into a search box and waits for the list to follow. */
  async searchFor(label: string, text: string): Promise<void> {
    await this.search(label).fill(text);
    await this.settled();
  }

  search(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async select(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The data rows (the windowed body's spacer rows are not rows). */
  rows(): Locator {
    return this.page.locator('tbody tr:not([data-spacer])');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  count(): Locator {
    return this.page.getByTestId('list-count');
  }

  panel(): Locator {
    return this.page.getByTestId('side-panel');
  }

  /** The table's scroll box (both scrollbars and the sticky header live in it). */
  scroller(): Locator {
    return this.page.getByTestId('list-scroller');
  }

  /**
   * Runs a row action (`row-<key>`): its icon, or the item of the row's "more" menu when the
   * row has more than two actions.
   */
  async rowAction(row: Locator, key: string): Promise<void> {
    await this.settled();
    const icon = row.getByTestId(`row-${key}`);
    if ((await icon.count()) > 0) {
      await icon.click();
      return;
    }
    await this.openMenu(row);
    await this.page.getByTestId('row-menu').getByTestId(`row-${key}`).click();
  }

  /** The keys of the actions a row offers, icons and "more" menu items together. */
  async rowActions(row: Locator): Promise<string[]> {
    await expect(row).toBeVisible();
    const ids = await row.locator('[data-testid^="row-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
    const keys = ids.filter((id) => id !== 'row-more').map((id) => id.slice(4));
    if (ids.includes('row-more')) {
      await this.openMenu(row);
      const menu = this.page.getByTestId('row-menu');
      const items = await menu.locator('[data-testid^="row-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
      keys.push(...items.map((id) => id.slice(4)));
      await this.page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    return keys;
  }

  /** Opens a row's "more" menu; again if a list still settling after a reload re-rendered the row under the click. */
  async openMenu(row: Locator): Promise<void> {
    await this.settled();
    await expect(async () => {
      await row.getByTestId('row-more').click();
      await expect(this.page.getByTestId('row-menu')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
}
