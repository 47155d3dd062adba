import type { Page } from '@playwright/test';
import { SHELL, TASK_TEXT, type TaskRow } from '@portal/contracts';
import { expect, expectAlert, loginAs, settled, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';
import { ListPage } from '../pages/ListPage';
import { completeChecklist, findTask, TaskPage } from '../pages/TaskPage';
import { seriousViolations } from '../axe';

/**
 * Operations > Tasks (tasks document 2.1, 2.2, 2.3, 4, 5; DECISIONS 4, 5, 8): the dashboard and
 * its filters, task details, the INSPECT checklist (a data form item, a MULTIPLE section form,
 * results, files), the workflow buttons per role, and a client's read-only list.
 */
const SCHEDULER = 'scheduler@demo.test';
const APPROVER = 'approver@demo.test';
const FIELD_ENGG = 'field-engg@demo.test';
const CLIENT_USER = 'client-user@demo.test';
const TASKS = '/operations/tasks';
const SHOTS = '/tmp/tweb-shots/e2e';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YGCAFTEMLQkARmxIAeJ265UAAAAASUVORK5CYII=', 'base64');
const TASK_UI_COMPLETE = 'Every item has its result';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });

async function openTasks(page: Page): Promise<ListPage> {
  const list = new ListPage(page);
  await page.goto(TASKS);
  await expect(list.count()).toHaveText(/Total \d+ of \d+ loaded|Total 0 of 0/);
  return list;
}

