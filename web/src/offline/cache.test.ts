import { describe, expect, it } from 'vitest';
import type { ChecklistAnswer, ChecklistNode } from '@portal/contracts';
import { HttpError } from '../api/http';
import { keptTask, unreachable, withQueued } from './cache';

const item = (id: string, patch: Partial<ChecklistNode> = {}): ChecklistNode => ({
  id,
  nodeType: 'ITEM',
  parentSectionId: 's1',
  displayName: id,
  name: id,
  description: null,
  sectionFormId: null,
  iconGroupId: null,
  itemKey: id,
  itemResult: null,
  reportCategory: null,
  defect: null,
  savedBy: null,
  savedAt: null,
  sectionLevel: 2,
  sequenceNumber: 1,
  taskTypeId: 1,
  form: null,
  userData: null,
  ...patch,
});

const answer = (): ChecklistAnswer => ({
  observationId: 7,
  status: 4,
  result: null,
  editable: true,
  nodes: [item('a'), item('b'), item('c', { itemResult: 'pass' })],
  inspection: {
    result: 3,
    complete: false,
    incomplete: 2,
    problems: [
      { nodeId: 'a', sectionId: 's1', name: 'a', kind: 'result', message: 'needs a result' },
      { nodeId: 'b', sectionId: 's1', name: 'b', kind: 'result', message: 'needs a result' },
    ],
    defects: [],
    results: { c: 'pass' },
  },
});

describe('the checklist with the queued saves laid over it', () => {
  it('shows each queued result and data, the later save of a node winning, and drops the answered problems', () => {
    const records = { records: [], files: [{ blobKey: 'k', fileName: 'f.png', fileType: 'image/png' }] };
    const laid = withQueued(answer(), [
      { input: { id: 'a', itemResult: 'fail' } },
      { input: { id: 'a', itemResult: 'pass', userData: records } },
      { input: { id: 'c', itemResult: null } },
    ]);
    expect(laid.nodes.map((n) => n.itemResult)).toEqual(['pass', null, null]);
    expect(laid.nodes[0].userData).toEqual(records);
    expect(laid.inspection.results).toEqual({ a: 'pass' });
    expect(laid.inspection.problems.map((p) => p.nodeId)).toEqual(['b']);
    expect(laid.inspection.incomplete).toBe(1);
  });

  it('leaves the answer as it is without queued saves', () => {
    const plain = answer();
    expect(withQueued(plain, [])).toBe(plain);
  });
});

describe('reads kept on the device', () => {
  it('counts only an unreachable server as offline, and keeps other errors (no IndexedDB here: nothing kept)', async () => {
    expect(unreachable(new HttpError(0, 'x'))).toBe(true);
    expect(unreachable(new HttpError(404, 'x'))).toBe(false);
    await expect(keptTask(1, () => Promise.reject(new HttpError(0, 'offline')))).rejects.toThrow('offline');
    await expect(keptTask(1, () => Promise.reject(new HttpError(403, 'no')))).rejects.toThrow('no');
  });
});
