import { describe, expect, it } from 'vitest';
import { isLlgTaskType, taskTypeCopyName } from './schemas';

describe('task type rules', () => {
  it("names a copy '<name> Copy <D-MMM-YY_HH:mm:ss>' in local time", () => {
    expect(taskTypeCopyName('Crane', new Date(2026, 10, 3, 9, 5, 7))).toBe('Crane Copy 3-Nov-26_09:05:07');
    expect(taskTypeCopyName('X', new Date(2027, 0, 23, 23, 59, 0))).toBe('X Copy 23-Jan-27_23:59:00');
  });

  it('tells the LLG task type and its llg- children from the others', () => {
    expect(['LLG', ' llg ', 'llg-shackle', 'Chain LLG-sling'].map(isLlgTaskType)).toEqual([true, true, true, true]);
    expect(['Lifting', 'LLG check', 'llgshackle'].map(isLlgTaskType)).toEqual([false, false, false]);
  });
});