test('APPROVER opens a task from the dashboard, fills its checklist (a form item, a MULTIPLE section form, results, a file) and submits it', async ({
  page,
}) => {
  await loginAs(page, APPROVER);
  // An open task never inspected whose checklist has a data form item and a MULTIPLE section form.
  const task = await findTask(
    page,
    { status: 1 },
    (t, checklist) =>
      !t.hasChecklist &&
      t.buttons.submit &&
      checklist.nodes.some((n) => n.form?.formType === 'MULTIPLE' && n.nodeType === 'SECTION') &&
      checklist.nodes.some((n) => n.form?.formType === 'FORM' && n.nodeType === 'ITEM'),
  );
  const checklist = (
    await apiGet<{
      nodes: { id: string; nodeType: string; name: string; parentSectionId: string | number; form: { formType: string } | null }[];
    }>(page, `/Observation/${task.id}/checklist`)
  ).nodes;
  const formItem = checklist.find((n) => n.nodeType === 'ITEM' && n.form?.formType === 'FORM')!;
  const formSection = checklist.find((n) => n.id === formItem.parentSectionId)!;
  const multipleSection = checklist.find((n) => n.nodeType === 'SECTION' && n.form?.formType === 'MULTIPLE')!;
  const plainItem = checklist.find((n) => n.nodeType === 'ITEM' && !n.form)!;
  const plainSection = checklist.find((n) => n.id === plainItem.parentSectionId)!;

  const list = await openTasks(page);
  await list.searchFor('Job Number', task.jobNumber);
  const row = list
    .row(String(task.id))
    .filter({ has: page.getByTestId('task-status-1') })
    .first();
  await list.rowAction(row, 'open');
  await expect(page).toHaveURL(new RegExp(`/operations/tasks/${task.id}`));
  const details = new TaskPage(page);
  await expect(details.status()).toHaveText('Open');

  // Opening INSPECT initialises the checklist and holds the task (tasks document 4).
  await details.tab('inspect').click();
  await expect(page.getByText(TASK_TEXT.checklistInitialised('Hold')).first()).toBeVisible();
  await expect(details.status()).toHaveText('Hold');
  await shot(page, 'inspect-open');

  // A data form item: the form's pass/fail answers and the item's result.
  await details.section(formSection.name).click();
  await details.item(formItem.name).click();
  await expect(details.editor()).toHaveAttribute('data-node', formItem.id);
  for (const key of ['structure', 'markings', 'guards', 'hooks']) await details.field(`${key}-pass`).click();
  await details.setResult('pass');
  await details.save();
  await expect(details.item(formItem.name).getByTestId('result-pass')).toBeVisible();

  // An item without a form: its result and a file (marked deleted, reverted, kept).
  await details.section(plainSection.name).click();
  await details.item(plainItem.name).click();
  await expect(details.editor()).toHaveAttribute('data-node', plainItem.id);
  await details.setResult('na');
  // A type outside the spec's list is refused at once (red status text naming the file and why).
  await details
    .editor()
    .getByTestId('item-files-input')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: PDF });
  await expect(details.editor().getByTestId('item-files-status')).toContainText(
    'Not added: tool.exe (accepted types: png, jpeg, jpg, pdf, doc, docx, xls, xlsx, csv)',
  );
  await details
    .editor()
    .getByTestId('item-files-input')
    .setInputFiles([
      { name: 'load-chart.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'loads.csv', mimeType: 'text/csv', buffer: Buffer.from('load,radius\n11,8\n') },
    ]);
  await expect(details.editor().getByTestId('item-files-status')).toHaveText('Files uploaded successfully');
  const files = details.editor().getByTestId('item-file');
  await expect(files).toHaveCount(2);
  await files.first().getByTestId('item-file-delete').click();
  await expect(files.first()).toHaveAttribute('data-deleted', 'true');
  await files.first().getByTestId('item-file-revert').click();
  await expect(files.first()).not.toHaveAttribute('data-deleted', 'true');
  await details.save();

  // The section's MULTIPLE form: two samples, New, Min and Max.
  await details.section(multipleSection.name).click();
  await expect(details.editor()).toHaveAttribute('data-node', multipleSection.id);
  await expect(details.editor().getByTestId('form-samples-range')).toHaveText(/Min 1 · Max 4/);
  const fillSample = async (load: string) => {
    await details.fillNumber('testLoad', load);
    await details.fillNumber('radius', '8');
    await details.fillNumber('boomLength', '24');
    await details.field('result-pass').click();
  };
  await fillSample('11');
  // A photo of the set-up in the first sample (uploaded at once, claimed by the save).
  await details.field('photo-input').setInputFiles({ name: 'set-up.png', mimeType: 'image/png', buffer: PNG });
  await expect(details.field('photo').locator('img')).toHaveCount(1);
  await details.editor().getByTestId('form-new').click();
  await expect(details.editor().getByTestId('form-selector')).toContainText('Form 2');
  await fillSample('22');
  await shot(page, 'inspect-multiple');
  await details.save();

  // All of it is kept: a fresh load shows the results, the file and both samples.
  await details.open(task.id, 'inspect');
  await details.section(plainSection.name).click();
  await details.item(plainItem.name).click();
  await expect(details.editor().getByTestId('item-file')).toHaveText([/load-chart\.pdf/, /loads\.csv/]);
  // A file marked deleted goes at the next Save.
  await details.editor().getByTestId('item-file').nth(1).getByTestId('item-file-delete').click();
  await details.save();
  // The item is complete, so the next incomplete one opened: back to it.
  await details.section(plainSection.name).click();
  await details.item(plainItem.name).click();
  await expect(details.editor().getByTestId('item-file')).toHaveText([/load-chart\.pdf/]);
  await details.section(multipleSection.name).click();
  await details.editor().getByTestId('form-selector').click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.keyboard.press('Escape');
  const saved = await apiGet<{
    nodes: { id: string; itemResult: string | null; userData: { records: unknown[]; files: unknown[] } | null }[];
  }>(page, `/Observation/${task.id}/checklist`);
  expect(saved.nodes.find((n) => n.id === formItem.id)?.itemResult).toBe('pass');
  expect(saved.nodes.find((n) => n.id === plainItem.id)?.userData?.files).toHaveLength(1);
  expect(saved.nodes.find((n) => n.id === multipleSection.id)?.userData?.records).toHaveLength(2);

  // Only a complete inspection is submitted (DECISIONS 9): the rest of the items pass (through
  // the API; the inspector's own flow is certificates.spec.ts), and INSPECT says it is complete.
  await completeChecklist(page, task.id);
  await details.open(task.id, 'inspect');
  await expect(page.getByTestId('inspection-todo')).toHaveText(TASK_UI_COMPLETE);
  await expect(page.getByTestId('computed-result')).toHaveText('PASS');
  // Submit through its confirm: the spec's text, then the page reloads with the new status.
  await details.act('submit');
  await expect(page.getByText(TASK_TEXT.statusChanged('Submitted')).first()).toBeVisible();
  await expect(details.status()).toHaveText('Submitted', { timeout: 10_000 });
  await expect(details.action('submit')).toBeDisabled();
  // The preview certificate is generated in the background; PREVIEW polls until it is ready.
  await details.tab('preview').click();
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', '13', { timeout: 90_000 });
  await expect(page.getByTestId('preview-frame')).toBeVisible();
  await shot(page, 'preview-ready');

  // Approve: the certificate number is allocated and the final certificate replaces the preview.
  await expect(details.action('approve')).toBeEnabled();
  await details.act('approve');
  await expect(page.getByText(TASK_TEXT.statusChanged('Approved')).first()).toBeVisible();
  await expect(details.status()).toHaveText('Approved', { timeout: 10_000 });
  await expect(page.getByTestId('task-summary')).toContainText(/[A-Z]+-[A-Z]+-\d{4}-\d{5}/);
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', '33', { timeout: 90_000 });
  const href = await page.getByTestId('preview-open').getAttribute('href');
  const pdf = await page.request.get(href as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expect(details.tab('fullChecklistReport')).toBeEnabled();
  await expect(details.tab('inspect')).toBeDisabled();
  await shot(page, 'approved-preview');
});

