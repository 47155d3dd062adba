import type { Page } from '@playwright/test';
import { TASK_TEXT, type TaskDetail, type TaskRow } from '@portal/contracts';
import { expect, loginAs, test } from '../fixtures';
import { apiGet } from '../pages/AdminApi';
import { completeChecklist, findTask, TaskPage } from '../pages/TaskPage';

/**
 * Certificates a client and an auditor can trust (issue 19, DECISIONS 9), in the browser: the
 * inspector cannot submit an incomplete checklist and is led to the missing item, a failed item
 * keeps its defect; the approver sees the computed result and the defects before approving; the
 * verification page links the revisions of an amended certificate.
 */
const FIELD_ENGG = 'field-engg@demo.test';
const APPROVER = 'approver@demo.test';
/** A 64x16 PNG stroke: a signature good enough for the server's image check. */
const SIGNATURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAQCAYAAACm53kpAAAAb0lEQVR4nOXTsQ3AIAwFUYbICJkv+3dESksBku28oBTXGf4Zm3acV/szXEDDBTRcQMMFNFxAU3Fpn1DZ0Cx7yK8Iz6qryB5qo0KRyUY3I7pVz9mUV3x5iqnZK5P52j9OzatsZAu4gIYLaLiAhgtobqcr199IgBXTAAAAAElFTkSuQmCC',
  'base64',
);

test.describe.configure({ timeout: 240_000 });

/** The task's certificate status once it stops changing to `wanted` (the worker makes the PDFs). */
async function waitForDocuments(page: Page, id: number, wanted: number) {
  await expect
    .poll(async () => (await apiGet<TaskDetail>(page, `/Observation/${id}`)).certificateStatus, { timeout: 120_000, intervals: [1000] })
    .toBe(wanted);
}

/** An open task of the field engineer, never inspected, whose first item has no form (results only). */
async function ownOpenTask(page: Page, exclude: number[] = []): Promise<TaskDetail> {
  const me = await apiGet<{ id: number }>(page, '/profile');
  return findTask(
    page,
    { status: 1 },
    (t, checklist) => {
      const firstItem = checklist.nodes.find((n) => n.nodeType === 'ITEM');
      // The crane task is the inspector's day test's (inspector.spec.ts).
      return (
        t.inspectorId === me.id &&
        !t.hasChecklist &&
        t.tabs.inspect &&
        !t.taskType.includes('Mobile Crane') &&
        firstItem !== undefined &&
        firstItem.form === null
      );
    },
    exclude,
  );
}

