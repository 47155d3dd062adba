import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { type ChecklistAnswer, TASK_TEXT, type TaskDetail, type TaskRow } from '@portal/contracts';
import { BASE_URL, PASSWORD } from '../env';
import { expect, loginAs, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';
import { findTask, TaskPage } from '../pages/TaskPage';

/**
 * The inspector's day (issue 21) on a tablet and a phone: a field engineer's list opens on their
 * own tasks; the demo's 16-item crane checklist with its MULTIPLE load test is completed with
 * Pass remaining, the next item after Save and Submit for approval, in at most 25 clicks.
 */
const FIELD_ENGG = 'field-engg@demo.test';
const APPROVER = 'approver@demo.test';

test.describe.configure({ timeout: 180_000 });

/** Clicks, counted: what the inspector's hand does (typing a value is not a click). */
function counter(page: Page) {
  let clicks = 0;
  return {
    click: async (target: Locator) => {
      clicks += 1;
      await target.click();
    },
    get clicks() {
      return clicks;
    },
    page,
  };
}

test.describe('on a 1024x768 tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a field engineer sees only their tasks, completes the crane checklist in at most 25 clicks and submits from INSPECT', async ({
    page,
  }) => {
    await loginAs(page, FIELD_ENGG);
    const me = await apiGet<{ id: number; name: string }>(page, '/profile');

    // My tasks first: the list holds the engineer's own tasks only, and All tasks shows more.
    await page.goto('/operations/tasks');
    await expect(page.getByTestId('toggle-mine-mine')).toHaveAttribute('aria-pressed', 'true');
    const mine = await apiGet<number>(page, '/Observation/count', { active: true, mine: true });
    const all = await apiGet<number>(page, '/Observation/count', { active: true });
    expect(mine).toBeLessThan(all);
    await expect(page.getByTestId('list-count')).toContainText(`of ${mine} loaded`);
    const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', { active: true, mine: true });
    expect(rows.every((r) => r.observationInspector === me.name)).toBe(true);
    await page.getByTestId('toggle-mine-all').click();
    await expect(page.getByTestId('list-count')).toContainText(`of ${all} loaded`);

    // The demo's own mobile crane task, never opened.
    const task = await findTask(
      page,
      { status: 1, mine: true },
      (t) => t.taskType.includes('Mobile Crane') && !t.hasChecklist && t.tabs.inspect,
    );
    const details = new TaskPage(page);
    await details.open(task.id, 'inspect');
    await expect(page.getByTestId('inspection-started')).toContainText('Inspection started: the task is now On hold until you submit');
    const hand = counter(page);
    const bar = page.getByTestId('inspection-bar');
    const todo = bar.getByTestId('inspection-todo');
    // After each pass or save the next incomplete section or item opens by itself: the inspector
    // passes what passes and types in the load test's sample.
    for (let round = 0; round < 12 && (await todo.textContent()) !== 'Every item has its result'; round++) {
      const editor = details.editor();
      const pass = page.getByTestId('pass-remaining');
      if ((await editor.getByTestId('form-samples-range').count()) > 0) {
        const sectionNode = await editor.getAttribute('data-node');
        for (const [key, value] of [
          ['testLoad', '55'],
          ['radius', '10'],
          ['boomLength', '30.5'],
        ] as const) {
          await hand.click(details.field(key).locator('input'));
          await details.field(key).locator('input').fill(value);
        }
        await hand.click(details.field('result-pass'));
        await hand.click(editor.getByTestId('checklist-save'));
        // The next incomplete node opens, or this one stays when it was the last.
        await expect
          .poll(
            async () =>
              (await todo.textContent()) === 'Every item has its result' || (await editor.getAttribute('data-node')) !== sectionNode,
          )
          .toBe(true);
      } else {
        const before = await todo.textContent();
        await hand.click(pass);
        await hand.click(page.getByTestId('confirm-yes'));
        await expect(todo).not.toHaveText(before ?? '');
      }
    }
    await expect(bar.getByTestId('inspection-todo')).toHaveText('Every item has its result');
    await expect(bar.getByTestId('computed-result')).toHaveText('PASS');
    await page.screenshot({ path: 'test-results/inspect-1024.png' });
    await hand.click(bar.getByTestId('submit-for-approval'));
    await expect(page.getByTestId('submit-result')).toHaveText('PASS');
    await hand.click(page.getByTestId('submit-confirm'));
    await expect(details.status()).toHaveText('Submitted', { timeout: 15_000 });
    console.log(`clicks to complete and submit the ${task.taskType} checklist: ${hand.clicks}`);
    expect(hand.clicks).toBeLessThanOrEqual(25);
    const done = await apiGet<TaskDetail>(page, `/Observation/${task.id}`);
    expect(done).toMatchObject({ status: 8, result: 1, performedBy: [{ id: me.id, name: me.name }] });
  });
});

