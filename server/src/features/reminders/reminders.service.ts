import { eq } from 'drizzle-orm';
import { DUE_REMINDERS_CONFIG_NAME, isClientRole, type ReminderPreferenceAnswer, readDueReminders } from '@portal/contracts';
import { reminderOptOuts, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { readConfiguration } from '../configurations';
import type { RequestContext } from '../context';
import { isOptedOut } from './reminders.queries';

/**
 * Turns one user's due reminders off (a row in `reminder_opt_outs`) or on again (no row).
 * Idempotent both ways; audited as that user's own change.
 */
export async function setReminders(db: Db, user: { id: number; namespaceId: number }, enabled: boolean): Promise<void> {
  await inTransaction(db, { userId: user.id, namespaceId: user.namespaceId }, async (tx) => {
    if (enabled) await tx.delete(reminderOptOuts).where(eq(reminderOptOuts.userId, user.id));
    else
      await tx
        .insert(reminderOptOuts)
        .values({ userId: user.id, namespaceId: user.namespaceId })
        .onConflictDoNothing({ target: reminderOptOuts.userId });
  });
}

/** The user a valid opt-out link names: still there (any status: a link from an old mail still works). */
export async function optOutUser(db: Db, userId: number) {
  const [user] = await db
    .select({ id: users.id, namespaceId: users.namespaceId, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** `GET /api/profile/reminders`: whether one's reminders are on, and whether one's role gets them at all. */
export async function reminderPreference(ctx: RequestContext): Promise<ReminderPreferenceAnswer> {
  const setting = readDueReminders(await readConfiguration(ctx.db, ctx.scope.namespaceId, DUE_REMINDERS_CONFIG_NAME));
  const role = ctx.user.role;
  const applies = setting.enabled && isClientRole(role) && setting.roles.includes(role);
  return { enabled: !(await isOptedOut(ctx.db, ctx.user.id)), applies, windowDays: setting.windowDays };
}

export async function saveReminderPreference(ctx: RequestContext, enabled: boolean): Promise<ReminderPreferenceAnswer> {
  await setReminders(ctx.db, { id: ctx.user.id, namespaceId: ctx.scope.namespaceId }, enabled);
  return reminderPreference(ctx);
}