test('SCHEDULER sees no Reopen or Approve; FIELD-ENGG sees the buttons disabled; the INSPECT tab follows the role', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  const submitted = await findTask(page, { status: 8 }, () => true);
  const details = new TaskPage(page);
  await details.open(submitted.id);
  await expect(details.action('hold')).toBeVisible();
  await expect(details.action('amend')).toBeVisible();
  await expect(details.action('reopen')).toHaveCount(0);
  await expect(details.action('approve')).toHaveCount(0);
  await expect(details.action('generate')).toHaveCount(0);
  await expect(details.tab('inspect')).toBeDisabled();
  await expect(details.tab('fullChecklistReport')).toBeDisabled();
  // The task has its asset: ASSET DETAILS, and nothing to attach.
  await expect(details.tab('assetDetails')).toBeEnabled();
  await expect(details.tab('attachAsset')).toBeDisabled();

  // An open task: SCHEDULER may cancel it (APPROVER may not see Cancel).
  const open = await findTask(page, { status: 1 }, (t) => t.buttons.cancel);
  await details.open(open.id);
  await expect(details.action('cancel')).toBeEnabled();

  await page.context().clearCookies();
  await loginAs(page, APPROVER);
  await details.open(open.id);
  await expect(details.action('cancel')).toHaveCount(0);
  await expect(details.action('submit')).toBeEnabled();

  await page.context().clearCookies();
  await loginAs(page, FIELD_ENGG);
  const own = await findTask(page, { active: true }, (t) => t.tabs.inspect);
  await details.open(own.id);
  await expect(details.action('submit')).toBeVisible();
  const buttons = page.getByTestId('task-actions').getByRole('button');
  for (const button of await buttons.all()) await expect(button).toBeDisabled();
  await expect(details.tab('inspect')).toBeEnabled();
});

