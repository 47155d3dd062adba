import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkBase } from '../../config';
import { asBackground } from '../../db/queue';
import { reminderPageRoutes } from './reminders.pages';
import { runDueReminders } from './reminders.run';

/** The first look after start: soon (the demo's sample mail), but not during start-up. */
const FIRST_CHECK_MS = 5_000;

/**
 * The due reminders of this instance: the public opt-out pages (outside /api, before the web
 * app's fallback), and a timer (REMINDER_CHECK_MS, 0 turns it off: the API tests run the job
 * themselves) that looks for namespaces whose run of today is not taken and runs them
 * (`runDueReminders`). Every instance may look: the day's row lets one of them mail. The run's
 * statements queue behind requests (`asBackground`), and one look at a time per instance.
 */
export const remindersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(reminderPageRoutes);
  const every = app.config.reminderCheckMs;
  if (every <= 0) return;
  let running: Promise<unknown> | null = null;
  const check = () => {
    if (running) return;
    running = asBackground(() =>
      runDueReminders({ db: app.db, mailer: app.mailer, publicUrl: linkBase(app.config), log: app.log }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'due reminders could not run'),
      ),
    ).finally(() => {
      running = null;
    });
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', () => {
    const first = setTimeout(check, Math.min(FIRST_CHECK_MS, every));
    first.unref();
    const again = setInterval(check, every);
    again.unref();
    timers.push(first, again);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
});
