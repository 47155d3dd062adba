import { z } from 'zod';
import { CLIENT_ROLES, type ClientRole, isClientRole, normalizeRole } from '../roles';

/**
 * Due reminders (issue 23, ours): a daily mail to each client company's users of the named
 * roles, listing their assets that are expired, failed, or due within the window. A namespace
 * turns them on in its configuration `dueReminders` (the Configurations screen checks it on save).
 */
export const DUE_REMINDERS_CONFIG_NAME = 'dueReminders';

/** The spec's Due Shortly (DECISIONS 5): 15 days. */
export const DEFAULT_REMINDER_WINDOW_DAYS = 15;
export const MAX_REMINDER_WINDOW_DAYS = 366;
export const DEFAULT_REMINDER_ROLES: readonly ClientRole[] = ['CLIENT-ADMIN'];

const clientRoleName = z
  .string({ error: 'must be a role name' })
  .max(50)
  .superRefine((value, ctx) => {
    const role = normalizeRole(value);
    if (role === null) ctx.addIssue({ code: 'custom', message: `"${value}" is not a role` });
    else if (!isClientRole(role)) ctx.addIssue({ code: 'custom', message: `"${value}" is not a client role (${CLIENT_ROLES.join(', ')})` });
  });

export const DueRemindersConfig = z.strictObject(
  {
    /** Off unless said: a namespace chooses to mail its clients. */
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    /** Assets due within this many days are listed (expired and failed ones always). */
    windowDays: z
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be between 0 and 366')
      .max(MAX_REMINDER_WINDOW_DAYS, 'must be between 0 and 366')
      .optional(),
    /** The client roles whose users get the mail. */
    roles: z.array(clientRoleName, { error: 'must be a list of client roles' }).min(1, 'name at least one role').max(10).optional(),
  },
  { error: 'must be a JSON object' },
);

export interface DueReminders {
  enabled: boolean;
  windowDays: number;
  roles: ClientRole[];
}

/** The namespace's setting from its saved document (a document that no longer fits reads as off). */
export function readDueReminders(value: unknown): DueReminders {
  const parsed = DueRemindersConfig.safeParse(value ?? {});
  if (!parsed.success || value === null || value === undefined)
    return { enabled: false, windowDays: DEFAULT_REMINDER_WINDOW_DAYS, roles: [...DEFAULT_REMINDER_ROLES] };
  const roles = (parsed.data.roles ?? DEFAULT_REMINDER_ROLES).map((r) => normalizeRole(r) as ClientRole);
  return {
    enabled: parsed.data.enabled === true,
    windowDays: parsed.data.windowDays ?? DEFAULT_REMINDER_WINDOW_DAYS,
    roles: [...new Set(roles)],
  };
}

/** `GET /api/profile/reminders`: whether one gets the due reminders, and whether one's role is mailed at all. */
export const ReminderPreferenceAnswer = z.object({
  /** The user has not turned them off. */
  enabled: z.boolean(),
  /** The namespace sends them to this user's role (client users of the configured roles). */
  applies: z.boolean(),
  windowDays: z.number(),
});
export type ReminderPreferenceAnswer = z.infer<typeof ReminderPreferenceAnswer>;

/** `POST /api/profile/reminders`: turn one's own due reminders on or off. */
export const ReminderPreferenceBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type ReminderPreferenceBody = z.infer<typeof ReminderPreferenceBody>;