test('SCHEDULER saves job details of a submitted task; APPROVER reopens one and amends an approved one with a comment and a new inspector', async ({
  page,
}) => {
  await loginAs(page, SCHEDULER);
  const details = new TaskPage(page);
  const submitted = await findTask(page, { status: 8 }, (t) => t.can.editJobDetails && t.tabs.jobDetails);
  await details.open(submitted.id, 'jobDetails');
  const vendor = `Crane Hire ${Date.now().toString(36)}`;
  await page.getByTestId('job-vendorDetails').fill(vendor);
  await page.getByTestId('job-time').fill('25:00');
  await expect(page.getByText('Use the 24-hour clock', { exact: false })).toBeVisible();
  await expect(page.getByTestId('job-details-save')).toBeDisabled();
  await page.getByTestId('job-time').fill('14:30');
  await page.getByTestId('job-pin').fill('');
  await expect(page.getByText(TASK_TEXT.pincodeRequired)).toBeVisible();
  await expect(page.getByTestId('job-details-save')).toBeDisabled();
  await page.getByTestId('job-pin').fill('112');
  await page.getByTestId('job-details-save').click();
  await expectAlert(page, TASK_TEXT.jobDetailsSaved);
  await expect(page.getByTestId('job-vendorDetails')).toHaveValue(vendor, { timeout: 10_000 });
  const saved = await apiGet<{ vendorDetails: string | null; actualInspectionDate: string }>(page, `/Observation/${submitted.id}`);
  expect(saved.vendorDetails).toBe(vendor);
  expect(new Date(saved.actualInspectionDate).getHours()).toBe(14);

  await page.context().clearCookies();
  await loginAs(page, APPROVER);
  // Reopen a submitted task (8 -> 2 mails the inspector).
  const toReopen = await findTask(page, { status: 8 }, (t) => t.buttons.reopen && t.id !== submitted.id);
  await details.open(toReopen.id);
  await details.act('reopen');
  await expect(page.getByText(TASK_TEXT.statusChanged('Ongoing')).first()).toBeVisible();
  await expect(details.status()).toHaveText('Ongoing', { timeout: 10_000 });

  // Amend an approved task: a revision comment and another inspector.
  const toAmend = await findTask(page, { status: 16 }, (t) => t.buttons.amend);
  await details.open(toAmend.id);
  await details.action('amend').click();
  const dialog = page.getByTestId('amend-dialog');
  const comments = 'Load chart page was missing; re-issue with it attached';
  await dialog.getByTestId('amend-comments').fill(comments);
  // Escape with a comment typed asks first; Keep editing keeps it.
  await page.keyboard.press('Escape');
  const discard = page.getByTestId('confirm-dialog');
  await expect(discard).toContainText(SHELL.discardChanges);
  await discard.getByRole('button', { name: SHELL.keepEditing }).click();
  await expect(discard).toBeHidden();
  await expect(dialog.getByTestId('amend-comments')).toHaveValue(comments);
  // The picker stays disabled while the inspectors load: a click before then opens nothing.
  await expect(dialog.getByRole('combobox', { name: 'Inspector' })).toBeEnabled();
  await dialog.getByTestId('amend-inspector').click();
  const options = page.getByRole('option');
  await expect(options.nth(1)).toBeVisible();
  const other = options
    .filter({ hasNotText: toAmend.observationInspector ?? '\u0000' })
    .filter({ hasNotText: 'Keep the current inspector' })
    .first();
  const otherName = ((await other.textContent()) ?? '').replace(/ \(.*\)$/, '');
  await other.click();
  await shot(page, 'amend-dialog');
  await dialog.getByTestId('confirm-yes').click();
  await expect(page.getByText(TASK_TEXT.statusChanged('Amended')).first()).toBeVisible();
  await expect(page.getByText(TASK_TEXT.checkEmail, { exact: false }).first()).toBeVisible();
  await expect(details.status()).toHaveText('Amended', { timeout: 10_000 });
  await expect(page.getByTestId('task-summary')).toContainText(otherName);
});

