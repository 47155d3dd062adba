import { can } from '../permissions';
import type { Role } from '../roles';
import { TASK_STATUS } from '../jobs/schemas';
import { certificateStatusCode, type DocumentPhase } from './certificateStatus';
import type { TaskButtons, TaskCan, TaskTabs } from './schemas';
import { allowedActions, mayAttachAsset, mayInspect, SPECIAL_OBSERVATION_TYPE, TASK_ACTIONS, type TaskFacts } from './transitions';

/**
 * The tasks policy: a task's `can` flags, detail tabs and detail buttons for a role, from the
 * task's facts. The workflow actions come from the transitions table (`allowedActions`), which
 * the server's executor also checks; the server answers these flags and the web reads them.
 */
export type TaskPolicyFacts = TaskFacts & {
  /** An asset (or, for an LLG task, its site). */
  hasLocation: boolean;
  /** A field report file is stored. */
  hasFieldReport?: boolean;
};

/**
 * Who may ask a task's documents again (POST /api/addasynctask): the roles that may approve
 * (DECISIONS 9).
 */
export const REGENERATE_PERMISSION = 'tasks.approve' as const;
const FINAL_FAILED = certificateStatusCode('final', 'failed');

/**
 * Whether the task's documents may be asked again now, whoever asks (the phase), or why not:
 * a final certificate never changes, so a preview (status 8) and a final generation that failed
 * (certificate status 39) only.
 */
export function regeneratePhase(task: { status: number; certificateStatus: number | null }): DocumentPhase | null {
  if (task.status === TASK_STATUS.SUBMITTED) return 'preview';
  if (task.status === TASK_STATUS.APPROVED && task.certificateStatus === FINAL_FAILED) return 'final';
  return null;
}

/** The `can` flags of a task for a role (contracts TaskCan). */
export function taskCan(role: Role | null | undefined, task: TaskPolicyFacts): TaskCan {
  const allowed = new Set(allowedActions(task, role));
  const special = task.observationType === SPECIAL_OBSERVATION_TYPE;
  return {
    open: can(role, 'tasks.open') && task.status !== TASK_STATUS.DELETED,
    inspect: mayInspect(task, role),
    submit: allowed.has('submit'),
    complete: allowed.has('complete'),
    hold: allowed.has('hold'),
    reopen: allowed.has('reopen'),
    amend: allowed.has('amend'),
    approve: allowed.has('approve'),
    generate: allowed.has('generate'),
    cancel: allowed.has('cancel'),
    editJobDetails: can(role, 'tasks.jobDetails') && task.status === TASK_STATUS.SUBMITTED && !special,
    regenerate: can(role, REGENERATE_PERMISSION) && regeneratePhase(task) !== null && !special,
  };
}

/** The tabs of task details (section 2.2). */
export function taskTabs(role: Role | null | undefined, task: TaskPolicyFacts): TaskTabs {
  return {
    preview: true,
    jobDetails: true,
    // Disabled without a location or for an LLG task (whose location is its site).
    assetDetails: task.hasLocation && !task.isLlg && !task.llgChild,
    fieldReport: task.hasFieldReport === true,
    inspect: mayInspect(task, role),
    // Only without a location; ours: also by role and status (mayAttachAsset, docs/decisions.md).
    attachAsset: mayAttachAsset(task, role),
    fullChecklistReport: task.status === TASK_STATUS.APPROVED,
  };
}

/**
 * The detail view's action buttons: the `can` flags, all disabled for the roles without
 * tasks.detailActions (FIELD-ENGG, spec "Role effects": they act from INSPECT).
 */
export function taskButtons(role: Role | null | undefined, flags: TaskCan): TaskButtons {
  const offered = can(role, 'tasks.detailActions');
  return Object.fromEntries(TASK_ACTIONS.map((a) => [a, offered && flags[a]])) as TaskButtons;
}
