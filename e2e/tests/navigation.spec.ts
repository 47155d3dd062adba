import { CONFIGURATIONS } from '@portal/contracts/messages';
import type { Page } from '@playwright/test';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { setEditorText } from '../pages/codeEditor';

/**
 * The side navigation of each role, compared with the spec (shell document 2, DECISIONS 3
 * and 4). demo is "local development": every switch on, asset view for every role but
 * CORPORATE. acme has its own labels, no Job Lite or library, and asset view by rule.
 */
const LIBRARY = ['Product Technical Information', 'Pictorial Library', 'Reports', 'Client Inventory'];
const SETTINGS = ['Data Forms', 'Asset Types', 'Task Types', 'Configurations', 'Category', 'Templates', 'States'];
const ADMIN = ['Customer Registration', 'Roles', 'Division', 'LO Office', 'Sequence Numbering'];
const RESOURCES = ['Clients', 'Assets', 'Loose Gear', 'Assessment', 'Users', 'QR Sticker'];
const OPERATIONS = ['Jobs', 'Job Lite', 'Tasks', 'Reports'];

const EXPECTED: Record<string, Record<string, string[]>> = {
  'corporate@demo.test': { 'Technical Library': LIBRARY },
  'field-engg@demo.test': { Operations: ['Jobs', 'Job Lite', 'Tasks'], Resources: RESOURCES, 'Technical Library': LIBRARY },
  'approver-only@demo.test': { Operations: ['Tasks', 'Reports'], Resources: RESOURCES, 'Technical Library': LIBRARY },
  'client-user@demo.test': {
    Operations: ['Tasks', 'Reports'],
    Resources: ['Assets', 'Loose Gear', 'Assessment'],
    'Technical Library': LIBRARY,
  },
  'client-admin@demo.test': {
    Operations: ['Tasks', 'Reports'],
    Resources: ['Assets', 'Loose Gear', 'Assessment', 'Users'],
    'Technical Library': LIBRARY,
  },
  'scheduler@demo.test': { Operations: OPERATIONS, Resources: RESOURCES, 'Technical Library': LIBRARY },
  'lo-admin@demo.test': { Operations: OPERATIONS, Resources: RESOURCES, 'Technical Library': LIBRARY, Settings: SETTINGS },
  'config_admin@demo.test': {
    Operations: OPERATIONS,
    Resources: RESOURCES,
    'Technical Library': LIBRARY,
    Settings: SETTINGS,
    // Customer Registration is the operator's MASTER_ADMIN's only (DECISIONS 10).
    Admin: ADMIN.filter((entry) => entry !== 'Customer Registration'),
  },
  'master_admin@demo.test': { Operations: OPERATIONS, Resources: RESOURCES, 'Technical Library': LIBRARY, Admin: ADMIN },
  'scheduler@acme.test': {
    Operations: ['Jobs', 'Tasks', 'Reports'],
    Resources: ['Clients', 'Equipment', 'Lifting Gear', 'Training Records', 'Users', 'QR Sticker'],
  },
  'field-engg@acme.test': { Operations: ['Jobs', 'Tasks'], Resources: ['Clients', 'Lifting Gear', 'Training Records', 'Users'] },
  'client-user@acme.test': { Operations: ['Tasks', 'Reports'], Resources: ['Equipment', 'Lifting Gear', 'Training Records'] },
  'client-admin@acme.test': { Operations: ['Tasks', 'Reports'], Resources: ['Clients', 'Lifting Gear', 'Training Records', 'Users'] },
};

for (const [email, groups] of Object.entries(EXPECTED)) {
  test(`navigation of ${email}`, async ({ page }) => {
    await loginAs(page, email);
    await page.goto('/');
    const nav = page.getByTestId('side-nav');
    await expect(nav).toBeVisible();
    const actual = await nav.evaluate((root) => {
      const result: Record<string, string[]> = {};
      let group = '';
      for (const el of Array.from(root.querySelectorAll('[data-testid^="nav-"]'))) {
        const id = el.getAttribute('data-testid') ?? '';
        if (id.startsWith('nav-group-')) {
          group = el.textContent?.trim() ?? '';
          result[group] = [];
        } else if (group) result[group].push(el.textContent?.trim() ?? '');
      }
      return result;
    });
    expect(Object.fromEntries(Object.entries(actual).map(([g, items]) => [g.toLowerCase(), items]))).toEqual(
      Object.fromEntries(Object.entries(groups).map(([g, items]) => [g.toLowerCase(), items])),
    );
  });
}

test('Category, Templates and States are shown disabled', async ({ page }) => {
  await loginAs(page, 'lo-admin@demo.test');
  await page.goto('/');
  for (const key of ['category', 'templates', 'states'])
    await expect(page.getByTestId(`nav-${key}`)).toHaveAttribute('aria-disabled', 'true');
});

test('a route the role may not open shows a refusal; its API answers 403', async ({ page }) => {
  await loginAs(page, 'scheduler@demo.test');
  await page.goto('/admin/loOffice');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  const api = await page.request.get('/api/Location/view/loOffice?objectType=LO_OFFICE');
  expect(api.status()).toBe(403);
});

test('the clicked link name is kept in session storage and the sidebar collapses', async ({ page }) => {
  await loginAs(page, 'scheduler@demo.test');
  await page.goto('/');
  await page.getByTestId('nav-users').click();
  await expect(page).toHaveURL(/\/resources\/users/);
  expect(await page.evaluate(() => sessionStorage.getItem('portal.link'))).toBe('Users');
  await page.getByRole('button', { name: /close menu|open menu/i }).click();
  await expect(page.getByTestId('nav-group-operations')).toHaveCount(1);
  await expect(page.getByText('OPERATIONS', { exact: true })).toBeHidden();
});

// Here, not in configurations.spec.ts: it changes acme's navigation for a moment, and the tests of
// one file run one after another, so the navigation tests above cannot see it half-way.
const PATH = '/settings/configdata';

async function featuresRow(page: Page): Promise<{ id: number; configJson: string }> {
  const answer = await page.request.get('/api/Setting?tenantId=2&objectType=Config&offset=0&limit=-1');
  const rows = (await answer.json()) as { id: number; name: string; configJson: string }[];
  return rows.find((r) => r.name === 'namespaceFeatures')!;
}

test('a feature switch saved here shows in the navigation without a restart', async ({ page }) => {
  // acme has no technical library; the switch is put back at the end, whatever happens.
  await loginAs(page, 'config_admin@acme.test');
  await page.goto(PATH);
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(page.getByTestId('nav-productTechInfo')).toHaveCount(0);
  await page.getByTestId('config-item-namespaceFeatures').click();
  const { id, configJson: original } = await featuresRow(page);
  expect(JSON.parse(original)).toMatchObject({ technicalLibrary: false });
  try {
    await setEditorText(page, '{\n  "jobs": true,\n  "jobLite": false,\n  "technicalLibrary": true,\n  "qrSticker": true\n}');
    await page.getByTestId('config-save').click();
    await expectAlert(page, CONFIGURATIONS.saved);
    await expect(page.getByTestId('nav-productTechInfo')).toBeVisible();
    await page.getByTestId('nav-productTechInfo').click();
    await expect(page).toHaveURL(/\/resources\/library\/technical/);
    await expect(page.getByTestId('forbidden')).toHaveCount(0);
  } finally {
    const restore = await page.request.post('/api/Setting', {
      data: { objectType: 'Config', id, name: 'namespaceFeatures', configJson: original },
    });
    expect(restore.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('side-nav')).toBeVisible();
  await expect(page.getByTestId('nav-productTechInfo')).toHaveCount(0);
});