test('an inspector cannot submit an incomplete checklist: led to the missing item, a failed item needs its defect', async ({ page }) => {
  await loginAs(page, FIELD_ENGG);
  const task = await ownOpenTask(page);
  const details = new TaskPage(page);
  await details.open(task.id, 'inspect');
  await expect(page.getByText(TASK_TEXT.checklistInitialised('Hold')).first()).toBeVisible();
  const bar = page.getByTestId('inspection-bar');
  await expect(bar.getByTestId('computed-result')).toHaveText('PENDING');
  await expect(bar.getByTestId('inspection-todo')).toHaveText(/\d+ items still need a result/);
  // Each section says what it still needs.
  await expect(page.getByTestId('sections').getByTestId('sections-entry').first()).toContainText('to do');

  // Submit for approval is offered, but an incomplete checklist leads to its first missing item.
  await bar.getByTestId('submit-for-approval').click();
  const dialog = page.getByTestId('submit-dialog');
  await expect(dialog.getByTestId('submit-incomplete')).toBeVisible();
  const answer = await apiGet<{ inspection: { problems: { nodeId: string }[] } }>(page, `/Observation/${task.id}/checklist`);
  const [first, second] = answer.inspection.problems;
  await dialog.getByTestId('submit-cancel').click();
  // Move away first, so that being led back is seen.
  await bar.getByTestId('next-incomplete').click();
  await expect(details.editor()).toHaveAttribute('data-node', second.nodeId);
  await bar.getByTestId('submit-for-approval').click();
  await dialog.getByTestId('submit-go-to-missing').click();
  await expect(details.editor()).toHaveAttribute('data-node', first.nodeId);

  // A failed item cannot be saved without its defect (the server refuses it as well).
  await details.setResult('fail');
  await expect(details.editor().getByTestId('defect-editor')).toBeVisible();
  await details.editor().getByTestId('checklist-save').click();
  await expect(details.editor().getByText('A failed item must record its defect').first()).toBeVisible();
  await details.editor().getByTestId('defect-description').fill('Hook safety latch missing');
  await details.editor().getByTestId('defect-remedial-action').fill('Fit a new latch before use');
  await details.save();
  await expect(bar.getByTestId('computed-result')).toHaveText('FAIL');
  const saved = await apiGet<{ inspection: { defects: { nodeId: string; danger: number; description: string }[] } }>(
    page,
    `/Observation/${task.id}/checklist`,
  );
  expect(saved.inspection.defects).toEqual([
    expect.objectContaining({ nodeId: first.nodeId, danger: 1, description: 'Hook safety latch missing' }),
  ]);
  await expect(page.getByTestId('task-status')).toHaveText('Ongoing');
  // Still incomplete: the server refuses a submit too, with the count.
  const refused = await page.request.put(`/api/Observation/${task.id}/8`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatch(/^Unable to submit: \d+ item\(s\) have no result$/);
  await page.screenshot({ path: 'test-results/trust-inspect-1440.png' });
});

test('the approver sees the computed result and the defects before approving; the verification page links the revisions', async ({
  page,
}) => {
  // The field engineer inspects: one item fails with a dangerous defect, the rest pass; submits from INSPECT.
  await loginAs(page, FIELD_ENGG);
  const task = await ownOpenTask(page);
  const details = new TaskPage(page);
  await details.open(task.id, 'inspect');
  await expect(page.getByText(TASK_TEXT.checklistInitialised('Hold')).first()).toBeVisible();
  await details.setResult('fail');
  await details.editor().getByTestId('defect-description').fill('Boom foot weld cracked, 45 mm');
  await details.save();
  await completeChecklist(page, task.id);
  await details.open(task.id, 'inspect');
  const bar = page.getByTestId('inspection-bar');
  await expect(bar.getByTestId('inspection-todo')).toHaveText('Every item has its result');
  await bar.getByTestId('submit-for-approval').click();
  const submit = page.getByTestId('submit-dialog');
  await expect(submit.getByTestId('submit-result')).toHaveText('FAIL');
  await expect(submit.getByTestId('defect-entry')).toContainText('Boom foot weld cracked, 45 mm');
  await submit.getByTestId('submit-confirm').click();
  await expect(page.getByText(TASK_TEXT.statusChanged('Submitted')).first()).toBeVisible();
  await waitForDocuments(page, task.id, 13);
  const inspector = (await apiGet<{ name: string }>(page, '/profile')).name;

  // The approver: the dialog states the result, NOT SAFE TO USE, the defect and who examined.
  await page.context().clearCookies();
  await loginAs(page, APPROVER);
  await details.open(task.id);
  await details.action('approve').click();
  const approve = page.getByTestId('approve-dialog');
  await expect(approve.getByTestId('approve-result')).toHaveText('FAIL');
  await expect(approve.getByTestId('approve-not-safe')).toBeVisible();
  await expect(approve.getByTestId('defect-entry')).toContainText('Boom foot weld cracked, 45 mm');
  await expect(approve.getByTestId('approve-performers')).toContainText(inspector);
  await page.screenshot({ path: 'test-results/trust-approve-1440.png' });
  await approve.getByTestId('confirm-yes').click();
  await expect(details.status()).toHaveText('Approved', { timeout: 15_000 });
  await waitForDocuments(page, task.id, 33);
  const first = await apiGet<TaskDetail>(page, `/Observation/${task.id}`);
  expect(first.verificationUrl).toMatch(/\/verify\/[A-Za-z0-9_-]+$/);

  // Amend and approve again: revision 1 under the same number.
  await details.open(task.id);
  await details.action('amend').click();
  await page.getByTestId('amend-dialog').getByTestId('amend-comments').fill('Defect description completed');
  await page.getByTestId('amend-dialog').getByTestId('confirm-yes').click();
  await expect(details.status()).toHaveText('Amended', { timeout: 15_000 });
  await details.act('submit');
  await expect(details.status()).toHaveText('Submitted', { timeout: 15_000 });
  await waitForDocuments(page, task.id, 13);
  await details.open(task.id);
  await details.action('approve').click();
  await page.getByTestId('approve-dialog').getByTestId('confirm-yes').click();
  await expect(details.status()).toHaveText('Approved', { timeout: 15_000 });
  await waitForDocuments(page, task.id, 33);
  const second = await apiGet<TaskDetail>(page, `/Observation/${task.id}`);
  expect(second.revision).toBe(1);
  expect(second.verificationUrl).not.toBe(first.verificationUrl);

  // Anyone, signed out: the old issue says superseded and links forward; the new one links back.
  const anonymous = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await anonymous?.newPage();
  if (!visitor || !anonymous) throw new Error('no browser');
  await visitor.goto(new URL(first.verificationUrl as string).pathname);
  await expect(visitor.getByText(/Superseded by revision 1/)).toBeVisible();
  await expect(visitor.getByText('NOT SAFE TO USE').first()).toBeHidden();
  await expect(visitor.getByText(inspector).first()).toBeVisible();
  await visitor.getByRole('link', { name: /Revision 1, issued/ }).click();
  await expect(visitor).toHaveURL(new URL(second.verificationUrl as string).pathname);
  await expect(visitor.getByText(/defects found, the equipment is NOT SAFE TO USE/)).toBeVisible();
  await expect(visitor.getByText('After repair')).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Revision 0, issued/ })).toBeVisible();
  await visitor.screenshot({ path: 'test-results/trust-verify-390.png', fullPage: true });
  await anonymous.close();
});

test('an approver without a signature on file is sent to My profile', async ({ page }) => {
  await loginAs(page, 'approver-only@demo.test');
  const removed = await page.request.delete('/api/profile/signature');
  expect(removed.ok()).toBeTruthy();
  const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', { status: 8 });
  const ready = rows.find((r) => r.certificateStatus === 13);
  if (!ready) throw new Error('no submitted task with its preview ready in the demo data');
  const details = new TaskPage(page);
  await details.open(ready.id);
  await details.action('approve').click();
  const dialog = page.getByTestId('approve-dialog');
  await expect(dialog.getByTestId('approve-no-signature')).toContainText(TASK_TEXT.signatureRequired);
  await expect(dialog.getByTestId('confirm-yes')).toBeDisabled();
  // The server refuses it as well.
  const refused = await page.request.post(`/api/approvetaskweb?id=${ready.id}`);
  expect(refused.status()).toBe(409);
  await dialog.getByTestId('approve-add-signature').click();
  await expect(page).toHaveURL(/\/profile$/);
  // Leaves the account as it found it: a signature on file.
  const restored = await page.request.post('/api/profile/signature', {
    multipart: { imageFile: { name: 'signature.png', mimeType: 'image/png', buffer: SIGNATURE } },
  });
  expect(restored.ok(), await restored.text()).toBeTruthy();
});
