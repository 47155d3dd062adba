import type { Page } from '@playwright/test';

/** Resources > Assets: picks the client in the Client box and one site in the Site box. */
export async function chooseClientAndSite(page: Page, client: string, site: string): Promise<void> {
  const clientBox = page.getByTestId('filter-client').getByRole('combobox');
  await clientBox.click();
  await clientBox.fill(client);
  await page.getByRole('option', { name: client, exact: true }).click();
  const siteBox = page.getByTestId('filter-sites').getByRole('combobox');
  await siteBox.click();
  await page.getByRole('option', { name: site, exact: true }).click();
  await page.keyboard.press('Escape');
}
