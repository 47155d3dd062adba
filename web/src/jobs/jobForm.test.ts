import { describe, expect, it } from 'vitest';
import {
  canAddTasks,
  canCancelJob,
  canCloseJob,
  canRemoveLastNew,
  pickJobFiles,
  cutComment,
  emptyJob,
  endOf,
  type JobFormState,
  newTaskRow,
  stepReady,
  tasksToSave,
  toSchedule,
} from './jobForm';

const ready = { hasOffices: true, assetsLoading: false };
const filled = (patch: Partial<JobFormState> = {}): JobFormState => ({
  ...emptyJob(new Date(2026, 2, 5, 9, 30)),
  customerId: 10,
  siteId: 11,
  officeId: 3,
  mainInspectorId: 7,
  ...patch,
});

describe('job wizard rules', () => {
  it('needs client, site and start date on step 0, an office on step 1, a main inspector on step 2', () => {
    expect(stepReady(0, emptyJob(), ready)).toBe(false);
    expect(stepReady(0, filled(), ready)).toBe(true);
    expect(stepReady(0, filled(), { ...ready, hasOffices: false })).toBe(false);
    expect(stepReady(0, filled({ duration: 0 }), ready)).toBe(false);
    expect(stepReady(1, filled({ officeId: null }), ready)).toBe(false);
    expect(stepReady(1, filled({ price: '0' }), ready)).toBe(false);
    expect(stepReady(1, filled({ price: '25' }), ready)).toBe(true);
    expect(stepReady(2, filled({ mainInspectorId: null }), ready)).toBe(false);
    expect(stepReady(2, filled({ vendorDetails: 'x'.repeat(201) }), ready)).toBe(false);
    expect(stepReady(2, filled(), ready)).toBe(true);
  });

  it('needs division and task type on every task row, none loading; an LLG task alone is enough', () => {
    const blank = filled();
    expect(stepReady(3, blank, ready)).toBe(false);
    expect(stepReady(3, { ...blank, llg: 1 }, ready)).toBe(true);
    expect(stepReady(3, { ...blank, tasks: [] }, ready)).toBe(false);
    expect(stepReady(3, { ...blank, id: 5, tasks: [] }, ready)).toBe(true);
    const row = { ...newTaskRow(7), divisionId: 1, taskTypeId: 2 };
    expect(stepReady(3, { ...blank, tasks: [row] }, ready)).toBe(true);
    expect(stepReady(3, { ...blank, tasks: [row] }, { ...ready, assetsLoading: true })).toBe(false);
    expect(stepReady(3, { ...blank, tasks: [row, { ...newTaskRow(7), divisionId: 1 }] }, ready)).toBe(false);
  });

  it('ends start + 24 h per day of duration', () => {
    const end = endOf({ startDate: '2026-03-05', startTime: '09:30', duration: 2 });
    expect(end?.getDate()).toBe(7);
    expect(end?.getHours()).toBe(9);
  });

  it('locks task adding for closed and cancelled jobs, and to day jobs for FIELD-ENGG and FIELD-JUNIOR', () => {
    expect(canAddTasks('SCHEDULER', { status: 1, isDayJob: false })).toBe(true);
    expect(canAddTasks('SCHEDULER', { status: 64, isDayJob: false })).toBe(false);
    expect(canAddTasks('FIELD-ENGG', { status: 1, isDayJob: false })).toBe(false);
    expect(canAddTasks('FIELD-ENGG', { status: 1, isDayJob: true })).toBe(true);
  });

  it('offers Cancel Job for saved open jobs and Close Job for open day jobs to SCHEDULER and FIELD-ENGG', () => {
    expect(canCancelJob('SCHEDULER', { id: undefined, status: 1 })).toBe(false);
    expect(canCancelJob('SCHEDULER', { id: 4, status: 16 })).toBe(false);
    expect(canCancelJob('SCHEDULER', { id: 4, status: 2 })).toBe(true);
    expect(canCancelJob('LO-ADMIN', { id: 4, status: 2 })).toBe(true);
    // DECISIONS 4: Cancel is SCHEDULER's and LO-ADMIN's only (issue 20).
    for (const role of ['FIELD-JUNIOR', 'FIELD-ENGG', 'APPROVER', 'MASTER_ADMIN'] as const) {
      expect(canCancelJob(role, { id: 4, status: 2 })).toBe(false);
    }
    const dayJob = { id: 4, status: 1, isDayJob: true, isDayJobClosed: false };
    expect(canCloseJob('SCHEDULER', dayJob)).toBe(true);
    expect(canCloseJob('FIELD-ENGG', dayJob)).toBe(true);
    expect(canCloseJob('LO-ADMIN', dayJob)).toBe(false);
    expect(canCloseJob('SCHEDULER', { ...dayJob, isDayJobClosed: true })).toBe(false);
    expect(canCloseJob('SCHEDULER', { ...dayJob, isDayJob: false })).toBe(false);
  });

  it('removes the last new row only with two rows and a new one', () => {
    expect(canRemoveLastNew([newTaskRow()])).toBe(false);
    expect(canRemoveLastNew([newTaskRow(), newTaskRow()])).toBe(true);
    expect(
      canRemoveLastNew([
        { ...newTaskRow(), isNew: false },
        { ...newTaskRow(), isNew: false },
      ]),
    ).toBe(false);
  });

  it('sends the job with the spec names and only new or changed tasks, the LLG task on the site', () => {
    const body = toSchedule(filled({ inspectorIds: [8, 9], clientUserIds: [20] }));
    expect(body).toMatchObject({
      customerId: 10,
      siteId: 11,
      secondaryOfficeId: 3,
      officeId: 3,
      inspectorIds: '8,9',
      clientUserIds: '20',
      type: 1,
    });
    const saved = { ...newTaskRow(7), id: 50, isNew: false, divisionId: 1, taskTypeId: 2 };
    const changed = { ...saved, id: 51, key: 'b', isDirty: true, status: 1024 };
    const fresh = { ...newTaskRow(null), divisionId: 1, taskTypeId: 3 };
    const tasks = tasksToSave(filled({ tasks: [saved, changed, fresh, newTaskRow()], llg: 1 }), 99, () => 'T', {
      taskTypeId: 5,
      assetTypeId: 6,
    });
    expect(tasks.map((t) => t.id ?? null)).toEqual([51, null, null]);
    expect(tasks[1]).toMatchObject({ inspectorId: 7, observationType: 1024, scheduleId: 99 });
    expect(tasks[2]).toMatchObject({ taskTypeId: 5, assetTypeId: 6, locationId: 11, inspectorId: null, status: 1 });
  });

  it('cuts comments at 12 characters and checks job files by type and total size', () => {
    expect(cutComment('short')).toBe('short');
    expect(cutComment('Annual inspection of cranes')).toBe('Annual inspe...');
    const file = (name: string, size: number) => ({ name, size }) as File;
    expect(pickJobFiles([file('a.pdf', 10), file('b.xlsx', 10)]).message).toBeNull();
    const mixed = pickJobFiles([file('a.exe', 10), file('b.pdf', 10), file('c.pdf', 47_185_921)]);
    expect(mixed.accepted.map((f) => f.name)).toEqual(['b.pdf']);
    expect(mixed.refused.map((f) => f.name)).toEqual(['a.exe', 'c.pdf']);
    expect(mixed.message).toMatch(/^Not added: a\.exe \(accepted types: png, jpeg, jpg, pdf.*\); c\.pdf \(over the 45 MB total\)$/);
  });
});