test('the dashboard filters by status, asset type and job number, toggles Active/Inactive and exports CSV', async ({ page }) => {
  await loginAs(page, SCHEDULER);
  const list = await openTasks(page);
  await expect(list.rows().first()).toBeVisible();
  await shot(page, 'dashboard');

  // Active shows 1, 2, 4, 8, 32 only; Inactive 16, 64, 1024.
  const activeStatuses = await list
    .rows()
    .locator('[data-testid^="task-status-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(new Set(activeStatuses).size).toBeGreaterThan(0);
  for (const s of activeStatuses)
    expect(['task-status-1', 'task-status-2', 'task-status-4', 'task-status-8', 'task-status-32']).toContain(s);
  await page.getByTestId('toggle-active').click();
  await list.settled();
  await expect(list.rows().locator('[data-testid="task-status-1"]')).toHaveCount(0);
  const inactiveStatuses = await list
    .rows()
    .locator('[data-testid^="task-status-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  for (const s of inactiveStatuses) expect(['task-status-16', 'task-status-64', 'task-status-1024']).toContain(s);
  // Deleted tasks have no action icon.
  const deleted = list
    .rows()
    .filter({ has: page.getByTestId('task-status-1024') })
    .first();
  if ((await deleted.count()) > 0) expect(await list.rowActions(deleted)).toEqual([]);

  // Status dropdown: only Approved.
  await list.select('Status', 'Approved');
  await list.settled();
  const approved = await apiGet<number>(page, '/Observation/count', { active: false, status: 16 });
  await expect(list.count()).toHaveText(new RegExp(`of ${approved} loaded`));

  // Job number search on the Active side.
  await page.getByTestId('toggle-active').click();
  await list.settled();
  const [someRow] = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=1', { active: true });
  await list.searchFor('Job Number', someRow.jobNumber);
  const jobCount = await apiGet<number>(page, '/Observation/count', { active: true, jobNumber: someRow.jobNumber });
  await expect(list.count()).toHaveText(new RegExp(`of ${jobCount} loaded`));
  await expect(list.rows().filter({ hasNotText: someRow.jobNumber })).toHaveCount(0);

  // Asset type dropdown.
  await list.search('Job Number').fill('');
  await list.settled();
  if (someRow.assetType) {
    await list.select('Asset Type', someRow.assetType);
    await list.settled();
    const typeCount = await apiGet<number>(page, '/Observation/count', { active: true, assetTypeId: someRow.assetTypeId });
    await expect(list.count()).toHaveText(new RegExp(`of ${typeCount} loaded`));
  }

  // CSV of every matching row, named with the date.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Tasks_\d{4}-\d{2}-\d{2}\.csv$/);
});

test('a CLIENT-USER sees only its company tasks, read only', async ({ page }) => {
  await loginAs(page, CLIENT_USER);
  const list = await openTasks(page);
  const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=500', {});
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.client)).size).toBe(1);
  expect(rows.every((r) => !r.can.open)).toBe(true);
  await expect(list.rows().first()).toBeVisible();
  // No Action column: nothing to open.
  await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  await expect(page.getByTestId('row-open')).toHaveCount(0);
  await shot(page, 'client-dashboard');
  // A final certificate of its company opens from the Certificate column.
  const certified = rows.find((r) => r.status === 16 && r.certificateFile && r.certificateNumber);
  if (certified) {
    await page.getByTestId('toggle-active').click();
    await list.searchFor('Certificate Number', certified.certificateNumber as string);
    const link = list.row(String(certified.id)).getByTestId('certificate-link');
    await expect(link).toHaveText(certified.certificateNumber as string);
    const response = await page.request.get((await link.getAttribute('href')) as string);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
  }
  // The details address refuses (the server answers 403 too).
  await page.goto(`${TASKS}/${rows[0].id}`);
  await expect(page.getByTestId('forbidden')).toBeVisible();
  expect((await page.request.get(`/api/Observation/${rows[0].id}`)).status()).toBe(403);
});

test('no serious or critical axe violations on the dashboard, task details and INSPECT', async ({ page }) => {
  await loginAs(page, APPROVER);
  const task = await findTask(page, { status: 2 }, (t) => t.tabs.inspect);
  const found: string[] = [];
  const check = async (where: string) => {
    found.push(...(await seriousViolations(page, where)));
  };
  await openTasks(page);
  await check('dashboard');
  const details = new TaskPage(page);
  for (const tab of ['preview', 'jobDetails', 'inspect']) {
    await details.open(task.id, tab);
    if (tab === 'inspect') await expect(page.getByTestId('inspect')).toBeVisible();
    await settled(page);
    await check(tab);
  }
  expect(found).toEqual([]);
});
