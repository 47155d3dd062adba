import { describe, expect, it } from 'vitest';
import { TASK_ACTIONS, type TaskButtons } from '@portal/contracts';
import { actionButtons, successText } from './actions';

const all = (value: boolean) => Object.fromEntries(TASK_ACTIONS.map((a) => [a, value])) as TaskButtons;

describe('task details action bar', () => {
  it('shows SCHEDULER no Reopen or Approve, and APPROVER no Cancel (DECISIONS 4)', () => {
    const scheduler = actionButtons('SCHEDULER', all(true)).map((b) => b.action);
    expect(scheduler).toEqual(['hold', 'amend', 'cancel']);
    const approver = actionButtons('APPROVER', all(true)).map((b) => b.action);
    expect(approver).not.toContain('cancel');
    expect(approver).toEqual(expect.arrayContaining(['submit', 'reopen', 'approve', 'amend', 'hold']));
  });

  it('enables a button from the server flags only, and gives client roles none', () => {
    const buttons = actionButtons('FIELD-ENGG', all(false));
    expect(buttons.map((b) => b.action)).toEqual(['submit', 'complete']);
    expect(buttons.every((b) => !b.enabled)).toBe(true);
    const approve = actionButtons('APPROVER', { ...all(false), approve: true }).find((b) => b.action === 'approve');
    expect(approve).toMatchObject({ enabled: true, to: 16 });
    expect(actionButtons('CLIENT-USER', all(true))).toEqual([]);
  });

  it('adds the mail note when a notification went', () => {
    expect(successText('Task Reopened successfully', true, 'Please check email for notification')).toBe(
      'Task Reopened successfully Please check email for notification',
    );
    expect(successText('Task Hold successfully', false, 'x')).toBe('Task Hold successfully');
  });
});