/**
 * An open task of the field engineer's with a Visual Check item, claimed for this test, opened on
 * INSPECT at that item.
 */
async function openVisualCheckItem(page: Page): Promise<TaskPage> {
  const task = await findTask(
    page,
    { status: 1 },
    (t, checklist) =>
      t.tabs.inspect && !t.hasChecklist && checklist.nodes.some((n) => n.nodeType === 'ITEM' && n.form?.formName === 'Visual Check'),
  );
  const { nodes } = await apiGet<{
    nodes: { id: string; name: string; parentSectionId: string | number; form: { formName: string } | null }[];
  }>(page, `/Observation/${task.id}/checklist`);
  const item = nodes.find((n) => n.form?.formName === 'Visual Check');
  const details = new TaskPage(page);
  await details.open(task.id, 'inspect');
  await details.section(nodes.find((n) => n.id === item?.parentSectionId)?.name ?? '').click();
  await details.item(item?.name ?? '').click();
  return details;
}

test.describe('photos on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a camera-sized photo is scaled down in the browser before it is sent', async ({ page }, testInfo) => {
    await loginAs(page, FIELD_ENGG);
    const details = await openVisualCheckItem(page);
    await details.field('structure-fail').click();
    // A 3200x2400 camera photo (about 3 MB of noise: larger than the 2560 px the browser scales
    // to, and small enough to hand to the file input quickly on a busy machine).
    const sharp = (await import('sharp')).default;
    const width = 3200;
    const height = 2400;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    // Handed over as a file on disk, as a person picks one: the browser reads it itself (a
    // buffer is copied through the test protocol, which took over 15 s at load 20).
    const file = testInfo.outputPath('camera.jpg');
    await writeFile(file, photo);
    // Scaling 7.7 megapixels on a busy tablet takes a while: the request, not a fixed time, is awaited.
    const sent = page.waitForRequest((r) => r.url().includes('/api/Setting/formfile') && r.method() === 'POST', { timeout: 60_000 });
    await details.field('structurePhoto-input').setInputFiles(file);
    const request = await sent;
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    expect(body.length).toBeLessThan(photo.length);
    await expect(details.field('structurePhoto').locator('img')).toHaveCount(1);
    const stored = await page.request.get((await details.field('structurePhoto').locator('img').getAttribute('src')) ?? '');
    const meta = await sharp(await stored.body()).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2560);
  });
});

test.describe('unsaved input on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('every way out of INSPECT asks while the FORM holds unsaved input: the side menu, Back, reload', async ({ page }) => {
    await loginAs(page, FIELD_ENGG);
    const details = await openVisualCheckItem(page);
    await details.field('structure-fail').click();
    const here = page.url();
    const dialog = page.getByTestId('confirm-dialog');
    const menuLink = page.getByTestId('side-nav').locator('a[href="/operations/tasks"]').first();

    // The side menu: asked, and kept.
    await menuLink.click();
    await expect(dialog).toContainText('Unsaved');
    await page.getByTestId('confirm-cancel').click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(here);
    await expect(details.field('structure-fail')).toHaveAttribute('aria-pressed', 'true');

    // Back: asked, and kept.
    await page.evaluate(() => window.history.back());
    await expect(dialog).toBeVisible();
    await page.getByTestId('confirm-cancel').click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(here);
    await expect(details.field('structure-fail')).toHaveAttribute('aria-pressed', 'true');

    // Reload and closing the tab: the browser's own question (the event is cancelled).
    const asked = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asked).toBe(true);

    // The side menu again, and this time the input is dropped: the task list opens.
    await menuLink.click();
    await page.getByTestId('confirm-yes').click();
    await expect(page).toHaveURL(/\/operations\/tasks$/);
    const clean = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(clean).toBe(false);
  });
});

