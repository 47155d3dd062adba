import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReminderPreferenceAnswer, ReminderPreferenceBody } from '@portal/contracts';
import { contextOf } from '../context';
import { reminderPreference, saveReminderPreference } from './reminders.service';

/** One's own due reminders on the profile page: `GET` and `POST /api/profile/reminders`. */
export async function remindersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/profile/reminders',
    { config: { permission: 'profile.self' }, schema: { response: { 200: ReminderPreferenceAnswer } } },
    async (request) => reminderPreference(contextOf(app, request)),
  );
  r.post(
    '/profile/reminders',
    { config: { permission: 'profile.self' }, schema: { body: ReminderPreferenceBody, response: { 200: ReminderPreferenceAnswer } } },
    async (request) => saveReminderPreference(contextOf(app, request), request.body.enabled),
  );
}
