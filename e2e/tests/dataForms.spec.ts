import type { Locator, Page } from '@playwright/test';
import type { FormDefinition } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, DRAG_ANNOUNCEMENTS, DATA_FORM_TEXT } from '@portal/contracts/messages';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';

/**
 * Settings > Data Forms (administration document 2, 4, 5): the saved forms on the left, the
 * editor's Name / Form Object / Form Type / Min / Max, and the drag-and-drop builder with its
 * properties, keyboard reordering, undo and live preview. As LO-ADMIN and CONFIG_ADMIN; a
 * role without the screen gets the refusal.
 */
const LO_ADMIN = 'lo-admin@demo.test';
const CONFIG_ADMIN = 'config_admin@demo.test';
const SHOTS = '/tmp/shots-forms-builder';
const STAMP = /\d{1,2}-[A-Z][a-z]{2}-\d\d_\d\d:\d\d:\d\d$/;

test.describe.configure({ timeout: 180_000 });

interface FormRow {
  id: number;
  name: string;
  formObject: string;
  revision: number;
}

async function open(page: Page, email: string) {
  await loginAs(page, email);
  const list = page.waitForResponse((r) => r.url().includes('/api/Setting?') && r.url().includes('objectType=Form'));
  await page.goto('/settings/forms');
  await expect(page.getByTestId('page-title')).toHaveText('Data Forms');
  expect((await list).ok()).toBe(true);
}

/** Drags with the mouse in small steps, as a person does (dnd-kit starts after 4 px). */
async function drag(page: Page, source: Locator, target: { x: number; y: number }) {
  const from = await source.boundingBox();
  if (!from) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.move(target.x, target.y + 1);
  await page.mouse.up();
}

/** Drops a palette item on the canvas below its last field (appends). */
async function dragToCanvas(page: Page, kind: string) {
  const canvas = page.getByTestId('canvas');
  const count = await canvas.locator('[data-field-id]').count();
  // Away from the window's edges, where a drag scrolls the page (dnd-kit's auto-scroll).
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await drag(page, page.getByTestId(`palette-${kind}`), { x: box.x + box.width / 2, y: box.y + box.height - 5 });
  await expect(canvas.locator('[data-field-id]')).toHaveCount(count + 1);
}

