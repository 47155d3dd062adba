import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { LLG_TEXT } from '../llg/messages';
import {
  allowedActions,
  checkChildTransition,
  checkTransition,
  childTransitionTo,
  mayInspect,
  TASK_ACTIONS,
  TASK_TRANSITIONS,
  type TaskFacts,
  transitionOf,
  transitionTo,
} from './transitions';

const task = (status: number, extra: Partial<TaskFacts> = {}): TaskFacts => ({
  status,
  observationType: 1024,
  certificateStatus: null,
  ...extra,
});

describe('the task transitions table', () => {
  it('allows each action only from its statuses (section 4)', () => {
    expect(allowedActions(task(1), 'LO-ADMIN')).toEqual(['hold', 'cancel']);
    expect(allowedActions(task(2), 'APPROVER')).toEqual(['submit', 'complete', 'hold']);
    expect(allowedActions(task(8), 'APPROVER')).toEqual(['reopen']);
    expect(allowedActions(task(8, { certificateStatus: 13 }), 'APPROVER')).toEqual(['reopen', 'approve', 'generate']);
    expect(allowedActions(task(16), 'SCHEDULER')).toEqual(['amend']);
    expect(allowedActions(task(32), 'FIELD-ENGG')).toEqual(['submit', 'complete']);
    for (const status of [64, 1024]) for (const role of ROLES) expect(allowedActions(task(status), role)).toEqual([]);
  });

  it('applies the role effects of DECISIONS 4', () => {
    expect(allowedActions(task(8, { certificateStatus: 13 }), 'SCHEDULER')).toEqual([]);
    expect(allowedActions(task(1), 'APPROVER')).not.toContain('cancel');
    for (const role of ['CLIENT-ADMIN', 'CLIENT-USER', 'SITE-USER', 'REQUESTER', 'CORPORATE', 'SALES-PERSON'] as const) {
      for (const status of [1, 2, 4, 8, 16, 32]) expect(allowedActions(task(status, { certificateStatus: 13 }), role)).toEqual([]);
    }
  });

  it('answers 403 for the role before 409 for the state, and disables everything for type 256', () => {
    expect(checkTransition(task(1), 'SCHEDULER', 'approve')).toMatchObject({ ok: false, code: 403 });
    expect(checkTransition(task(1), 'APPROVER', 'approve')).toMatchObject({ ok: false, code: 409 });
    for (const role of ROLES) expect(allowedActions(task(8, { observationType: 256, certificateStatus: 13 }), role)).toEqual([]);
  });

  it('keeps the LLG preconditions: Submit needs a child, Amend needs final children', () => {
    expect(checkTransition(task(2, { isLlg: true, llgChildren: 0 }), 'FIELD-ENGG', 'submit')).toMatchObject({
      ok: false,
      reason: 'Unable to submit as no child LLG tasks found',
    });
    expect(checkTransition(task(2, { isLlg: true, llgChildren: 2 }), 'FIELD-ENGG', 'submit').ok).toBe(true);
    expect(checkTransition(task(16, { isLlg: true, llgChildrenFinal: false }), 'SCHEDULER', 'amend').ok).toBe(false);
  });

  it('enables INSPECT for APPROVER and FIELD-ENGG in 1, 2, 4, 32 with an asset (LLG also 64)', () => {
    const facts = (status: number, extra = {}) => ({ ...task(status), hasLocation: true, ...extra });
    expect([1, 2, 4, 8, 16, 32, 64].filter((s) => mayInspect(facts(s), 'FIELD-ENGG'))).toEqual([1, 2, 4, 32]);
    expect([1, 2, 4, 8, 16, 32, 64].filter((s) => mayInspect(facts(s, { isLlg: true, hasLocation: false }), 'APPROVER'))).toEqual([
      1, 2, 4, 32, 64,
    ]);
    expect(mayInspect(facts(1, { hasLocation: false }), 'FIELD-ENGG')).toBe(false);
    expect(mayInspect(facts(1), 'SCHEDULER')).toBe(false);
  });

  it('names each action once, aliases included, and each target status once', () => {
    const names = TASK_TRANSITIONS.flatMap((t) => [t.action, ...(t.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...TASK_ACTIONS].sort());
    expect(new Set(TASK_TRANSITIONS.map((t) => t.to)).size).toBe(TASK_TRANSITIONS.length);
    expect(transitionOf('complete')).toBe(transitionOf('submit'));
    expect(transitionOf('generate')).toBe(transitionOf('approve'));
    expect(transitionTo(32)?.action).toBe('amend');
    expect(transitionTo(1)).toBeUndefined();
  });

  it('lets APPROVER and APPROVER-ONLY remove (64) and reopen (2) an LLG child record; every task action refuses it', () => {
    const child = (status: number, parentStatus: number) => task(status, { llgChild: true, parentStatus });
    expect(childTransitionTo(64)?.action).toBe('remove');
    expect(childTransitionTo(2)?.action).toBe('reopen');
    expect(childTransitionTo(8)).toBeUndefined();
    expect(checkChildTransition(child(8, 8), 'APPROVER', 'reopen').ok).toBe(true);
    expect(checkChildTransition(child(8, 16), 'APPROVER', 'reopen')).toMatchObject({
      ok: false,
      code: 409,
      reason: LLG_TEXT.parentApproved,
    });
    expect(checkChildTransition(child(16, 16), 'APPROVER', 'remove')).toMatchObject({ ok: false, code: 409, reason: 'status' });
    expect(checkChildTransition(child(2, 2), 'LO-ADMIN', 'remove')).toMatchObject({ ok: false, code: 403 });
    expect(checkChildTransition(task(8), 'APPROVER', 'remove')).toMatchObject({ ok: false, code: 409, reason: LLG_TEXT.notLlgChild });
    expect(checkTransition(child(2, 2), 'FIELD-ENGG', 'submit')).toMatchObject({
      ok: false,
      code: 409,
      reason: LLG_TEXT.childMovesWithParent,
    });
    expect(checkTransition(child(2, 2), 'SCHEDULER', 'approve')).toMatchObject({ ok: false, code: 403 });
    expect([1, 2, 4, 8, 16, 32, 64].filter((s) => mayInspect({ ...child(s, 2), hasLocation: false }, 'FIELD-ENGG'))).toEqual([1, 2, 4, 32]);
  });
});
