import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { TASK_TYPE_TEXT, type TaskTypeRow } from '@portal/contracts';
import { expect, expectAlert, loginAs, settled, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { ListPage } from '../pages/ListPage';
import { seriousViolations } from '../axe';

/**
 * Settings > Task Types (administration document 2, "Task type dashboard") as CONFIG_ADMIN and
 * LO-ADMIN: the client-side filters starting on LIFTING, the checklist edited as a tree and as
 * JSON, copy and delete behind the spec's confirm, and the refusal for other roles.
 */
const CONFIG_ADMIN = 'config_admin@demo.test';
const PATH = '/settings/tasktypes';

test.describe.configure({ timeout: 120_000 });

async function divisionId(page: Page, name: string): Promise<number> {
  const divisions = await apiGet<{ id: number; name: string }[]>(page, '/Setting/Others?objectType=Division');
  return divisions.find((d) => d.name === name)?.id as number;
}

/** A task type of this test's own, made through the API. */
async function makeTaskType(page: Page, name: string, extra: Record<string, unknown> = {}): Promise<TaskTypeRow> {
  const response = await page.request.post('/api/Setting', {
    data: {
      objectType: 'TaskType',
      name,
      divisionId: await divisionId(page, 'LIFTING'),
      validity: 12,
      referenceStandard: 'LOLER 1998',
      inspectionMethod: 'Visual',
      checklist: {
        sections: [
          { id: 'docs', name: 'Documentation', items: [{ id: 'register', name: 'Register present' }] },
          { id: 'structure', name: 'Structure', items: [{ id: 'welds', name: 'Welds sound' }] },
        ],
      },
      ...extra,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return response.json();
}

const checklistOf = async (page: Page, id: number) =>
  (await apiGet<TaskTypeRow[]>(page, '/Setting?objectType=TaskType&offset=0&limit=-1')).find((r) => r.id === id)?.checklist;

test('the dashboard starts on LIFTING and filters the loaded rows', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new ListPage(page);
  await list.open(PATH);
  await expect(page.getByTestId('breadcrumb')).toContainText('Task Types');
  const division = page.getByRole('combobox', { name: 'Division' });
  await expect(division).toHaveText('LIFTING');
  await expect(list.row('Thorough Examination - Mobile Crane')).toBeVisible();
  await expect(list.row('Written Scheme Examination - Pressure Vessel')).toHaveCount(0);
  // The spec's columns in its order; id and code are in the column picker only.
  await expect
    .poll(async () => (await page.locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean))
    .toEqual(['Action', 'Division', 'Name', 'External', 'Reference Standard', 'Inspection Method', 'Validity']);

  // The CSV holds every row the filters let through: LIFTING only here.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/task-types/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Division,Name,External,Reference Standard,Inspection Method,Validity');
  expect(csv).toContain('Thorough Examination - Mobile Crane');
  expect(csv).not.toContain('Written Scheme Examination - Pressure Vessel');

  // Sorting applies to the loaded rows: Validity up, then down.
  await page.locator('thead th').filter({ hasText: 'Validity' }).getByRole('button').click();
  await expect(list.rows().first()).toContainText('6 months');
  await page.locator('thead th').filter({ hasText: 'Validity' }).getByRole('button').click();
  await expect(list.rows().first()).toContainText('12 months');

  await list.select('Division', TASK_TYPE_TEXT.noDivision);
  await expect(list.row('Written Scheme Examination - Pressure Vessel')).toBeVisible();

  // Types without a division include the demo's training courses: the filter keeps the 24-month ones only.
  await page.getByRole('spinbutton', { name: 'Validity' }).fill('24');
  await expect(list.row('Written Scheme Examination - Pressure Vessel')).toBeVisible();
  await expect.poll(async () => (await list.rows().allInnerTexts()).every((text) => text.includes('24 months'))).toBe(true);
  await page.getByRole('spinbutton', { name: 'Validity' }).fill('');

  await list.search('Name').fill('LLG-');
  await expect(list.row('llg-shackle')).toBeVisible();
  await expect(list.row('Thorough Examination - Mobile Crane')).toHaveCount(0);
  await list.search('Name').fill('');

  await list.search('Reference Standard').fill('pssr');
  await expect(list.row('Written Scheme Examination - Pressure Vessel')).toBeVisible();
  await expect(list.row('Thorough Examination - Forklift Truck')).toHaveCount(0);
  await list.search('Reference Standard').fill('');

  await list.search('Inspection Method').fill('weight');
  await expect(list.rows()).toHaveCount(1);
  await expect(list.rows().first()).toContainText('Service - Portable Fire Extinguisher');
  await expect(list.count()).toContainText('Showing 1');
});

test('the checklist is edited as a tree and the JSON follows, and the reverse', async ({ page }) => {
  await loginAs(page, 'lo-admin@demo.test');
  const name = `Tree check ${stamp()}`;
  const created = await makeTaskType(page, name);
  const list = new ListPage(page);
  await list.open(PATH);
  await list.search('Name').fill(name);
  await list.rowAction(list.row(name), 'edit');
  const panel = list.panel();
  await expect(panel.getByTestId('side-panel-title')).toHaveText(`Edit Task Type: ${name}`);
  await panel.getByTestId('tab-checklist').click();
  const json = panel.getByTestId('checklist-json');
  const tree = panel.getByTestId('checklist-tree');
  const jsonValue = async () => JSON.parse(await json.inputValue());

  // A new section, renamed inline, with an item that gets a report category.
  await panel.getByTestId('checklist-add-section').click();
  await panel.getByTestId('checklist-rename-input').fill('Load test');
  await panel.getByTestId('checklist-rename-input').press('Enter');
  await expect(tree.getByText('Load test', { exact: true })).toBeVisible();
  await panel.getByTestId('checklist-add-item-section-1').click();
  await panel.getByTestId('checklist-rename-input').fill('Proof load 125 %');
  await panel.getByTestId('checklist-rename-input').press('Enter');
  await panel.getByTestId('checklist-node-item-1').getByRole('combobox', { name: 'Report category' }).click();
  await page.getByRole('option', { name: 'LOAD TEST', exact: true }).click();
  // The section is filled with one MULTIPLE form (the picker offers the TASK TYPE forms).
  await panel.getByTestId('checklist-node-section-1').getByRole('combobox', { name: 'Section form' }).click();
  await page.getByRole('option', { name: 'Mobile Crane Load Test (MULTIPLE)' }).click();
  const loadTest = (await apiGet<{ id: number; name: string }[]>(page, '/Setting/FormObject?formobject=TASK%20TYPE')).find(
    (f) => f.name === 'Mobile Crane Load Test',
  );
  expect((await jsonValue()).sections[2]).toEqual({
    id: 'section-1',
    name: 'Load test',
    formId: loadTest?.id,
    items: [{ id: 'item-1', name: 'Proof load 125 %', reportCategory: 'LOAD TEST' }],
  });
  expect(await json.inputValue()).toContain('\n  "sections": [\n');

  // The keyboard moves the focused section up; an item steps over a section edge.
  await panel.getByTestId('checklist-node-section-1').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(panel.getByTestId('checklist-node-section-1')).toBeFocused();
  expect((await jsonValue()).sections.map((s: { name: string }) => s.name)).toEqual(['Documentation', 'Load test', 'Structure']);
  await panel.getByTestId('checklist-node-register').focus();
  await page.keyboard.press('Alt+ArrowDown');
  expect((await jsonValue()).sections[1].items.map((i: { id: string }) => i.id)).toEqual(['register', 'item-1']);

  // Dragging a section by its handle puts it where it is dropped.
  const handle = panel.getByTestId('checklist-drag-structure');
  const target = panel.getByTestId('checklist-node-docs');
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('tree not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + 20, to.y + 5, { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(async () => (await jsonValue()).sections.map((s: { name: string }) => s.name))
    .toEqual(['Structure', 'Documentation', 'Load test']);

  // The reverse: JSON typed in the text area redraws the tree; invalid JSON stops it and Save.
  await json.fill('{ "sections": [ { "id": "only"');
  await expect(panel.getByTestId('checklist-tree-invalid')).toContainText(TASK_TYPE_TEXT.invalidJson);
  await expect(panel.getByTestId('task-type-save-top')).toBeDisabled();
  await expect(panel.getByTestId('task-type-save')).toBeDisabled();
  await json.fill('{ "sections": [ { "id": "only", "name": "Only section", "items": [ { "id": "x", "name": "" } ] } ] }');
  await expect(panel.getByTestId('checklist-tree-invalid')).toContainText('sections[0].items[0].name: name is required');
  await json.fill('{ "sections": [ { "id": "only", "name": "Only section", "items": [ { "id": "x", "name": "Hook latch" } ] } ] }');
  await expect(tree.getByText('Only section', { exact: true })).toBeVisible();
  await expect(tree.getByText('Hook latch', { exact: true })).toBeVisible();
  await panel.getByTestId('checklist-delete-x').click();
  expect((await jsonValue()).sections[0].items).toEqual([]);

  await expect(panel.getByTestId('task-type-save-top')).toBeEnabled();
  await panel.getByTestId('task-type-save-top').click();
  await expectAlert(page, TASK_TYPE_TEXT.saved, 'success');
  await expect(panel).toBeHidden();
  expect(await checklistOf(page, created.id)).toEqual({ sections: [{ id: 'only', name: 'Only section', items: [] }] });
});

test('the top Save needs the validity, the bottom one does not and shows the server text', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new ListPage(page);
  await list.open(PATH);
  await page.getByTestId('add').click();
  const panel = list.panel();
  await expect(panel.getByTestId('task-type-save-top')).toBeDisabled();
  await expect(panel.getByTestId('task-type-save')).toBeDisabled();
  await panel.getByRole('textbox', { name: 'Type Name' }).fill(`No validity ${stamp()}`);
  await panel.getByTestId('task-type-division').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'LIFTING', exact: true }).click();
  await expect(panel.getByTestId('task-type-save')).toBeEnabled();
  await expect(panel.getByTestId('task-type-save-top')).toBeDisabled();
  await expect(panel.getByRole('textbox', { name: 'External Id' })).toBeDisabled();
  // Clicked from the Checklist tab, the bottom Save shows the Details tab with the validity's message.
  await panel.getByTestId('tab-checklist').click();
  await panel.getByTestId('task-type-save').click();
  await expect(panel.getByTestId('tab-details')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByText(TASK_TYPE_TEXT.validityRequired).first()).toBeVisible();
  await expect(panel.getByTestId('task-type-save')).toBeEnabled();
  await panel.getByRole('spinbutton', { name: 'Validity (months)' }).fill('12');
  await expect(panel.getByTestId('task-type-save-top')).toBeEnabled();
});

test('copy asks first, then saves "<name> Copy <time stamp>"; delete archives after the confirm', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const name = `Copy source ${stamp()}`;
  await makeTaskType(page, name);
  const list = new ListPage(page);
  await list.open(PATH);
  await list.search('Name').fill(name);
  await expect(list.rows()).toHaveCount(1);
  expect(await list.rowActions(list.row(name))).toEqual(['edit', 'copy', 'delete']);

  await list.rowAction(list.row(name), 'copy');
  const dialog = page.getByRole('dialog').filter({ hasText: TASK_TYPE_TEXT.copyConfirm });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expectAlert(page, TASK_TYPE_TEXT.saved, 'success');
  await expect(list.rows()).toHaveCount(2);
  const copyRow = list.rows().filter({ hasText: /Copy \d{1,2}-[A-Z][a-z]{2}-\d{2}_\d{2}:\d{2}:\d{2}/ });
  await expect(copyRow).toHaveCount(1);
  const copies = (await apiGet<TaskTypeRow[]>(page, '/Setting?objectType=TaskType&offset=0&limit=-1')).filter((r) =>
    r.name.startsWith(`${name} Copy `),
  );
  expect(copies).toHaveLength(1);
  expect(copies[0].checklist.sections).toHaveLength(2);

  await list.rowAction(copyRow, 'delete');
  const confirm = page.getByRole('dialog').filter({ hasText: TASK_TYPE_TEXT.deleteConfirm });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectAlert(page, TASK_TYPE_TEXT.archived, 'success');
  await expect(list.rows()).toHaveCount(1);
});

test('a role outside the settings administrators is refused the screen', async ({ page }) => {
  await loginAs(page, 'scheduler@demo.test');
  await page.goto(PATH);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  const response = await page.request.get('/api/Setting?objectType=TaskType&offset=0&limit=50');
  expect(response.status()).toBe(403);
});

test('the dashboard and the checklist tree have no serious or critical axe violations', async ({ page }) => {
  await loginAs(page, CONFIG_ADMIN);
  const list = new ListPage(page);
  await list.open(PATH);
  await expect(list.row('Thorough Examination - Mobile Crane')).toBeVisible();
  const serious = () => seriousViolations(page);
  expect(await serious()).toEqual([]);
  await list.rowAction(list.row('Thorough Examination - Mobile Crane'), 'edit');
  await list.panel().getByTestId('tab-checklist').click();
  await expect(list.panel().getByTestId('checklist-tree')).toBeVisible();
  await settled(page); // the tab's content painted, no transition running
  expect(await serious()).toEqual([]);
});
