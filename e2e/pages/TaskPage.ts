import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ChecklistAnswer, TaskDetail, TaskRow } from '@portal/contracts';
import { CLAIMS_DIR } from '../env';
import { expectAlert } from '../fixtures';
import { apiGet } from './AdminApi';

/** Task details (tasks document 2.2): summary, action bar, tabs, and INSPECT's sections, items and form. */
export class TaskPage {
  constructor(readonly page: Page) {}

  async open(id: number, tab?: string): Promise<void> {
    await this.page.goto(`/operations/tasks/${id}${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByTestId('task-summary')).toBeVisible();
  }

  status(): Locator {
    return this.page.getByTestId('task-status');
  }

  tab(key: string): Locator {
    return this.page.getByTestId(`tab-${key}`);
  }

  action(key: string): Locator {
    return this.page.getByTestId(`task-${key}`);
  }

  /** Runs a workflow action through its confirm. */
  async act(key: string): Promise<void> {
    await this.action(key).click();
    await this.page.getByTestId('confirm-yes').click();
  }

  section(name: string): Locator {
    return this.page.getByTestId('sections').getByTestId('sections-entry').filter({ hasText: name });
  }

  item(name: string): Locator {
    return this.page.getByTestId('items').getByTestId('items-entry').filter({ hasText: name });
  }

  editor(): Locator {
    return this.page.getByTestId('node-editor');
  }

  field(key: string): Locator {
    return this.editor().getByTestId(`field-${key}`);
  }

  async fillNumber(key: string, value: string): Promise<void> {
    await this.field(key).locator('input').fill(value);
  }

  async setResult(result: 'pass' | 'fail' | 'na'): Promise<void> {
    await this.editor().getByTestId(`item-result-${result}`).click();
    await expect(this.editor().getByTestId(`item-result-${result}`)).toHaveAttribute('aria-pressed', 'true');
  }

  /** Saves the FORM and waits for the spec's text (and for the editor to count as saved). */
  async save(): Promise<void> {
    await this.editor().getByTestId('checklist-save').click();
    await expectAlert(this.page, 'Checklist data saved sucessfully');
    // Nothing unsaved is left (leaving the page now asks nothing).
    await expect(this.page.getByTestId('unsaved-note')).toHaveCount(0);
  }
}

/** The first task (of the caller's dashboard, by the filter) whose detail and checklist satisfy `wanted`. */
/**
 * Tasks a test has taken in this run (one folder per task id, made atomically): the two workers
 * look for tasks of the same kind (an engineer's open task, an approved one), and a task one test
 * opens or submits must not change under another. global-setup.ts empties the folder.
 */
function claimTask(id: number): boolean {
  try {
    mkdirSync(path.join(CLAIMS_DIR, String(id)));
    return true;
  } catch {
    return false;
  }
}
const isClaimed = (id: number) => existsSync(path.join(CLAIMS_DIR, String(id)));

export async function findTask(
  page: Page,
  filter: Record<string, unknown>,
  wanted: (task: TaskDetail, checklist: ChecklistAnswer) => boolean,
  exclude: readonly number[] = [],
): Promise<TaskDetail> {
  const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', filter);
  for (const row of rows) {
    if (exclude.includes(row.id) || !row.can.open || isClaimed(row.id)) continue;
    const task = await apiGet<TaskDetail>(page, `/Observation/${row.id}`);
    const checklist = await apiGet<ChecklistAnswer>(page, `/Observation/${row.id}/checklist`);
    // Taken for this test alone: a test in the other worker never picks the same task.
    if (wanted(task, checklist) && claimTask(row.id)) return task;
  }
  throw new Error(`no task of ${JSON.stringify(filter)} fits`);
}

interface FormJson {
  formId: number;
  name: string;
  revision: number;
  formType: string;
  samplesMin: number;
  formJson: { fields: { kind: string; key?: string; required?: boolean; min?: number; options?: { value: string }[] }[] };
}

/** Values a form accepts: each required field answered (pass for pass/fail fields, the minimum for numbers). */
function passingValues(form: FormJson): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of form.formJson.fields) {
    if (!field.key || !field.required) continue;
    const value = {
      passfail: 'pass',
      number: field.min ?? 1,
      text: 'OK',
      textarea: 'OK',
      select: field.options?.[0]?.value,
      multiselect: [field.options?.[0]?.value],
      date: new Date().toISOString().slice(0, 10),
      time: '09:30',
      yesno: true,
    }[field.kind];
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/**
 * Completes the rest of a task's checklist through the API as the page's user (every node the
 * server still lists as incomplete passes, with its form's required fields), so that a flow
 * about something else can reach Submit. What the user fills in on screen is left as it is.
 */
export async function completeChecklist(page: Page, taskId: number): Promise<void> {
  const answer = await apiGet<ChecklistAnswer>(page, `/Observation/${taskId}/checklist`);
  const open = new Set(answer.inspection.problems.map((p) => p.nodeId));
  const nodes = [];
  for (const node of answer.nodes) {
    if (!open.has(node.id)) continue;
    const input: Record<string, unknown> = { id: node.id };
    if (node.nodeType === 'ITEM') input.itemResult = 'pass';
    if (node.form && (node.userData?.records.length ?? 0) < Math.max(1, node.form.samplesMin ?? 1)) {
      const form = await apiGet<FormJson>(page, `/Setting/FormJSON?formId=${node.form.formId}`);
      const count = form.formType === 'MULTIPLE' ? Math.max(1, form.samplesMin) : 1;
      input.userData = {
        records: Array.from({ length: count }, (_, i) => ({
          formId: form.formId,
          formName: form.name,
          formRevision: form.revision,
          formRecordId: `e2e-${node.id}-${i}`,
          attributes: passingValues(form),
          attributesFiles: [],
        })),
        files: node.userData?.files ?? [],
      };
    }
    nodes.push(input);
  }
  const saved = await page.request.post('/api/apptaskuploadWeb', { data: { observationId: taskId, checklistData: nodes } });
  if (!saved.ok()) throw new Error(`completing task ${taskId}: ${saved.status()} ${await saved.text()}`);
}
