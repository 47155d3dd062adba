import { expect } from '@playwright/test';
import { ListPage } from './ListPage';

/**
 * ListPage for the admin lists. Divisions have no count call, so while more may exist their
 * footer reads 'Total N of N+ loaded'; opening waits for the first answer either way.
 */
export class AdminList extends ListPage {
  override async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId('list-count')).toBeVisible();
    await expect(this.page.locator('.MuiLinearProgress-root, [role="progressbar"]')).toHaveCount(0);
    await this.page.waitForLoadState('networkidle');
  }
}
