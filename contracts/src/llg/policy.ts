import { can } from '../permissions';
import type { Role } from '../roles';
import { SPECIAL_OBSERVATION_TYPE, checkChildTransition } from '../tasks/transitions';

/**
 * The LLG policy (tasks document 2.3, 4, 6): who may add, delete, remove and reopen the child
 * records of a job's LLG task, from the records' facts. The server answers these flags
 * (`GET /api/Observation/getchildLLG/{id}`) and refuses with the same rules; the web reads them.
 */

/** Parent statuses in which child records may be added or deleted (2.3: 1, 2, 4, 32, 64). */
export const LLG_PARENT_OPEN_STATUSES: readonly number[] = [1, 2, 4, 32, 64];
/** Child statuses in which a record may still be deleted (before submission). */
export const LLG_CHILD_DELETABLE_STATUSES: readonly number[] = [1, 2, 4, 32];
/** A child record that counts (not removed, not deleted): Submit needs one, Approve takes them. */
export const LLG_CHILD_GONE_STATUSES: readonly number[] = [64, 1024];

export interface LlgParentFacts {
  status: number;
  observationType: number;
}

export interface LlgChildFacts {
  status: number;
  observationType: number;
  parentStatus: number;
}

/** CHILDREN's 'Add New Task': FIELD-ENGG while the LLG task is in 1, 2, 4, 32 or 64. */
export function llgCanAdd(role: Role | null | undefined, parent: LlgParentFacts): boolean {
  return (
    can(role, 'llg.addChild') && parent.observationType !== SPECIAL_OBSERVATION_TYPE && LLG_PARENT_OPEN_STATUSES.includes(parent.status)
  );
}

/** The delete icon of a child, and RECORDS' remove (64) and reopen (2). */
export function llgChildCan(role: Role | null | undefined, child: LlgChildFacts): { delete: boolean; remove: boolean; reopen: boolean } {
  const facts = {
    status: child.status,
    observationType: child.observationType,
    certificateStatus: null,
    llgChild: true,
    parentStatus: child.parentStatus,
  };
  return {
    delete:
      llgCanAdd(role, { status: child.parentStatus, observationType: child.observationType }) &&
      LLG_CHILD_DELETABLE_STATUSES.includes(child.status),
    remove: checkChildTransition(facts, role, 'remove').ok,
    reopen: checkChildTransition(facts, role, 'reopen').ok,
  };
}
