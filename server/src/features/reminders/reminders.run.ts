import { readDueReminders } from '@portal/contracts';
import type { Db } from '../../db/types';
import type { Mailer } from '../../lib/mail';
import { claimRun, dueAssets, finishRun, recipients, reminderNamespaces } from './reminders.queries';
import { digestsOf, reminderRenderer } from './reminders.mail';
import { optOutToken } from './reminders.token';

export interface ReminderDeps {
  db: Db;
  mailer: Pick<Mailer, 'sendMany'>;
  /** The address links start with (PUBLIC_URL, `linkBase`). */
  publicUrl: string;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface ReminderRun {
  namespaceId: number;
  day: string;
  mails: number;
  failed: number;
}

/**
 * The daily run (issue 23): for every namespace whose `dueReminders` are on and whose run of
 * today (UTC) nobody has taken, takes it (`claimRun`: one row per namespace and day, so with
 * several instances exactly one mails) and mails each recipient one digest through the outbox.
 * Answers the runs this call made. A mail SMTP refuses stays `failed` in the outbox and the
 * others still go; a crash mid-run leaves the day taken (no mail twice): tomorrow's digest
 * lists the same assets again.
 */
export async function runDueReminders(deps: ReminderDeps, options: { namespaceIds?: number[] } = {}): Promise<ReminderRun[]> {
  const runs: ReminderRun[] = [];
  const base = deps.publicUrl.replace(/\/+$/, '');
  for (const ns of await reminderNamespaces(deps.db, options.namespaceIds)) {
    const setting = readDueReminders(ns.config);
    if (!setting.enabled || ns.ran) continue;
    const namespaceId = Number(ns.id);
    const day = await claimRun(deps.db, namespaceId);
    if (!day) continue;
    const people = await recipients(deps.db, namespaceId, setting.roles);
    const companyIds = [...new Set(people.map((p) => Number(p.company_id)))];
    const digests = digestsOf(people, await dueAssets(deps.db, namespaceId, companyIds, setting.windowDays));
    const render = reminderRenderer({ base }, setting.windowDays);
    const messages = [];
    for (const digest of digests) {
      const mail = await render(digest, await optOutToken(deps.db, digest.userId));
      messages.push({ namespaceId, to: digest.email, ...mail });
    }
    const { sent: mails, failed } = await deps.mailer.sendMany(messages);
    await finishRun(deps.db, namespaceId, day, mails);
    deps.log?.info({ namespaceId, day, mails, failed }, 'due reminders sent');
    runs.push({ namespaceId, day, mails, failed });
  }
  return runs;
}
