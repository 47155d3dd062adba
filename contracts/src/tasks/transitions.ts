import type { Permission } from '../permissions';
import { can } from '../permissions';
import { TASK_STATUS, type TaskStatus } from '../jobs/schemas';
import { READY_PREVIEW } from './certificateStatus';
import type { Role } from '../roles';
import { LLG_TEXT } from '../llg/messages';

/**
 * The task workflow as ONE table (tasks document section 4, DECISIONS 4 and 5): for each action
 * the statuses it starts from, the status it sets, the permission (roles) it needs and its
 * preconditions. The server refuses anything else (403 wrong role, 409 wrong state); the web
 * reads the server's `can` flags, which come from `allowedActions` below.
 */

export const TASK_ACTIONS = ['submit', 'complete', 'hold', 'reopen', 'amend', 'cancel', 'approve', 'generate'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** What the rules need to know about a task. */
export interface TaskFacts {
  status: number;
  observationType: number;
  /** DECISIONS 5: tens 1 preview / 3 final, units 1 queued, 2 generating, 3 ready, 9 failed. */
  certificateStatus: number | null;
  isLlg?: boolean;
  /** LLG parent: how many live child tasks it has (Submit needs one). */
  llgChildren?: number;
  /** LLG parent: every child archived or with a final certificate (30 to 39); Amend needs it. */
  llgChildrenFinal?: boolean;
  /**
   * An LLG child record (a task whose parent is a job's LLG task): it moves with its parent
   * (Submit and Approve of the parent take it along), so the task rows below refuse it and only
   * the child rows (`LLG_CHILD_TRANSITIONS`) apply.
   */
  llgChild?: boolean;
  /** LLG child: its parent's status. */
  parentStatus?: number | null;
}

/**
 * What a transition does besides setting the status, run by the server's one executor
 * (tasks.service.ts `changeTaskStatus`) in the transaction, mails after the commit.
 */
export interface TransitionEffects {
  /** DECISIONS 9: only a complete inspection moves on (an LLG parent's children carry theirs). */
  requireCompleteInspection?: boolean;
  /** The actual inspection date is set now if it is not set yet. */
  stampInspectionDate?: boolean;
  /** An LLG parent takes its live children along. */
  cascadeToLlgChildren?: boolean;
  /** The task's documents of this phase are queued (the worker is nudged after the commit). */
  queueDocuments?: 'preview' | 'final';
  /** Tasks document section 4: the task's inspector and the job's main inspector are told by mail. */
  mailInspectors?: boolean;
  /** Amend may hand the task to another qualified inspector (`newInspector`). */
  mayReassign?: boolean;
  /** The revision comments of the request are kept with the task. */
  keepsComments?: boolean;
}

export interface TaskTransition {
  action: TaskAction;
  /** Other names of the same transition in the spec's calls (Complete for Submit, Generate for Approve). */
  aliases?: readonly TaskAction[];
  /** Statuses the action starts from. */
  from: readonly TaskStatus[];
  /** The status it sets (`PUT /api/Observation/{id}/{status}` names the action by it). */
  to: TaskStatus;
  permission: Permission;
  /** An extra condition on the task; false refuses with 409 and `refusal`. */
  when?: (task: TaskFacts) => boolean;
  /** Why `when` refused (ours). */
  refusal?: string;
  effects?: TransitionEffects;
}

/** Observation type 256 (special) disables every action. */
export const SPECIAL_OBSERVATION_TYPE = 256;

const approvable = (t: TaskFacts) => t.certificateStatus === READY_PREVIEW;
const submittable = (t: TaskFacts) => !t.isLlg || (t.llgChildren ?? 0) > 0;
const amendable = (t: TaskFacts) => !t.isLlg || t.llgChildrenFinal !== false;

const { OPEN, ONGOING, HOLD, SUBMITTED, APPROVED, AMENDED, CANCELLED } = TASK_STATUS;

/**
 * The table: one row per transition. Complete is the spec's other name of Submit (to 8) and
 * Generate the other name of Approve (to 16, issuing the certificate): the same row, as an alias
 * (docs/decisions.md). Approve's own work (numbers, signatures, the final documents) is
 * `approveTask`, which this row admits.
 */
export const TASK_TRANSITIONS: readonly TaskTransition[] = [
  {
    action: 'submit',
    aliases: ['complete'],
    from: [OPEN, ONGOING, HOLD, AMENDED],
    to: SUBMITTED,
    permission: 'tasks.submit',
    when: submittable,
    refusal: 'Unable to submit as no child LLG tasks found',
    effects: { requireCompleteInspection: true, stampInspectionDate: true, cascadeToLlgChildren: true, queueDocuments: 'preview' },
  },
  { action: 'hold', from: [OPEN, ONGOING, AMENDED], to: HOLD, permission: 'tasks.hold' },
  { action: 'reopen', from: [SUBMITTED], to: ONGOING, permission: 'tasks.reopen', effects: { mailInspectors: true } },
  {
    action: 'amend',
    from: [APPROVED],
    to: AMENDED,
    permission: 'tasks.amend',
    when: amendable,
    refusal: 'Every child LLG task must have its final certificate before the task can be amended', // (ours)
    effects: { mailInspectors: true, mayReassign: true, keepsComments: true },
  },
  { action: 'cancel', from: [OPEN], to: CANCELLED, permission: 'tasks.cancel' },
  {
    action: 'approve',
    aliases: ['generate'],
    from: [SUBMITTED],
    to: APPROVED,
    permission: 'tasks.approve',
    when: approvable,
    refusal: 'The preview certificate is not ready yet; approve once it is generated', // (ours)
    effects: { queueDocuments: 'final' },
  },
];

export const transitionOf = (action: TaskAction): TaskTransition =>
  TASK_TRANSITIONS.find((t) => t.action === action || t.aliases?.includes(action)) as TaskTransition;

/** The transition a `PUT /api/Observation/{id}/{status}` asks for (8 Submit, 4 Hold, 2 Reopen, 32 Amend, 64 Cancel, 16 Approve), or none. */
export const transitionTo = (status: number): TaskTransition | undefined => TASK_TRANSITIONS.find((t) => t.to === status);

// ---------------------------------------------------------------------------------------------
// LLG child records (tasks document 4: 'LLG child record: remove sets 64, reopen sets 2.
// APPROVER and APPROVER-ONLY can remove or reopen'; docs/decisions.md "LLG children on the server")

export const LLG_CHILD_ACTIONS = ['remove', 'reopen'] as const;
export type LlgChildAction = (typeof LLG_CHILD_ACTIONS)[number];

export interface LlgChildTransition {
  action: LlgChildAction;
  from: readonly TaskStatus[];
  to: TaskStatus;
  permission: Permission;
  when?: (child: TaskFacts) => boolean;
  refusal?: string;
  /** None: the status alone (the parent's Submit and Approve do the rest). */
  effects?: TransitionEffects;
}

/** The parent is not approved (nor deleted): its records may still change. */
const parentNotApproved = (child: TaskFacts) => child.parentStatus !== APPROVED && child.parentStatus !== TASK_STATUS.DELETED;

/**
 * The child rows of the table, reached through the same `PUT /api/Observation/{id}/{status}`
 * (64 remove, 2 reopen) on a child record: remove while the record is not approved, reopen a
 * submitted or removed record while its parent is not approved.
 */
export const LLG_CHILD_TRANSITIONS: readonly LlgChildTransition[] = [
  { action: 'remove', from: [OPEN, ONGOING, HOLD, SUBMITTED, AMENDED], to: CANCELLED, permission: 'llg.removeChild' },
  {
    action: 'reopen',
    from: [SUBMITTED, CANCELLED],
    to: ONGOING,
    permission: 'llg.removeChild',
    when: parentNotApproved,
    refusal: LLG_TEXT.parentApproved,
  },
];

/** The child row a `PUT /api/Observation/{id}/{status}` on a child record asks for (64 remove, 2 reopen), or none. */
export const childTransitionTo = (status: number): LlgChildTransition | undefined => LLG_CHILD_TRANSITIONS.find((t) => t.to === status);

export type ChildTransitionCheck = { ok: true; transition: LlgChildTransition } | { ok: false; code: 403 | 409; reason: string };

/** Whether `role` may do a child action on an LLG child record now (403 role, 409 state). */
export function checkChildTransition(child: TaskFacts, role: Role | null | undefined, action: LlgChildAction): ChildTransitionCheck {
  const transition = LLG_CHILD_TRANSITIONS.find((t) => t.action === action) as LlgChildTransition;
  if (!can(role, transition.permission)) return { ok: false, code: 403, reason: 'wrong role' };
  if (!child.llgChild) return { ok: false, code: 409, reason: LLG_TEXT.notLlgChild };
  if (child.observationType === SPECIAL_OBSERVATION_TYPE) return { ok: false, code: 409, reason: 'special' };
  if (!(transition.from as readonly number[]).includes(child.status)) return { ok: false, code: 409, reason: 'status' };
  if (transition.when && !transition.when(child)) return { ok: false, code: 409, reason: transition.refusal ?? 'precondition' };
  return { ok: true, transition };
}

export type TransitionCheck = { ok: true; transition: TaskTransition } | { ok: false; code: 403 | 409; reason: string };

/** Whether `role` may do `action` on `task` now; the refusal says 403 (role) or 409 (state). */
export function checkTransition(task: TaskFacts, role: Role | null | undefined, action: TaskAction): TransitionCheck {
  const transition = transitionOf(action);
  if (!can(role, transition.permission)) return { ok: false, code: 403, reason: 'wrong role' };
  if (task.observationType === SPECIAL_OBSERVATION_TYPE) return { ok: false, code: 409, reason: 'special' };
  if (task.llgChild) return { ok: false, code: 409, reason: LLG_TEXT.childMovesWithParent };
  if (!(transition.from as readonly number[]).includes(task.status)) return { ok: false, code: 409, reason: 'status' };
  if (transition.when && !transition.when(task)) return { ok: false, code: 409, reason: transition.refusal ?? 'precondition' };
  return { ok: true, transition };
}

/** Every action `role` may do on `task` now (the server's `can` flags). */
export function allowedActions(task: TaskFacts, role: Role | null | undefined): TaskAction[] {
  return TASK_ACTIONS.filter((action) => checkTransition(task, role, action).ok);
}

/** Statuses in which INSPECT is enabled (non-LLG tasks with an asset; LLG also 64). */
export const INSPECT_STATUSES: readonly number[] = [1, 2, 4, 32];
export const LLG_INSPECT_STATUSES: readonly number[] = [1, 2, 4, 32, 64];

/** Whether the checklist may be filled in: INSPECT roles, INSPECT statuses, an asset (or LLG), not special. */
export function mayInspect(task: TaskFacts & { hasLocation: boolean }, role: Role | null | undefined): boolean {
  if (!can(role, 'tasks.inspect')) return false;
  if (task.observationType === SPECIAL_OBSERVATION_TYPE) return false;
  if (task.isLlg) return LLG_INSPECT_STATUSES.includes(task.status);
  // An LLG child examines its register item (no asset): filled in while open, as any task.
  if (task.llgChild) return INSPECT_STATUSES.includes(task.status);
  return task.hasLocation && INSPECT_STATUSES.includes(task.status);
}

/** Statuses in which an asset may be attached (ours: before submission, as INSPECT; docs/decisions.md). */
export const ATTACH_ASSET_STATUSES: readonly number[] = [1, 2, 4, 32];

/** ATTACH ASSET: a non-LLG, non-special task without a location, still open; a role that may attach. */
export function mayAttachAsset(task: TaskFacts & { hasLocation: boolean }, role: Role | null | undefined): boolean {
  if (!can(role, 'tasks.attachAsset')) return false;
  return attachableTask(task);
}

/** The task side of ATTACH ASSET, whoever asks. */
export function attachableTask(task: TaskFacts & { hasLocation: boolean }): boolean {
  if (task.observationType === SPECIAL_OBSERVATION_TYPE || task.isLlg || task.llgChild || task.hasLocation) return false;
  return ATTACH_ASSET_STATUSES.includes(task.status);
}
