import { describe, expect, it } from 'vitest';
import { JobFilter, jobStatusFromTasks, NotificationBody, ScheduleBody, TaskSaveQuery } from './schemas';

describe('jobStatusFromTasks (DECISIONS 5)', () => {
  it('follows the live tasks and keeps closed, cancelled and deleted jobs', () => {
    expect(jobStatusFromTasks(2, [])).toBe(1);
    expect(jobStatusFromTasks(1, [1, 1, 1024])).toBe(1);
    expect(jobStatusFromTasks(1, [1, 2])).toBe(2);
    expect(jobStatusFromTasks(1, [1, 4])).toBe(2);
    expect(jobStatusFromTasks(1, [8, 16, 64])).toBe(8);
    expect(jobStatusFromTasks(8, [16, 16, 1024])).toBe(4);
    expect(jobStatusFromTasks(4, [16, 32])).toBe(2);
    for (const locked of [16, 64, 1024]) expect(jobStatusFromTasks(locked, [1, 2])).toBe(locked);
  });
});

describe('job schemas', () => {
  const base = { customerId: 1, siteId: 2, startDate: '2026-11-20', secondaryOfficeId: 3, mainInspectorId: 4 };

  it('normalises a save body: comma lists, form numbers, flags, trimmed texts', () => {
    const body = ScheduleBody.parse({
      ...base,
      inspectorIds: '5, 6,5',
      clientUserIds: [7],
      price: '12.5',
      isDayJob: 1,
      poNumber: '  ',
      currency: '',
    });
    expect(body).toMatchObject({
      inspectorIds: [5, 6],
      clientUserIds: [7],
      price: 12.5,
      isDayJob: true,
      poNumber: null,
      currency: null,
      duration: 1,
      type: 1,
    });
    expect(body.startDate).toBe('2026-11-20T00:00:00.000Z');
  });

  it('refuses the spec limits with the field labels', () => {
    const result = ScheduleBody.safeParse({
      ...base,
      duration: 0,
      price: 0,
      vendorDetails: 'x'.repeat(201),
      startDate: 'soon',
      customerId: undefined,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      customerId: 'Client Name is required',
      duration: 'Duration must be at least 1 day',
      price: 'Price must be at least 1',
      vendorDetails: 'Vendor Name & Address may be at most 200 characters',
      startDate: 'Start Date is not a valid date',
    });
  });

  it('keeps the filter strict and the cancel flag to -1 or 1', () => {
    expect(JobFilter.safeParse({ status: 64, active: 'false', jobNumber: 'DXB' }).success).toBe(true);
    expect(JobFilter.safeParse({ status: 3 }).success).toBe(false);
    expect(JobFilter.safeParse({ other: 1 }).success).toBe(false);
    expect(TaskSaveQuery.parse({ cancelFlag: '-1', scheduleId: '9' })).toEqual({ cancelFlag: -1, scheduleId: 9 });
    expect(TaskSaveQuery.safeParse({ cancelFlag: '0', scheduleId: '9' }).success).toBe(false);
    expect(NotificationBody.parse([3, { id: 4, name: 'x' }, 3])).toEqual([3, 4]);
  });
});