test.describe('offline on a tablet', () => {
  // The app shell's service worker is what reopens the page offline (blocked in the other tests).
  test.use({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'allow' });

  test('offline: saves wait on the device, survive an offline reload and reach the server in order; a refused one is shown', async ({
    page,
    context,
    playwright,
  }) => {
    await loginAs(page, FIELD_ENGG);
    // Someone else who may inspect the same task (an approver), to change an item while the engineer is offline.
    const other = await playwright.request.newContext({ baseURL: BASE_URL });
    expect((await other.post('/api/weblogin', { data: { email: APPROVER, password: PASSWORD } })).ok()).toBeTruthy();
    // A never-opened task with four items without a data form (a result alone saves them), seen by both;
    // searched from the end of the list, away from the tasks the other tests take first.
    const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', { status: 1 });
    let task: TaskDetail | null = null;
    let items: ChecklistAnswer['nodes'] = [];
    let nodes: ChecklistAnswer['nodes'] = [];
    for (const row of [...rows].reverse()) {
      if (!row.can.open || row.taskType.includes('Mobile Crane')) continue;
      const detail = await apiGet<TaskDetail>(page, `/Observation/${row.id}`);
      if (!detail.tabs.inspect || detail.hasChecklist) continue;
      const checklist = await apiGet<ChecklistAnswer>(page, `/Observation/${row.id}/checklist`);
      const plain = checklist.nodes.filter((n) => n.nodeType === 'ITEM' && !n.form && n.itemResult === null);
      if (plain.length < 4 || !(await other.get(`/api/Observation/${row.id}`)).ok()) continue;
      task = detail;
      nodes = checklist.nodes;
      items = plain.slice(0, 4);
      break;
    }
    if (!task) throw new Error('no never-opened task with four items without a form');
    const sectionName = (item: ChecklistAnswer['nodes'][number]) => nodes.find((n) => n.id === item.parentSectionId)?.name ?? '';

    const details = new TaskPage(page);
    await details.open(task.id, 'inspect');
    // Opening INSPECT holds the task; what the page shows is kept on the device. The app shell's worker is installed.
    await expect(details.status()).toHaveText('Hold');
    await expect(page.getByTestId('inspection-bar')).toBeVisible();
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
    expect(worker).toMatch(/\/sw\.js$/);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-note')).toBeVisible();
    const bar = page.getByTestId('inspection-bar');
    await expect(bar.getByTestId('submit-for-approval')).toBeDisabled();
    await expect(bar.getByTestId('submit-blocked')).toHaveText('Submit needs the connection');
    const badge = page.getByTestId('pending-saves');
    for (const [i, item] of items.entries()) {
      await details.section(sectionName(item)).click();
      await details.item(item.name).click();
      await expect(details.editor()).toHaveAttribute('data-node', item.id);
      await details.setResult('pass');
      await details.editor().getByTestId('checklist-save').click();
      await expect(badge).toHaveText(`${i + 1} change${i === 0 ? '' : 's'} waiting to send`);
    }

    // An offline reload reopens the task with the saves still shown and still waiting.
    // Offline the page's load event can wait on requests that never answer: the page is checked by what it shows.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByTestId('task-summary')).toBeVisible();
    await expect(badge).toHaveText('4 changes waiting to send');
    for (const item of items) {
      await details.section(sectionName(item)).click();
      await expect(details.item(item.name).getByTestId('result-pass')).toBeVisible();
    }
    await details.section(sectionName(items[0])).click();
    await details.item(items[0].name).click();
    await expect(details.editor().getByTestId('item-result-pass')).toHaveAttribute('aria-pressed', 'true');

    // Meanwhile the approver marks the fourth item N/A: the engineer's queued pass must not overwrite it.
    const theirs = await other.post('/api/apptaskuploadWeb', {
      data: { observationId: task.id, checklistData: [{ id: items[3].id, itemResult: 'na' }] },
    });
    expect(theirs.ok(), await theirs.text()).toBeTruthy();

    await context.setOffline(false);
    await expect(badge).toBeHidden({ timeout: 40_000 });
    const refused = page.getByTestId('refused-save');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(items[3].name);
    await expect(refused).toContainText(TASK_TEXT.nodeChanged(items[3].name));
    await expect(bar.getByTestId('submit-for-approval')).toBeEnabled();
    const saved = await apiGet<ChecklistAnswer>(page, `/Observation/${task.id}/checklist`);
    const resultOf = (id: string) => saved.nodes.find((n) => n.id === id)?.itemResult;
    expect(items.slice(0, 3).map((item) => resultOf(item.id))).toEqual(['pass', 'pass', 'pass']);
    expect(resultOf(items[3].id)).toBe('na');
    // The refusal stays until dismissed.
    await refused.getByTestId('refused-dismiss').click();
    await expect(refused).toHaveCount(0);
    await other.dispose();
  });
});

