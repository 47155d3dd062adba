/**
 * The due reminders' interface (issue 23; docs/decisions.md "Due reminders"): the plugin (timer
 * and opt-out pages) for the app, the profile routes, the run for tests, the bench and the demo.
 */
export { remindersPlugin } from './plugin';
export { remindersRoutes } from './reminders.routes';
export { type ReminderDeps, type ReminderRun, runDueReminders } from './reminders.run';
export { optOutToken } from './reminders.token';
export { reminderMail } from './reminders.mail';
