import { and, asc, eq, sql } from 'drizzle-orm';
import { can, LOCATIONS, ROLE_TYPE } from '@portal/contracts';
import { clientCompanies, roleLicences, roles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';

/**
 * `POST /api/Location/RoleConfig/{clientName}`: after Add Client the UI asks for the client's
 * role-licence configuration: one row per client role, unlimited (-1). Rows that exist stay
 * as they are, so calling it again changes nothing. The licence rows are answered only to
 * callers who manage licences (roles.licences, CONFIG_ADMIN): nobody else sees them.
 */
export async function createRoleConfig(ctx: RequestContext, clientName: string) {
  const namespaceId = ctx.scope.namespaceId;
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const [client] = await tx
      .select({ id: clientCompanies.id, name: clientCompanies.name })
      .from(clientCompanies)
      .where(
        and(
          eq(clientCompanies.namespaceId, namespaceId),
          eq(clientCompanies.status, 1),
          sql`lower(${clientCompanies.name}) = ${clientName.trim().toLowerCase()}`,
        ),
      )
      .limit(1);
    if (!client) throw notFound(LOCATIONS.unknownClientName(clientName));
    const clientRoles = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.namespaceId, namespaceId), eq(roles.type, ROLE_TYPE.CLIENT), eq(roles.status, 1)));
    if (clientRoles.length) {
      await tx
        .insert(roleLicences)
        .values(clientRoles.map((role) => ({ namespaceId, roleId: role.id, clientId: client.id, licenceCount: -1 })))
        .onConflictDoNothing({ target: [roleLicences.roleId, roleLicences.clientId] });
    }
    const done = { message: LOCATIONS.licenceConfigCreated, clientId: client.id, clientName: client.name };
    if (!can(ctx.user.role, 'roles.licences')) return done;
    const licences = await tx
      .select({
        roleId: roles.id,
        roleName: roles.name,
        licenceCount: roleLicences.licenceCount,
        allUsersActive: roleLicences.allUsersActive,
      })
      .from(roleLicences)
      .innerJoin(roles, eq(roles.id, roleLicences.roleId))
      .where(eq(roleLicences.clientId, client.id))
      .orderBy(asc(roles.name));
    return { ...done, licences };
  });
}
