import { describe, expect, it } from 'vitest';
import { csvFileName, INITIAL_TASK_FILTER, observationTypeLabel, resultLabel, statusChoices, toggled, toServerFilter } from './filters';

describe('task dashboard filters', () => {
  it('lists the toggle side statuses in the status dropdown', () => {
    expect(statusChoices(true).map((c) => c.id)).toEqual(['1', '2', '4', '8', '32']);
    expect(statusChoices(false).map((c) => c.id)).toEqual(['16', '64', '1024']);
    expect(statusChoices(false).map((c) => c.name)).toEqual(['Approved', 'Cancelled', 'Deleted']);
  });

  it('sends numbers for the dropdowns and trimmed texts for the searches, nothing for blanks', () => {
    expect(toServerFilter(INITIAL_TASK_FILTER)).toEqual({
      active: true,
      status: undefined,
      assetTypeId: undefined,
      jobNumber: undefined,
      asset: undefined,
      client: undefined,
      site: undefined,
      certificateNumber: undefined,
      quotationNumber: undefined,
    });
    const filter = toServerFilter({ ...INITIAL_TASK_FILTER, status: '8', assetTypeId: '12', certificateNumber: '  MCT-LIFT ', site: ' ' });
    expect(filter).toMatchObject({ status: 8, assetTypeId: 12, certificateNumber: 'MCT-LIFT', site: undefined });
  });

  it('drops the status of the other side when the toggle flips', () => {
    const next = toggled({ ...INITIAL_TASK_FILTER, status: '8', client: 'Acme' });
    expect(next).toMatchObject({ active: false, status: '', client: 'Acme' });
  });

  it('names the CSV with the date and labels observation types and results', () => {
    expect(csvFileName(new Date(2026, 10, 4))).toBe('Tasks_2026-11-04');
    expect(observationTypeLabel(1024)).toBe('Task');
    expect(observationTypeLabel(256)).toBe('Special');
    expect(observationTypeLabel(7)).toBe('7');
    expect([1, 2, 3, 0, null].map(resultLabel)).toEqual(['Pass', 'Fail', 'Pending', '', '']);
  });
});
