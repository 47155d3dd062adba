import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { type ChildLlgList, JOB_TEXT, LLG_TEXT, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { expect, expectAlert, loginAs, settled, test } from '../fixtures';
import { apiGet, stamp } from '../pages/AdminApi';
import { ListPage } from '../pages/ListPage';
import { completeChecklist, TaskPage } from '../pages/TaskPage';

/**
 * Loose lifting gear end to end in the browser (tasks document 2.2, 2.3, 4; issue 22): a
 * scheduler adds the job's LLG task with the wizard's toggle; the field engineer adds three child
 * records (CREATE disabled until a type and a serial are given, a taken serial refused in its
 * field), deletes a fourth behind the two confirms, fills the checklists and submits the LLG
 * task; the approver removes and reopens a record in RECORDS, then approves, and RECORDS lists
 * the certificates. Screens at 1440, 1024 and 390 wide go to SHOTS.
 */
const SCHEDULER = 'scheduler@demo.test';
const FIELD_ENGG = 'field-engg@demo.test';
const APPROVER = 'approver@demo.test';
const SHOTS = '/tmp/shots-llg';
/** A 64x16 PNG stroke: a signature good enough for the server's image check (as trust.spec.ts). */
const SIGNATURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAQCAYAAACm53kpAAAAb0lEQVR4nOXTsQ3AIAwFUYbICJkv+3dESksBku28oBTXGf4Zm3acV/szXEDDBTRcQMMFNFxAU3Fpn1DZ0Cx7yK8Iz6qryB5qo0KRyUY3I7pVz9mUV3x5iqnZK5P52j9OzatsZAu4gIYLaLiAhgtobqcr199IgBXTAAAAAElFTkSuQmCC',
  'base64',
);

test.describe.configure({ timeout: 420_000 });

async function switchUser(page: Page, email: string): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await loginAs(page, email);
}