test.describe('on a 390x844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('INSPECT opens at the checklist with the summary folded; an incomplete submit leads to the missing item; Save covers no field', async ({
    page,
  }) => {
    await loginAs(page, FIELD_ENGG);
    const task = await findTask(
      page,
      { status: 1, mine: true },
      (t) => !t.taskType.includes('Mobile Crane') && !t.hasChecklist && t.tabs.inspect,
    );
    const details = new TaskPage(page);
    await details.open(task.id, 'inspect');
    await expect(page.getByTestId('inspection-bar')).toBeVisible();
    // The summary is one line with Details to unfold it; the result buttons are on the first screen.
    await expect(page.getByTestId('summary-toggle')).toHaveText('Details');
    await expect(page.getByTestId('task-summary').getByText('Client')).toBeHidden();
    // At first view, before any scrolling, the sticky Save does not lie over the item's result buttons.
    const firstPass = details.editor().getByTestId('item-result-pass');
    const firstSave = details.editor().getByTestId('checklist-save');
    await expect(firstSave).toBeInViewport();
    const [p0, s0] = [await firstPass.boundingBox(), await firstSave.boundingBox()];
    expect(p0 && s0 && (p0.y + p0.height <= s0.y || p0.y >= s0.y + s0.height)).toBe(true);
    await page.getByTestId('inspection-bar').getByTestId('submit-for-approval').click();
    await page.getByTestId('submit-go-to-missing').click();
    const answer = await apiGet<{ inspection: { problems: { nodeId: string }[] } }>(page, `/Observation/${task.id}/checklist`);
    await expect(details.editor()).toHaveAttribute('data-node', answer.inspection.problems[0].nodeId);
    const pass = details.editor().getByTestId('item-result-pass');
    await pass.scrollIntoViewIfNeeded();
    const save = details.editor().getByTestId('checklist-save');
    const [a, b] = [await pass.boundingBox(), await save.boundingBox()];
    expect(a && b && (a.y + a.height <= b.y || b.y + b.height <= a.y)).toBe(true);
    await page.screenshot({ path: 'test-results/inspect-390.png', fullPage: false });
  });
});

test('ASSET DETAILS of an approved task is read-only: the lock is explained and Save, SHIFT ASSET and the attributes are off', async ({
  page,
}) => {
  await loginAs(page, 'scheduler@demo.test');
  const task = await findTask(page, { status: [16] }, (t) => t.locationId !== null && t.tabs.assetDetails);
  const details = new TaskPage(page);
  await details.open(task.id, 'assetDetails');
  await expect(page.getByTestId('asset-locked')).toContainText('the task is Approved');
  await expect(page.getByTestId('asset-name-input')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('asset-save')).toBeDisabled();
  await expect(page.getByTestId('asset-shift')).toBeDisabled();
});
