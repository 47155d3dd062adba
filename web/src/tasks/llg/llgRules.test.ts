import { describe, expect, it } from 'vitest';
import type { ChildLlgTask } from '@portal/contracts';
import { HttpError } from '../../api/http';
import {
  canCreate,
  childTaskTypes,
  childToShow,
  createErrorOf,
  type DeleteStep,
  deleteFlow,
  EMPTY_DRAFT,
  filterChildren,
  newChildOf,
  resultLabel,
} from './llgRules';

const child = (id: number, extra: Partial<ChildLlgTask> = {}): ChildLlgTask => ({
  id,
  parentId: 1,
  status: 1,
  taskTypeId: 7,
  taskTypeDesc: 'llg-shackle',
  llgItemId: 100 + id,
  llgSerialNumber: `SN-${id}`,
  specification: null,
  acronymCode: null,
  safeWorkingLoad: null,
  result: null,
  actualInspectionDate: null,
  certificateStatus: null,
  certificateNumber: null,
  certificateFile: null,
  archived: 0,
  complete: false,
  can: { open: true, inspect: true, delete: true, remove: false, reopen: false },
  ...extra,
});

describe('Search Child LLG Task', () => {
  const list = [
    child(1, { llgSerialNumber: 'SH-0042', specification: '3.25 t bow' }),
    child(2, { taskTypeDesc: 'llg-chain-sling', specification: '2-leg 8 mm' }),
    child(3, { taskTypeDesc: 'llg-hook' }),
  ];
  it('matches the serial number, the type or the specification, in any case', () => {
    expect(filterChildren(list, 'sh-00').map((c) => c.id)).toEqual([1]);
    expect(filterChildren(list, 'CHAIN').map((c) => c.id)).toEqual([2]);
    expect(filterChildren(list, '8 mm').map((c) => c.id)).toEqual([2]);
    expect(filterChildren(list, 'nothing like it')).toEqual([]);
  });
  it('lists every child for a blank search', () => {
    expect(filterChildren(list, '   ')).toHaveLength(3);
  });
});

describe('Add New Child Task', () => {
  const types = [
    { id: 3, name: 'Lifting Equipment' },
    { id: 5, name: 'llg-Shackle' },
    { id: 4, name: 'LLG' },
    { id: 6, name: 'LLG-chain-sling' },
  ];
  it("offers only the types whose label contains 'llg-', by name", () => {
    expect(childTaskTypes(types).map((t) => t.id)).toEqual([6, 5]);
  });
  it('keeps CREATE disabled until a type is chosen and a serial number typed', () => {
    expect(canCreate(EMPTY_DRAFT)).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, taskTypeId: 5 })).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, taskTypeId: 5, llgSerialNumber: '  ' })).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, llgSerialNumber: 'A1' })).toBe(false);
    expect(canCreate({ ...EMPTY_DRAFT, taskTypeId: 5, llgSerialNumber: 'A1' })).toBe(true);
  });
  it('sends the type with its name and the item trimmed, blank optional texts as null', () => {
    const draft = { taskTypeId: 5, llgSerialNumber: ' A1 ', specification: ' 2 t ', acronymCode: '', safeWorkingLoad: '2 t' };
    expect(newChildOf(draft, types)).toEqual({
      taskTypeId: 5,
      taskTypeName: 'llg-Shackle',
      llgSerialNumber: 'A1',
      specification: '2 t',
      acronymCode: null,
      safeWorkingLoad: '2 t',
    });
    expect(newChildOf({ ...draft, taskTypeId: 99 }, types)).toBeNull();
  });
  it("shows the server's refusal in its field: field messages, a 409 on the serial number, else above", () => {
    expect(createErrorOf(new HttpError(400, 'bad', { llgSerialNumber: 'Serial Number is required' }))).toEqual({
      fields: { llgSerialNumber: 'Serial Number is required' },
      general: null,
    });
    expect(createErrorOf(new HttpError(409, 'Serial Number SN-1 is already a child record of this LLG task'))).toEqual({
      fields: { llgSerialNumber: 'Serial Number SN-1 is already a child record of this LLG task' },
      general: null,
    });
    expect(createErrorOf(new HttpError(403, 'Forbidden'))).toEqual({ fields: {}, general: 'Forbidden' });
  });
});

describe('the delete of a child: two confirms in sequence', () => {
  const run = (events: Parameters<typeof deleteFlow>[1][]) =>
    events.reduce<DeleteStep>((state, event) => deleteFlow(state, event), { step: 'idle' });
  const c = child(9);
  it('asks twice before it deletes', () => {
    expect(run([{ type: 'start', child: c }]).step).toBe('ask');
    expect(run([{ type: 'start', child: c }, { type: 'ok' }]).step).toBe('confirm');
    expect(run([{ type: 'start', child: c }, { type: 'ok' }, { type: 'ok' }])).toEqual({ step: 'deleting', child: c });
    expect(run([{ type: 'start', child: c }, { type: 'ok' }, { type: 'ok' }, { type: 'done' }]).step).toBe('idle');
  });
  it('ends at Cancel of either confirm, and not while the delete runs', () => {
    expect(run([{ type: 'start', child: c }, { type: 'cancel' }]).step).toBe('idle');
    expect(run([{ type: 'start', child: c }, { type: 'ok' }, { type: 'cancel' }]).step).toBe('idle');
    expect(run([{ type: 'start', child: c }, { type: 'ok' }, { type: 'ok' }, { type: 'cancel' }]).step).toBe('deleting');
  });
  it('ignores a second start while one is asked', () => {
    expect(
      run([
        { type: 'start', child: c },
        { type: 'start', child: child(10) },
      ]),
    ).toEqual({ step: 'ask', child: c });
  });
});

describe('the child TASKS shows', () => {
  const list = [child(1, { complete: true }), child(2), child(3, { archived: 1 })];
  it('is the one asked for, else the first not complete, else the first', () => {
    expect(childToShow(list, 1)?.id).toBe(1);
    expect(childToShow(list, null)?.id).toBe(2);
    expect(childToShow(list, 3)?.id).toBe(2);
    expect(childToShow([child(1, { complete: true })], null)?.id).toBe(1);
    expect(childToShow([], null)).toBeNull();
  });
});

it('labels results Pass, Fail and Pending', () => {
  expect([1, 2, 3, null, 0].map(resultLabel)).toEqual(['Pass', 'Fail', 'Pending', '', '']);
});