/** The page at 1440, 1024 and 390 wide, each once still; back to 1440 after. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const drawer = page.locator('.MuiDrawer-modal .MuiBackdrop-root');
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // A phone shows the side navigation kept open on the desktop as a drawer: closed, as a person would.
    if (width === 390 && (await drawer.isVisible())) {
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width !== 1440 });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A job of the scheduler's whose main inspector is the field engineer (an office where he inspects). */
async function makeJobFor(page: Page, inspectorId: number): Promise<{ id: number; jobNumber: string }> {
  const clients = await apiGet<{ id: number; sites: { id: number }[] }[]>(page, '/Location/Client?locationLevel=0');
  const client = clients.find((c) => c.sites.length > 0);
  const [me] = await apiGet<{ offices: { id: number }[] }[]>(page, '/login');
  let office: number | null = null;
  for (const candidate of me.offices) {
    const inspectors = await apiGet<{ id: number }[]>(page, `/Users/Inspectors?officeId=${candidate.id}`);
    if (inspectors.some((u) => u.id === inspectorId)) {
      office = candidate.id;
      break;
    }
  }
  if (office === null) throw new Error('no office of the scheduler where the field engineer inspects');
  const response = await page.request.post('/api/Schedule', {
    data: {
      customerId: client?.id,
      siteId: client?.sites[0].id,
      startDate: new Date().toISOString(),
      duration: 1,
      secondaryOfficeId: office,
      officeId: office,
      mainInspectorId: inspectorId,
      comments: `e2e llg ${stamp()}`,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).schedule;
}

/** Adds a child through the Add New Child Task panel and waits until TASKS shows it. */
async function addChild(page: Page, type: string, item: { serial: string; specification?: string; id?: string; swl?: string }) {
  await page.getByTestId('llg-add-child').click();
  const dialog = page.getByTestId('llg-add-dialog');
  await expect(dialog).toContainText(LLG_TEXT.addChildTitle);
  await dialog.getByTestId('llg-new-llgSerialNumber').fill(item.serial);
  if (item.specification) await dialog.getByTestId('llg-new-specification').fill(item.specification);
  if (item.id) await dialog.getByTestId('llg-new-acronymCode').fill(item.id);
  if (item.swl) await dialog.getByTestId('llg-new-safeWorkingLoad').fill(item.swl);
  await pickType(dialog, type);
  await dialog.getByTestId('llg-add-create').click();
  await expectAlert(page, LLG_TEXT.childAdded);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('llg-child-title')).toHaveText(item.serial);
}

async function pickType(dialog: Locator, type: string) {
  await dialog.getByRole('combobox', { name: 'Task Type' }).click();
  await dialog.page().getByRole('option', { name: type, exact: true }).click();
}

/** The child records of the LLG task as the server lists them. */
const childrenOf = (page: Page, id: number) => apiGet<ChildLlgList>(page, `/Observation/getchildLLG/${id}`);

/**
 * Fills the open child's checklist on screen: Pass remaining for each section's items, the
 * section form's required fields typed in, until the bar says every item has its result.
 */
async function fillOnScreen(page: Page, details: TaskPage) {
  const todo = page.getByTestId('inspection-bar').getByTestId('inspection-todo');
  for (let round = 0; round < 8 && (await todo.textContent()) !== 'Every item has its result'; round++) {
    const editor = details.editor();
    const pass = page.getByTestId('pass-remaining');
    if ((await editor.getByTestId('field-idNumber').count()) > 0) {
      const node = await editor.getAttribute('data-node');
      await details.field('idNumber').locator('input').fill('SH-ID-7');
      await details.field('wll').locator('input').fill('3.25');
      await details.field('result-pass').click();
      await editor.getByTestId('checklist-save').click();
      await expectAlert(page, TASK_TEXT.checklistSaved);
      // The editor moves on to the next incomplete node, or stays when this form was the last.
      await expect
        .poll(async () => (await todo.textContent()) === 'Every item has its result' || (await editor.getAttribute('data-node')) !== node)
        .toBe(true);
    } else if ((await pass.count()) > 0) {
      const before = await todo.textContent();
      await pass.click();
      await page.getByTestId('confirm-yes').click();
      await expect(todo).not.toHaveText(before ?? '');
    } else {
      await page.getByTestId('inspection-bar').getByTestId('next-incomplete').click();
    }
  }
  await expect(todo).toHaveText('Every item has its result');
}

test('LLG: the LLG task added with the toggle, three child records inspected and submitted by the field engineer, approved', async ({
  page,
}) => {
  const serials = [`SH-${stamp()}`, `CS-${stamp()}`, `EB-${stamp()}`];

  // The demo configuration offers the LLG special task to SCHEDULER (webUIAccessConfiguration's LLG rule).
  await loginAs(page, FIELD_ENGG);
  const engineer = await apiGet<{ id: number }>(page, '/profile');

  // The scheduler: a job for the field engineer, then step 3's LLG toggle in the wizard.
  await switchUser(page, SCHEDULER);
  const job = await makeJobFor(page, engineer.id);
  const list = new ListPage(page);
  await page.goto('/operations/jobs');
  await expect(list.count()).toHaveText(/Total \d+ of \d+ Job\(s\) Loaded|Total 0 of 0/);
  await list.searchFor('Job Number', job.jobNumber);
  await list.rowAction(list.row(job.jobNumber), 'edit');
  const panel = list.panel();
  await panel.getByTestId('job-step-3').click();
  await panel.getByTestId('llg-toggle').check();
  await panel.getByTestId('job-save').click();
  await expectAlert(page, JOB_TEXT.saved);
  await expect(panel).toBeHidden();
  const tasks = await apiGet<{ id: number; isLlg: boolean }[]>(page, `/Observation/Schedule?scheduleId=${job.id}`);
  const llgId = tasks.find((t) => t.isLlg)?.id ?? 0;
  expect(llgId).toBeGreaterThan(0);

  // The field engineer: INSPECT holds TASKS and RECORDS; nothing to submit yet.
  await switchUser(page, FIELD_ENGG);
  const details = new TaskPage(page);
  await details.open(llgId, 'inspect');
  await expect(details.tab('assetDetails')).toBeDisabled();
  await expect(page.getByTestId('llg-tab-tasks')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('llg-children-empty')).toBeVisible();
  await expect(page.getByTestId('llg-submit')).toBeDisabled();
  await expect(page.getByTestId('llg-submit-hint')).toHaveText(TASK_TEXT.noChildLlg);

  // The panel offers only llg- types and keeps CREATE disabled until a type and a serial are given.
  await page.getByTestId('llg-add-child').click();
  const dialog = page.getByTestId('llg-add-dialog');
  const create = dialog.getByTestId('llg-add-create');
  await expect(create).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Task Type' }).click();
  const offered = await page.getByRole('option').allTextContents();
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.every((name) => name.includes('llg-'))).toBe(true);
  await page.getByRole('option', { name: 'llg-shackle', exact: true }).click();
  await expect(create).toBeDisabled();
  await dialog.getByTestId('llg-new-llgSerialNumber').fill('  ');
  await expect(create).toBeDisabled();
  await shoot(page, 'llg-add-dialog');
  await dialog.getByTestId('llg-add-cancel').click();
  await expect(dialog).toBeHidden();

  await addChild(page, 'llg-shackle', { serial: serials[0], specification: '3.25 t bow, 19 mm pin', id: 'S-01', swl: '3.25 t' });
  await addChild(page, 'llg-chain-sling', { serial: serials[1], specification: '2-leg, 8 mm, 1.5 m', id: 'C-01', swl: '2.5 t' });
  await addChild(page, 'llg-eyebolt', { serial: serials[2], specification: 'M20 collared', swl: '1 t' });

  // A serial already recorded under this task is refused in its field.
  await page.getByTestId('llg-add-child').click();
  await dialog.getByTestId('llg-new-llgSerialNumber').fill(serials[0]);
  await pickType(dialog, 'llg-shackle');
  await create.click();
  await expect(dialog.getByText(LLG_TEXT.serialInParent(serials[0]))).toBeVisible();
  await dialog.getByTestId('llg-add-cancel').click();

  // A fourth record, deleted behind the spec's two confirms.
  const extra = `XX-${stamp()}`;
  await addChild(page, 'llg-wire-rope-sling', { serial: extra });
  const children = page.getByTestId('llg-child');
  await expect(children).toHaveCount(4);
  await children.filter({ hasText: extra }).getByTestId('llg-delete-child').click();
  const first = page.getByTestId('confirm-dialog').filter({ hasText: extra });
  await expect(first).toContainText(LLG_TEXT.deleteConfirmTitle);
  await first.getByTestId('confirm-yes').click();
  const second = page.getByTestId('confirm-dialog').filter({ hasText: LLG_TEXT.deleteConfirmText });
  await expect(second).toContainText(LLG_TEXT.deleteConfirmTitle);
  await second.getByTestId('confirm-yes').click();
  await expectAlert(page, LLG_TEXT.childDeleted);
  await expect(children).toHaveCount(3);
  await expect(children.filter({ hasText: extra })).toHaveCount(0);

  // 'Search Child LLG Task' filters by serial, type or specification.
  const search = page.getByTestId('llg-child-search');
  await search.fill('chain');
  await expect(children).toHaveCount(1);
  await expect(children.first()).toHaveAttribute('data-serial', serials[1]);
  await search.fill('');
  await expect(children).toHaveCount(3);

  // The first record's checklist filled on screen in the same INSPECT as any task; the others completed as their inspector.
  const ids = new Map((await childrenOf(page, llgId)).children.map((c) => [c.llgSerialNumber, c.id]));
  await children.filter({ hasText: serials[0] }).getByTestId('llg-child-button').click();
  await expect(page.getByTestId('llg-child-title')).toHaveText(serials[0]);
  await expectAlert(page, TASK_TEXT.checklistInitialised('Hold'));
  await fillOnScreen(page, details);
  await expect(children.filter({ hasText: serials[0] }).getByTestId('llg-child-state')).toHaveText('Complete');
  await shoot(page, 'llg-tasks');
  for (const serial of serials.slice(1)) {
    await children.filter({ hasText: serial }).getByTestId('llg-child-button').click();
    await expect(page.getByTestId('llg-child-title')).toHaveText(serial);
    await expectAlert(page, TASK_TEXT.checklistInitialised('Hold'));
    await completeChecklist(page, ids.get(serial) as number);
  }
  await page.reload();
  await expect(page.getByTestId('llg-complete')).toHaveText('3 of 3 complete');

  // The approver, while the task is open: RECORDS removes a record and reopens it, each behind a confirm.
  await switchUser(page, APPROVER);
  await details.open(llgId, 'inspect');
  await page.getByTestId('llg-tab-records').click();
  const records = page.getByTestId('llg-record');
  await expect(records).toHaveCount(3);
  const third = records.filter({ hasText: serials[2] });
  await third.getByTestId('llg-record-remove').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
  await expect(third.getByTestId('task-status-64')).toBeVisible();
  await third.getByTestId('llg-record-reopen').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
  await expect(third.getByTestId('task-status-2')).toBeVisible();
  await shoot(page, 'llg-records-open');

  // The field engineer submits the LLG task: it and every child go to 8.
  await switchUser(page, FIELD_ENGG);
  await details.open(llgId, 'inspect');
  await expect(page.getByTestId('llg-complete')).toHaveText('3 of 3 complete');
  await page.getByTestId('llg-submit').click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
  await expectAlert(page, TASK_TEXT.statusChanged('Submitted'));
  await expect(details.status()).toHaveText('Submitted');
  const submitted = await childrenOf(page, llgId);
  expect(submitted.children.map((c) => c.status)).toEqual([8, 8, 8]);
  expect(submitted.children.every((c) => c.actualInspectionDate !== null)).toBe(true);

  // The approver approves once the preview is made; RECORDS (above PREVIEW) lists each record's certificate.
  await switchUser(page, APPROVER);
  const signed = await page.request.post('/api/profile/signature', {
    multipart: { imageFile: { name: 'signature.png', mimeType: 'image/png', buffer: SIGNATURE } },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  await expect
    .poll(async () => (await apiGet<TaskDetail>(page, `/Observation/${llgId}`)).certificateStatus, { timeout: 180_000, intervals: [1000] })
    .toBe(13);
  await details.open(llgId);
  await expect(page.getByTestId('llg-preview-records').getByTestId('llg-record')).toHaveCount(3);
  await details.action('approve').click();
  const approve = page.getByTestId('approve-dialog');
  await expect(approve.getByTestId('approve-record')).toHaveCount(3);
  await shoot(page, 'llg-approve');
  await approve.getByTestId('confirm-yes').click();
  await expect(details.status()).toHaveText('Approved', { timeout: 30_000 });
  const approved = await childrenOf(page, llgId);
  expect(approved.children.every((c) => c.status === 16 && c.certificateNumber)).toBe(true);
  await details.open(llgId);
  const shown = page.getByTestId('llg-preview-records').getByTestId('llg-record');
  for (const child of approved.children)
    await expect(shown.filter({ hasText: child.llgSerialNumber }).getByTestId('llg-record-certificate')).toHaveText(
      child.certificateNumber as string,
    );
  await shoot(page, 'llg-approved');
});
