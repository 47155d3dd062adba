import { describe, expect, it } from 'vitest';
import { dueStatus, USER_STATUS, USER_STATUS_ACTIONS, userActionAllowed } from './statuses';

describe('user row actions by status (shell document 4)', () => {
  const { ACTIVE, REMOVED, ARCHIVED, SUSPENDED } = USER_STATUS;
  const table: [number, string[]][] = [
    [ACTIVE, ['edit', 'remove', 'archive', 'suspend']],
    [ARCHIVED, ['remove', 'suspend', 'activate']],
    [SUSPENDED, ['remove', 'archive', 'activate']],
    [REMOVED, []],
  ];
  it.each(table)('status %i offers %j', (status, actions) => {
    const offered = (['edit', ...USER_STATUS_ACTIONS] as const).filter((a) => userActionAllowed(status, a));
    expect(offered).toEqual(actions);
  });
});

describe('due status', () => {
  it.each([
    [-3, 'Expired'],
    [0, 'Expired'],
    [1, 'Due Shortly'],
    [15, 'Due Shortly'],
    [16, 'Valid'],
  ])('%i days left is %s', (days, label) => expect(dueStatus(days)).toBe(label));
});
