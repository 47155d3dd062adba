import { expect, type Locator, type Page } from '@playwright/test';

/** The shared list pattern (web/README.md): filters, Reload, Load More, table, footer count. */
export class ListPage {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId('list-count')).toHaveText(/Total \d+ of \d+ loaded/);
  }

  search(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async select(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  rows(): Locator {
    return this.page.locator('tbody tr');
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
}
