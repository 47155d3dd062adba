import { expect, type Locator, type Page } from '@playwright/test';
import type { ChecklistAnswer, TaskDetail, TaskRow } from '@portal/contracts';
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
    await expect(this.page.getByText('Checklist data saved sucessfully').first()).toBeVisible();
  }
}

/** The first task (of the caller's dashboard, by the filter) whose detail and checklist satisfy `wanted`. */
export async function findTask(
  page: Page,
  filter: Record<string, unknown>,
  wanted: (task: TaskDetail, checklist: ChecklistAnswer) => boolean,
  exclude: readonly number[] = [],
): Promise<TaskDetail> {
  const rows = await apiGet<TaskRow[]>(page, '/Observation?offset=0&limit=200', filter);
  for (const row of rows) {
    if (exclude.includes(row.id) || !row.can.open) continue;
    const task = await apiGet<TaskDetail>(page, `/Observation/${row.id}`);
    const checklist = await apiGet<ChecklistAnswer>(page, `/Observation/${row.id}/checklist`);
    if (wanted(task, checklist)) return task;
  }
  throw new Error(`no task of ${JSON.stringify(filter)} fits`);
}
