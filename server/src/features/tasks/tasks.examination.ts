import { sql } from 'drizzle-orm';
import { type ExaminationBody, mayInspect, TASK_TEXT } from '@portal/contracts';
import { inTransaction } from '../../db/transaction';
import { conflict } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { auditNote, lockTask, lockedFacts } from './tasks.lock';

/**
 * `POST /api/Observation/{id}/examination` (ours, DECISIONS 9): the basis of examination and the
 * test equipment used, recorded by whoever may fill the checklist, while it may be filled.
 */
export async function saveExamination(ctx: RequestContext, id: number, body: ExaminationBody) {
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    if (!mayInspect(lockedFacts(task), ctx.scope.role)) throw conflict(TASK_TEXT.notInspectable);
    await tx.execute(
      sql`update tasks set basis_of_examination = ${body.basis}, test_equipment = ${JSON.stringify(body.testEquipment)}::jsonb,
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${id}::int`,
    );
    await auditNote(tx, ctx, id, { action: 'examination', from: task.status, to: task.status, basis: body.basis });
    return { id, basis: body.basis, testEquipment: body.testEquipment, message: TASK_TEXT.examinationSaved };
  });
}
