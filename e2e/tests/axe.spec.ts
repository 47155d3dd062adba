import { expect, loginAs, settled, test } from '../fixtures';
import { seriousViolations } from '../axe';

/**
 * Accessibility: axe-core finds no serious or critical violation on any screen, as the roles
 * that use them see them (issue 7, item 9), including an open side panel and the not-found page.
 */
const SCREENS: { email: string; paths: string[] }[] = [
  {
    email: 'lo-admin@demo.test',
    paths: ['/', '/resources/users', '/resources/users#add', '/resources/clients', '/operations/reports', '/no/such/page'],
  },
  {
    email: 'config_admin@demo.test',
    paths: [
      '/admin/loOffice',
      '/settings/division',
      '/settings/division#add',
      '/settings/roles',
      '/admin/sequenceNumber',
      '/resources/clients#add',
    ],
  },
  { email: 'client-admin@demo.test', paths: ['/', '/resources/users', '/resources/users#add', '/resources/assessment'] },
  { email: 'master_admin@demo.test', paths: ['/admin/customerRegistration'] },
];

/** What shows once a screen without the list kit's count has its rows. */
const READY: Record<string, string> = { '/resources/assessment': 'assessment-count' };

for (const { email, paths } of SCREENS) {
  test(`no serious or critical axe violations as ${email}`, async ({ page }) => {
    // Up to six screens, each analysed whole: over two minutes on a machine at load 20.
    test.slow();
    await loginAs(page, email);
    const found: string[] = [];
    for (const route of paths) {
      const [path, action] = route.split('#');
      await page.goto(path);
      if (path.startsWith('/no/')) await expect(page.getByTestId('not-found')).toBeVisible();
      else if (path !== '/') await expect(page.getByTestId(READY[path] ?? 'list-count')).toBeVisible();
      if (action === 'add') {
        await page.getByTestId('add').click();
        await expect(page.getByRole('dialog').first()).toBeVisible();
      }
      await settled(page);
      for (const violation of await seriousViolations(page)) found.push(`${route}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}
