import { expect } from '@playwright/test';
import { ListPage } from './ListPage';

/**
 * ListPage for the admin lists. Divisions have no count call, so their footer reads
 * 'N loaded' rather than 'Total N of M loaded'; opening waits for the first answer either way.
 */
export class AdminList extends ListPage {
  override async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByTestId('list-count')).toBeVisible();
    await expect(this.page.locator('.MuiLinearProgress-root, [role="progressbar"]')).toHaveCount(0);
    await this.page.waitForLoadState('networkidle');
  }
}
