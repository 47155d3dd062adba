import { type AddNewClientBody, assignableRoles, can, USER_TYPE, USERS } from '@portal/contracts';
import { clientCompanies, sites } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { sendWelcomeMails, userRow, writeUser } from '../users';
import { findClient, findSite } from './clients.queries';
import { checkOffices, clientLocation, replaceClientOffices } from './clients.service';
import { toClientRow, toSiteRow } from './rows';

/** Refusals of one user row name its place in the batch (`Users.2.email`), so the form can mark it. */
function inBatch(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [`Users.${index}.${key}`, value]));
  return new AppError(error.statusCode, error.message, fields);
}

/**
 * `POST /api/Location/addNewClient`: the client, its first site and its first users in one
 * transaction, all or nothing. Users are saved by the users service (same e-mail and licence
 * rules as POST /api/Users): user rows need users.write, and their roles are the client roles
 * the caller may give anywhere else (assignableRoles), so Add Client is no back door.
 */
export async function addNewClient(ctx: RequestContext, body: AddNewClientBody) {
  if (body.Users.length > 0 && !can(ctx.user.role, 'users.write')) throw forbidden(USERS.addClientUsersForbidden);
  const allowedRoles = assignableRoles(ctx.user.role, USER_TYPE.CLIENT);
  const seen = new Map<string, number>();
  for (const [index, user] of body.Users.entries()) {
    if (seen.has(user.email)) throw conflict(USERS.duplicateEmail, { [`Users.${index}.email`]: USERS.duplicateEmail });
    seen.set(user.email, index);
  }
  const namespaceId = ctx.scope.namespaceId;
  const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const { officeIds, tenantId: _tenant, ...clientFields } = body.Client;
    await checkOffices(tx, namespaceId, officeIds);
    // A name or code another active client has is refused by the index: nothing of the batch is kept.
    const [client] = await clientLocation.guard(clientFields, () =>
      tx
        .insert(clientCompanies)
        .values({ ...clientFields, namespaceId, status: 1 })
        .returning({ id: clientCompanies.id }),
    );
    await replaceClientOffices(tx, client.id, officeIds);
    const { tenantId: _siteTenant, ...siteFields } = body.Site;
    const [site] = await tx
      .insert(sites)
      .values({ ...siteFields, namespaceId, companyId: client.id, parentId: null, locationLevel: 0, type: 1, status: 1 })
      .returning({ id: sites.id });
    const userIds: number[] = [];
    for (const [index, user] of body.Users.entries()) {
      try {
        const result = await writeUser(
          tx,
          {
            ...user,
            type: USER_TYPE.CLIENT,
            companyId: client.id,
            officeId: null,
            secondaryOfficeIds: [],
            divisionIds: [],
            siteIds: [site.id],
          },
          { namespaceId, actorId: ctx.user.id, allowedRoles, existing: null },
        );
        userIds.push(result.id);
      } catch (error) {
        throw inBatch(error, index);
      }
    }
    return { clientId: client.id, siteId: site.id, userIds };
  });
  const [client, site] = await Promise.all([findClient(ctx.db, ctx.scope, saved.clientId), findSite(ctx.db, ctx.scope, saved.siteId)]);
  const users = await Promise.all(saved.userIds.map((id) => userRow(ctx, id)));
  await sendWelcomeMails(ctx, users);
  return { Client: toClientRow(client!, ctx.user), Site: toSiteRow(site!, ctx.user), Users: users };
}
