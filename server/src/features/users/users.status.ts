import { eq, sql } from 'drizzle-orm';
import { SHELL, USER_ACTION_TARGET, USER_TYPE, type UserStatusAction, USERS, userActionAllowed } from '@portal/contracts';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conflict, failedDependency, forbidden, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { firstDependency } from './dependencies';
import { mayManage } from './rows';
import { checkLicence, loadExisting } from './users.write';

/**
 * `DELETE /api/Users/{id}/{statusAction}`: remove -> -1, archive -> -2, suspend -> -3,
 * activate -> 1, as the status rules of contracts/statuses.ts allow. Leaving the active status
 * signs the user out everywhere.
 */
export async function changeUserStatus(ctx: RequestContext, id: number, action: UserStatusAction): Promise<{ message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const target = await loadExisting(tx, ctx.scope, id);
    if (!target) throw notFound(SHELL.notFound);
    if (target.id === ctx.user.id) throw conflict(USERS.ownStatus);
    // Only users whose role the caller could give: LO-ADMIN cannot suspend a CONFIG_ADMIN or remove the MASTER_ADMIN.
    if (!mayManage(ctx.user, target)) throw forbidden(USERS.notYoursToManage);
    if (!userActionAllowed(target.status, action)) throw conflict(USERS.actionNotAllowed(action));
    const blocked = await firstDependency(tx, target, action);
    if (blocked) throw failedDependency(blocked);
    if (action === 'activate' && target.type === USER_TYPE.CLIENT && target.companyId) {
      await checkLicence(tx, { roleId: target.roleId, companyId: target.companyId, userId: target.id });
    }
    await tx
      .update(users)
      .set({ status: USER_ACTION_TARGET[action], modifiedBy: ctx.user.id, modifiedAt: sql`now()` })
      .where(eq(users.id, target.id));
    if (action !== 'activate') await ctx.app.sessions.destroyForUser(tx, target.id);
  });
  return { message: USERS.actionDone(action) };
}
