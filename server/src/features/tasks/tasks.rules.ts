import type { Checklist, TaskChecklist } from '@portal/contracts';

/** Pure rules of tasks shared by the service and the demo data (no server imports, so the bench can use them). */

/** The task type's checklist as the task's own (contracts tasks/checklist.ts), nothing filled in. */
export function checklistFromTaskType(taskTypeId: number, source: Checklist): TaskChecklist {
  return {
    taskTypeId,
    initialisedAt: new Date().toISOString(),
    sections: source.sections.map((section) => ({
      id: section.id,
      name: section.name,
      ...(section.description !== undefined ? { description: section.description } : {}),
      formId: section.formId ?? null,
      ...(section.reportCategory ? { reportCategory: section.reportCategory } : {}),
      userData: null,
      items: section.items.map((item) => ({
        id: item.id,
        name: item.name,
        ...(item.description !== undefined ? { description: item.description } : {}),
        formId: item.formId ?? null,
        ...(item.reportCategory ? { reportCategory: item.reportCategory } : {}),
        result: null,
        userData: null,
      })),
    })),
  };
}

/**
 * The next due date a certificate states (DECISIONS 8 and 9): the actual inspection date plus
 * the task type's validity for a Pass; none for a Fail or anything else ('After repair').
 * Never the task's planned date. `NEXT_DUE_SQL` in the assets area is the same rule in SQL.
 */
export function certificateNextDue(inspected: Date | null, result: number | null, validityMonths: number): Date | null {
  return inspected && result === 1 ? addMonths(inspected, validityMonths) : null;
}

/** Adds months to a date the calendar way (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
