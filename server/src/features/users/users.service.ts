import { and, eq } from 'drizzle-orm';
import {
  ASSETS,
  assignableRoles,
  can,
  type Paging,
  type RequesterBody,
  SHELL,
  USER_TYPE,
  type UserBody,
  type UserFilter,
  type UserRow,
  USERS,
} from '@portal/contracts';
import { clientCompanies, namespaces, roles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, forbidden, conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { mayManage } from './rows';
import { countUsers, findUserRow, listUserOptionsJson, listUsersJson } from './users.queries';
import { type ExistingUser, loadExisting, type UserInput, writeUser } from './users.write';

/** The users list as JSON text (an array of UserRow), built by the database. */
export const userListJson = (ctx: RequestContext, filter: UserFilter, paging: Paging) =>
  listUsersJson(ctx.db, ctx.user, ctx.scope, filter, paging);

export const userCount = (ctx: RequestContext, filter: UserFilter) => countUsers(ctx.db, ctx.scope, filter);

/** Active users for pickers as JSON text (an array of UserOption). */
export const userOptionsJson = (ctx: RequestContext, paging: Paging) => listUserOptionsJson(ctx.db, ctx.scope, paging);

export async function userRow(ctx: RequestContext, id: number): Promise<UserRow> {
  const row = await findUserRow(ctx.db, ctx.user, ctx.scope, id);
  if (!row) throw notFound(SHELL.notFound);
  return row;
}

/**
 * CLIENT-ADMIN manages client users of its own company only, and Description and External Id
 * are not its to set (shell document 6): a value that differs from the stored one is refused.
 */
function checkClientAdmin(ctx: RequestContext, body: UserBody, existing: ExistingUser | null): void {
  if (can(ctx.user.role, 'users.officeFields')) return;
  if (body.type !== USER_TYPE.CLIENT) throw forbidden(USERS.clientAdminNoLoUsers);
  if (body.companyId !== ctx.scope.companyId) throw forbidden(USERS.clientAdminOnlyOwnCompany);
  const locked: [keyof UserBody & keyof ExistingUser, string][] = [
    ['description', 'Description'],
    ['externalId', 'External Id'],
  ];
  for (const [field, label] of locked) {
    const sent = body[field];
    if (sent === undefined) continue;
    if ((sent ?? null) !== (existing ? existing[field] : null)) throw forbidden(USERS.clientAdminField(label));
  }
}

/** `POST /api/Users`: create (no id) or update (id). Answers the saved row. */
export async function saveUser(ctx: RequestContext, body: UserBody): Promise<UserRow> {
  const result = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = body.id ? await loadExisting(tx, ctx.scope, body.id) : null;
    if (body.id && !existing) throw notFound(SHELL.notFound);
    checkClientAdmin(ctx, body, existing);
    if (existing) {
      // Whether the user is the caller's to edit comes first: a superior is 403 in any status.
      if (!mayManage(ctx.user, existing)) throw forbidden(USERS.notYoursToManage);
      if (existing.type !== body.type) throw badRequest(USERS.typeLocked, { type: USERS.typeLocked });
      if (existing.status !== 1) throw conflict(USERS.notEditable);
    }
    // Absent keeps, null clears (docs/decisions/users-and-clients.md): an update that leaves a
    // reference or list out keeps what is stored.
    const input: UserInput = {
      ...body,
      companyId: body.companyId === undefined ? (existing?.companyId ?? null) : body.companyId,
      officeId: body.officeId === undefined ? (existing?.officeId ?? null) : body.officeId,
      secondaryOfficeIds: body.secondaryOfficeIds ?? existing?.secondaryOfficeIds ?? [],
      divisionIds: body.divisionIds ?? existing?.divisionIds ?? [],
      siteIds: body.siteIds ?? existing?.siteIds ?? [],
    };
    return writeUser(tx, input, {
      namespaceId: ctx.scope.namespaceId,
      actorId: ctx.user.id,
      allowedRoles: assignableRoles(ctx.user.role, body.type),
      existing,
    });
  });
  ctx.app.sessions.forgetUser(result.id);
  const row = await userRow(ctx, result.id);
  if (result.created) await sendWelcomeMails(ctx, [row]);
  return row;
}

/** `POST /api/Users?isJob=true`: a requester of a client site, created from a job. */
export async function createRequester(ctx: RequestContext, body: RequesterBody): Promise<UserRow> {
  if (ctx.scope.companyId !== null && ctx.scope.companyId !== body.companyId) throw forbidden(USERS.clientAdminOnlyOwnCompany);
  // Another namespace's client (or none) is not found, like any other id the caller cannot see.
  const [client] = await ctx.db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.id, body.companyId), eq(clientCompanies.namespaceId, ctx.scope.namespaceId)));
  if (!client) throw notFound(ASSETS.clientNotFound);
  if (body.siteIds.length === 0) throw badRequest(USERS.clientSitesRequired, { siteIds: USERS.clientSitesRequired });
  const result = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.namespaceId, ctx.scope.namespaceId), eq(roles.baseRole, 'REQUESTER'), eq(roles.status, 1)))
      .orderBy(roles.id)
      .limit(1);
    if (!role) throw badRequest(USERS.noRequesterRole, { roleId: USERS.noRequesterRole });
    return writeUser(
      tx,
      {
        name: body.name,
        email: body.email,
        phone: body.phone,
        description: undefined,
        externalId: undefined,
        type: USER_TYPE.CLIENT,
        roleId: role.id,
        companyId: body.companyId,
        officeId: null,
        secondaryOfficeIds: [],
        divisionIds: [],
        siteIds: body.siteIds,
      },
      { namespaceId: ctx.scope.namespaceId, actorId: ctx.user.id, allowedRoles: ['REQUESTER'], existing: null },
    );
  });
  const row = await userRow(ctx, result.id);
  await sendWelcomeMails(ctx, [row]);
  return row;
}

/**
 * New users have no password: they are told their account exists and to set a password with
 * Reset Password on the login page. A mail failure is logged, not fatal: the user is saved
 * and can still reset their password.
 */
export async function sendWelcomeMails(ctx: RequestContext, saved: { name: string; email: string }[]): Promise<void> {
  if (saved.length === 0) return;
  const [ns] = await ctx.db
    .select({ companyName: namespaces.companyName })
    .from(namespaces)
    .where(eq(namespaces.id, ctx.scope.namespaceId));
  const company = ns?.companyName ?? 'inspection';
  const loginAt = ctx.app.config.publicUrl ? `${ctx.app.config.publicUrl.replace(/\/$/, '')}/login` : 'the portal login page';
  for (const user of saved) {
    try {
      await ctx.app.mailer.send({
        namespaceId: ctx.scope.namespaceId,
        to: user.email,
        content: { subject: USERS.welcomeSubject(company), paragraphs: [USERS.welcomeText(user.name, company, loginAt)] },
      });
    } catch (error) {
      ctx.app.log.warn({ err: error, to: user.email }, 'welcome mail not sent');
    }
  }
}
