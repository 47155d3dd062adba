import { ROLES_TEXT, USERS } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { AdminList } from '../pages/AdminList';

/**
 * Role licences end to end (administration document 6, users area): CONFIG_ADMIN limits the
 * CLIENT-USER licence of one client through the Roles screen, then the Users screen accepts
 * client users up to the licence and refuses the next one with the server's 402 text.
 */
interface RoleApiRow {
  id: number;
  name: string;
  baseRole: string;
  metaValue?: string;
}
interface Licence {
  clientId: number;
  clientName: string;
  clientLicense: number;
}
interface UserApiRow {
  companyId: number | null;
}

test('a CLIENT-USER licence is set on the Roles screen and enforced on the Users screen', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'config_admin@demo.test');

  // The client with the fewest active CLIENT-USERs: the licence then leaves exactly one seat.
  const roles = await apiGet<RoleApiRow[]>(page, '/Setting/Namespace?objectType=ROLE&name=CLIENT-USER');
  const role = roles.find((r) => r.baseRole === 'CLIENT-USER' && r.name === 'CLIENT-USER');
  if (!role?.metaValue) throw new Error('the CLIENT-USER role and its licences are expected');
  const licences = JSON.parse(role.metaValue) as Licence[];
  expect(licences.length).toBeGreaterThan(0);
  const active = await apiGet<UserApiRow[]>(page, '/Users?offset=-1&limit=-1', { role: role.id, status: 1 });
  const seatsTaken = (clientId: number) => active.filter((u) => u.companyId === clientId).length;
  const client = [...licences].sort((a, b) => seatsTaken(a.clientId) - seatsTaken(b.clientId))[0];
  const limit = seatsTaken(client.clientId) + 1; // 1 when the client has no active CLIENT-USER yet

  // Roles screen: the client's CLIENT-USER licence becomes `limit`.
  const roleList = new AdminList(page);
  await roleList.open('/settings/roles');
  await roleList.searchFor('Role Name', 'CLIENT-USER');
  await roleList.row('CLIENT-USER').getByTestId('row-edit').click();
  const rolePanel = roleList.panel();
  await rolePanel.getByTestId('role-tab-licences').click();
  await rolePanel.getByRole('textbox', { name: 'Client name', exact: true }).fill(client.clientName);
  const count = rolePanel.getByLabel(`Licences of ${client.clientName}`, { exact: true });
  await count.fill('-2');
  await expect(rolePanel.getByText('At least -1')).toBeVisible();
  await expect(rolePanel.getByTestId('role-save')).toBeDisabled();
  await count.fill(String(limit));
  await rolePanel.getByTestId('role-save').click();
  await expectAlert(page, ROLES_TEXT.saved);
  await expect(rolePanel).toBeHidden();
  const [after] = await apiGet<RoleApiRow[]>(page, '/Setting/Namespace?objectType=ROLE&name=CLIENT-USER').then((rows) =>
    rows.filter((r) => r.id === role.id),
  );
  const saved = (JSON.parse(after.metaValue ?? '[]') as Licence[]).find((l) => l.clientId === client.clientId);
  expect(saved?.clientLicense).toBe(limit);

  // Users screen: the first new CLIENT-USER takes the last seat, the second is refused (402).
  const users = new AdminList(page);
  await users.open('/resources/users');
  const id = stamp();
  const addClientUser = async (n: number) => {
    await page.getByTestId('add').click();
    const panel = users.panel();
    await panel.getByLabel('CLIENT', { exact: true }).check();
    await panel.getByLabel('Name').fill(`Licence Tester ${n} ${id}`);
    await panel.getByLabel('Email').fill(`licence.${n}.${id}@demo.test`);
    await panel.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'CLIENT-USER', exact: true }).click();
    await panel.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: client.clientName, exact: true }).click();
    await panel.getByRole('combobox', { name: 'Client Sites' }).click();
    await page.getByRole('option').first().click();
    await panel.getByTestId('user-save').click();
  };

  await addClientUser(1);
  await expectAlert(page, USERS.saved);
  await expect(users.panel()).toBeHidden();

  await addClientUser(2);
  await expect(page.getByText(USERS.licenceUsedUp('CLIENT-USER', client.clientName))).toBeVisible();
  await expect(users.panel()).toBeVisible();
  const refused = await apiGet<unknown[]>(page, '/Users?offset=0&limit=10', { email: `licence.2.${id}@demo.test` });
  expect(refused).toHaveLength(0);
});