const kinds = (page: Page) =>
  page
    .getByTestId('canvas')
    .locator('[data-field-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
const labels = (page: Page) => page.getByTestId('canvas').getByTestId('canvas-field-label').allInnerTexts();
const field = (page: Page, index: number) => page.getByTestId(`canvas-field-${index}`);

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setLabel(page: Page, index: number, label: string) {
  await field(page, index).getByTestId('canvas-field-label').click();
  await page.getByTestId('prop-label').fill(label);
}

async function formByName(page: Page, name: string): Promise<FormRow> {
  const rows = await apiGet<FormRow[]>(page, '/Setting?tenantId=2&objectType=Form');
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no form ${name}`);
  return row;
}

async function showForm(page: Page, name: string) {
  await page.getByTestId('form-search').fill(name);
  const item = page.getByTestId('form-nav-item').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await item.getByTestId('form-nav-menu').click();
  await page.getByTestId('show-form').click();
  await expect(page.getByTestId('form-name')).toHaveValue(name);
}

test('a form is built by dragging six kinds of field, edited, reordered by keys, saved, reloaded unchanged and copied', async ({
  page,
}) => {
  await open(page, LO_ADMIN);
  const save = page.getByTestId('save');
  const add = page.getByTestId('add');
  await expect(save).toBeDisabled();
  await expect(add).toBeEnabled();

  await add.click();
  await expect(page.getByTestId('form-name')).toHaveValue(STAMP);
  await expect(page.getByTestId('form-name')).toHaveValue(/^New Form /);
  await expect(page.getByTestId('form-min')).toHaveValue('1');
  await expect(page.getByTestId('form-max')).toHaveValue('2');
  await expect(add).toBeDisabled();
  await expect(save).toBeDisabled(); // no Form Object yet
  const name = `Hoist inspection ${stamp()}`;
  await page.getByTestId('form-name').fill(name);
  await pick(page, 'form-object', 'TASK TYPE');
  await expect(save).toBeEnabled();

  for (const kind of ['text', 'number', 'select', 'yesno', 'textarea', 'photo']) await dragToCanvas(page, kind);
  expect(await kinds(page)).toEqual(['text', 'number', 'select', 'yesno', 'textarea', 'photo']);

  // A palette item dropped on a field's upper half goes before it.
  const second = await field(page, 1).boundingBox();
  if (!second) throw new Error('no field');
  await drag(page, page.getByTestId('palette-heading'), { x: second.x + second.width / 2, y: second.y + 4 });
  expect(await kinds(page)).toEqual(['text', 'heading', 'number', 'select', 'yesno', 'textarea', 'photo']);
  await field(page, 1).getByTestId('remove-field').click();
  expect(await kinds(page)).toHaveLength(6);

  // Properties
  await setLabel(page, 0, 'Hoist serial number');
  await expect(page.getByTestId('prop-key')).toHaveValue('hoist_serial_number');
  await page.getByTestId('prop-required').check();
  await page.getByTestId('prop-help').fill('As stamped on the hook block');
  await setLabel(page, 1, 'Safe working load');
  await page.getByTestId('prop-unit').fill('t');
  await page.getByTestId('prop-min').fill('0');
  await page.getByTestId('prop-max').fill('50');
  await page.getByTestId('prop-default').fill('60');
  await expect(field(page, 1)).toContainText('Default: must lie between min and max');
  await expect(save).toBeDisabled();
  await page.getByTestId('prop-default').fill('5');
  await expect(save).toBeEnabled();
  await setLabel(page, 2, 'Rope condition');
  await page.getByTestId('option-label-0').fill('Good');
  await page.getByTestId('option-value-0').fill('good');
  await page.getByTestId('option-label-1').fill('Worn');
  await page.getByTestId('option-value-1').fill('worn');
  await page.getByTestId('add-option').click();
  await page.getByTestId('option-label-2').fill('Damaged');
  await page.getByTestId('option-value-2').fill('damaged');
  await setLabel(page, 3, 'Damage found');
  await setLabel(page, 4, 'Describe the damage');
  await pick(page, 'prop-visible-key', 'Damage found (damage_found)');
  await page.getByTestId('properties').getByLabel('Yes').check();
  await expect(field(page, 4)).toContainText('if damage_found');
  // By keys: Enter on a field's label selects it and moves to its Label property.
  await field(page, 5).getByTestId('edit-field').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('prop-label')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Photos of the hoist');

  // Keyboard: lift the photo field, move it up one place, drop it; the screen reader hears it.
  // Each key waits for the screen reader's answer to the one before (the drag starts and
  // measures asynchronously: a key pressed before it has started is lost).
  const live = page.locator('[id^="DndLiveRegion"]');
  await field(page, 5).getByTestId('drag-handle').focus();
  await page.keyboard.press('Space');
  // Lifted: "Picked up ...", then "... moved to position 6 of 6" once the drag has measured the
  // list and found the field over its own place. Only then does an arrow key move it: one pressed
  // after "Picked up" alone was lost on a busy machine (the field stayed at 6 of 6).
  await expect(live).toContainText(DRAG_ANNOUNCEMENTS.movedOver('Photos of the hoist', 6, 6));
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText(DRAG_ANNOUNCEMENTS.movedOver('Photos of the hoist', 5, 6));
  await page.keyboard.press('Space');
  const order = [
    'Hoist serial number *',
    'Safe working load',
    'Rope condition',
    'Damage found',
    'Photos of the hoist',
    'Describe the damage',
  ];
  await expect.poll(() => labels(page)).toEqual(order);
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(DRAG_ANNOUNCEMENTS.dropped('Photos of the hoist', 5, 6));

  // Undo and redo the move.
  await page.getByTestId('undo').click();
  expect(await labels(page)).toEqual([...order.slice(0, 4), order[5], order[4]]);
  await page.getByTestId('redo').click();
  expect(await labels(page)).toEqual(order);

  await save.click();
  await expectAlert(page, DATA_FORM_TEXT.saved);
  await expect(page.getByTestId('editor-empty')).toBeVisible(); // the editor clears after a save
  await expect(add).toBeEnabled();

  // Reload: the form is there as it was built.
  await page.reload();
  await expect(page.getByTestId('form-group-TASK TYPE')).toBeVisible();
  await showForm(page, name);
  await expect(page.getByTestId('form-object')).toHaveText('TASK TYPE');
  await expect.poll(() => labels(page)).toEqual(order);
  await field(page, 1).getByTestId('canvas-field-label').click();
  await expect(page.getByTestId('prop-unit')).toHaveValue('t');
  await expect(page.getByTestId('prop-max')).toHaveValue('50');
  const saved = await formByName(page, name);
  expect(saved.revision).toBe(1);
  const { formJson } = await apiGet<{ formJson: FormDefinition }>(page, `/Setting/FormJSON?formId=${saved.id}`);
  expect(formJson.fields.map((f) => f.kind)).toEqual(['text', 'number', 'select', 'yesno', 'photo', 'textarea']);
  expect(formJson.fields[0]).toMatchObject({ key: 'hoist_serial_number', required: true, help: 'As stamped on the hook block' });
  expect(formJson.fields[1]).toMatchObject({ key: 'safe_working_load', unit: 't', min: 0, max: 50, default: 5 });
  expect(formJson.fields[2]).toMatchObject({
    options: [
      { value: 'good', label: 'Good' },
      { value: 'worn', label: 'Worn' },
      { value: 'damaged', label: 'Damaged' },
    ],
  });
  expect(formJson.fields[5]).toMatchObject({ visibleWhen: { key: 'damage_found', equals: [true] } });

  // Copy Form: '<name> copy <time>', saved as a new form with the same fields.
  await page.getByTestId('form-search').fill(name);
  await page.getByTestId('form-nav-item').filter({ hasText: name }).getByTestId('form-nav-menu').click();
  await page.getByTestId('copy-form').click();
  await expect(page.getByTestId('form-name')).toHaveValue(new RegExp(`^${name} copy ${STAMP.source}`));
  const copyName = await page.getByTestId('form-name').inputValue();
  await expect.poll(() => labels(page)).toEqual(order);
  await save.click();
  await expectAlert(page, DATA_FORM_TEXT.saved);
  await expect(page.getByTestId('form-nav-item').filter({ hasText: copyName })).toBeVisible();
  const copy = await formByName(page, copyName);
  expect(copy.id).not.toBe(saved.id);
});

test('the preview renders the definition with the real renderer and can be filled in', async ({ page }) => {
  await open(page, LO_ADMIN);
  await page.getByTestId('add').click();
  await page.getByTestId('form-name').fill(`Preview check ${stamp()}`);
  // Palette items are added by keys too (Enter), after the selected field or at the end.
  await page.getByTestId('palette-text').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('builder-announcement')).toHaveText(DRAG_ANNOUNCEMENTS.added('Text', 1, 1));
  await page.getByTestId('palette-yesno').click();
  await page.getByTestId('palette-textarea').click();
  await field(page, 0).getByTestId('canvas-field-label').click();
  await page.getByTestId('palette-number').press('Enter'); // after the selected Text field
  await expect(page.getByTestId('builder-announcement')).toHaveText(DRAG_ANNOUNCEMENTS.added('Number', 2, 4));
  expect(await kinds(page)).toEqual(['text', 'number', 'yesno', 'textarea']);
  await setLabel(page, 1, 'Load');
  await page.getByTestId('prop-unit').fill('kN');
  await page.getByTestId('prop-max').fill('100');
  await setLabel(page, 2, 'Damage found');
  await setLabel(page, 3, 'Notes');
  await pick(page, 'prop-visible-key', 'Damage found (damage_found)');
  await page.getByTestId('properties').getByLabel('Yes').check();

  await page.getByTestId('mode-preview').click();
  const preview = page.getByTestId('preview');
  await expect(preview.getByTestId('form-renderer')).toBeVisible();
  await expect(preview.getByTestId('field-load')).toContainText('kN');
  await expect(preview.getByTestId('field-notes')).toHaveCount(0); // hidden until Damage found is Yes
  await preview.getByTestId('field-text').getByRole('textbox').fill('HX-2231');
  const load = preview.getByTestId('field-load').getByRole('textbox');
  await load.fill('120');
  await load.press('Tab');
  await expect(preview.getByTestId('field-load')).toContainText('must be at most 100');
  await load.fill('80');
  await expect(preview.getByTestId('field-load')).not.toContainText('must be at most 100');
  await preview.getByTestId('field-damage_found-true').click();
  await expect(preview.getByTestId('field-notes')).toBeVisible();
  await preview.getByTestId('field-notes').getByRole('textbox').fill('Hook latch bent');
  await preview.getByTestId('preview-check').click();
  await expect(preview.getByTestId('preview-result')).toHaveText(DATA_FORM_EDITOR.previewValid);
  await preview.getByTestId('field-text').getByRole('textbox').fill('');
  await page.getByTestId('form-builder').getByTestId('mode-build').click();
  // A required field left empty is a problem the check names.
  await field(page, 0).getByTestId('canvas-field-label').click();
  await page.getByTestId('prop-required').check();
  await page.getByTestId('mode-preview').click();
  await preview.getByTestId('preview-check').click();
  await expect(preview.getByTestId('preview-result')).toHaveText(DATA_FORM_EDITOR.previewProblems(1));
  await expect(preview.getByTestId('field-text')).toContainText('Text is required');

  // Back to the builder: the definition is as it was, and Cancel resets the editor.
  await page.getByTestId('mode-build').click();
  expect(await kinds(page)).toEqual(['text', 'number', 'yesno', 'textarea']);
  await page.getByTestId('cancel').click();
  await page.getByRole('button', { name: 'Yes' }).click(); // discard the unsaved form
  await expect(page.getByTestId('editor-empty')).toBeVisible();
});

test('CONFIG_ADMIN shows a seeded form; Min and Max keep their bounds; disabled form objects cannot be picked', async ({ page }) => {
  await open(page, CONFIG_ADMIN);
  const first = page.getByTestId('form-nav-item').first();
  const name = (await first.locator('.MuiListItemText-primary').innerText()).trim();
  await first.click(); // a click is Show Form too
  await expect(page.getByTestId('form-name')).toHaveValue(name);
  await expect(page.getByTestId('canvas').locator('[data-field-id]').first()).toBeVisible();
  await expect(page.getByTestId('add')).toBeEnabled();

  const save = page.getByTestId('save');
  await expect(save).toBeEnabled();
  await page.getByTestId('form-min').fill('0');
  await expect(page.getByText(DATA_FORM_EDITOR.minTooLow)).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByTestId('form-min').fill('3');
  await page.getByTestId('form-max').fill('2');
  await expect(page.getByText(DATA_FORM_EDITOR.maxBelowMin)).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByTestId('form-max').fill('4');
  await expect(save).toBeEnabled();

  await page.getByTestId('form-object').click();
  for (const off of ['JOB', 'LOCATION', 'USER', 'MATERIAL'])
    await expect(page.getByRole('option', { name: off })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'SERVICE REPORT' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  // Search filters the navigation by name, any case.
  await page.getByTestId('form-search').fill(name.slice(1, 6).toUpperCase());
  await expect(page.getByTestId('form-nav-item').filter({ hasText: name })).toBeVisible();
  await page.getByTestId('form-search').fill('no form is called this');
  await expect(page.getByTestId('form-nav-item')).toHaveCount(0);

  await page.getByTestId('cancel').click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('editor-empty')).toBeVisible();
  await expect(save).toBeDisabled();
});

/** A finger: press, hold past the sensor's delay, move in steps, lift (Chromium's touch input). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  // Held still for longer than the touch sensor's 150 ms delay, which tells a drag from a scroll.
  await page.waitForTimeout(300);
  for (let i = 1; i <= 12; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 12, y: from.y + ((to.y - from.y) * i) / 12 }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

  test('fields are dropped, reordered and removed by touch', async ({ page }) => {
    await open(page, CONFIG_ADMIN);
    await page.getByTestId('add').tap();
    const canvas = page.getByTestId('canvas');
    for (const kind of ['date', 'signature']) {
      await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      await touchDrag(page, await centre(page.getByTestId(`palette-${kind}`)), { x: box.x + box.width / 2, y: box.y + box.height - 6 });
    }
    await expect.poll(() => kinds(page)).toEqual(['date', 'signature']);
    // The signature's handle dragged above the date.
    const top = await field(page, 0).boundingBox();
    if (!top) throw new Error('no field');
    await touchDrag(page, await centre(field(page, 1).getByTestId('drag-handle')), { x: top.x + 30, y: top.y + 2 });
    await expect.poll(() => kinds(page)).toEqual(['signature', 'date']);
    await field(page, 0).getByTestId('remove-field').tap();
    await expect.poll(() => kinds(page)).toEqual(['date']);
    await page.getByTestId('undo').tap();
    await expect.poll(() => kinds(page)).toEqual(['signature', 'date']);
  });
});

test('a role without the screen gets the refusal', async ({ page }) => {
  await loginAs(page, 'scheduler@demo.test');
  await page.goto('/settings/forms');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByTestId('form-builder')).toHaveCount(0);
});

test('the builder at 1440, 1024 and 390 wide', async ({ page }) => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await loginAs(page, LO_ADMIN);
    await page.goto('/settings/forms');
    if (width < 1200) {
      await expect(page.getByTestId('form-navigation')).toBeHidden(); // a drawer behind "Forms"
      await page.getByTestId('forms-drawer-toggle').click();
      await page.screenshot({ path: `${SHOTS}/drawer-${width}.png` });
    }
    await page.getByTestId('form-nav-item').first().click();
    await expect(page.getByTestId('form-navigation')).toBeVisible({ visible: width >= 1200 });
    await field(page, 1).getByTestId('canvas-field-label').click();
    await expect(page.getByTestId('properties')).toBeVisible();
    if (width < 600) {
      // On a phone the palette is a menu; a pick inserts after the selected field.
      await page.getByTestId('palette-menu').click();
      await page.getByTestId('palette-date').click();
      await expect(field(page, 2)).toHaveAttribute('data-kind', 'date');
    } else await expect(page.getByTestId('palette')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/builder-${width}.png`, fullPage: true });
    await page.getByTestId('mode-preview').click();
    await expect(page.getByTestId('preview')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/preview-${width}.png`, fullPage: true });
  }
});
