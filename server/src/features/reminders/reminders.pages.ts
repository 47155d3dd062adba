import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { REMINDERS } from '@portal/contracts';
import { isOptedOut } from './reminders.queries';
import { optOutUser, setReminders } from './reminders.service';
import { userOfToken } from './reminders.token';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `
*{box-sizing:border-box}body{font-family:Roboto,"Segoe UI",Helvetica,Arial,sans-serif;margin:0;background:#f5f7fa;color:#1f2937}
main{max-width:560px;margin:0 auto;padding:32px 16px 40px}
.brand{font-size:13px;color:#5b6472;margin:0 0 12px;letter-spacing:.3px;text-transform:uppercase}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 1px 8px rgba(0,0,0,.04);overflow:hidden}
.head{padding:22px 22px 20px;border-top:4px solid #0d47a1}.head.bad{border-top-color:#b3261e}.head.ok{border-top-color:#1b7f3b}
h1{font-size:20px;margin:0 0 8px}p{margin:0 0 10px;color:#4b5563;font-size:15px;line-height:1.5;word-break:break-word}
form{margin:16px 0 0}button{background:#0d47a1;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:15px;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #90caf9;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p class="brand">${escapeHtml(REMINDERS.pageBrand)}</p><section class="card">${body}</section></main></body></html>`;
}

const badPage = () =>
  page(REMINDERS.badTitle, `<div class="head bad"><h1>${escapeHtml(REMINDERS.badTitle)}</h1><p>${escapeHtml(REMINDERS.badText)}</p></div>`);

const offPage = (email: string) =>
  page(
    REMINDERS.offTitle,
    `<div class="head ok"><h1 data-testid="reminders-off">${escapeHtml(REMINDERS.offTitle)}</h1><p>${escapeHtml(REMINDERS.offText(email))}</p><p>${escapeHtml(REMINDERS.onAgain)}</p></div>`,
  );

const confirmPage = (email: string, token: string) =>
  page(
    REMINDERS.confirmTitle,
    `<div class="head"><h1>${escapeHtml(REMINDERS.confirmTitle)}</h1><p>${escapeHtml(REMINDERS.confirmText(email))}</p><form method="post" action="/reminders/off/${encodeURIComponent(token)}"><button type="submit">${escapeHtml(REMINDERS.confirmButton)}</button></form></div>`,
  );

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

const Params = z.object({ token: z.string().max(200) });

/**
 * The opt-out link of the reminder mail, `/reminders/off/<token>`: public (no sign-in),
 * server-rendered, no script (the pages' CSP). `GET` shows whom it is for and a button; the
 * button's `POST` turns that one user's reminders off. Mail scanners open every link of a mail
 * (GET) before the person does, so a GET alone must change nothing. Both are idempotent; a
 * malformed or changed token (another user's id with this MAC, a MAC made up) gets a page
 * saying so, 404, and changes nothing.
 */
export async function reminderPageRoutes(app: FastifyInstance) {
  const userOf = async (token: string) => {
    const userId = await userOfToken(app.db, token);
    return userId === null ? null : optOutUser(app.db, userId);
  };
  app.get('/reminders/off/:token', { config: { permission: 'public' }, schema: { params: Params, hide: true } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof Params>;
    const user = await userOf(token);
    if (!user) return send(reply, 404, badPage());
    if (await isOptedOut(app.db, user.id)) return send(reply, 200, offPage(user.email));
    return send(reply, 200, confirmPage(user.email, token));
  });
  app.post(
    '/reminders/off/:token',
    { config: { permission: 'public' }, schema: { params: Params, hide: true } },
    async (request, reply) => {
      const { token } = request.params as z.infer<typeof Params>;
      const user = await userOf(token);
      if (!user) return send(reply, 404, badPage());
      await setReminders(app.db, user, false);
      return send(reply, 200, offPage(user.email));
    },
  );
}
