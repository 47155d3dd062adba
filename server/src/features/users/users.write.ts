import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLES, isClientRole, normalizeRole, type Role, USER_TYPE, USERS, userTypeRequired } from '@portal/contracts';
import {
  clientCompanies,
  divisions,
  offices,
  roleLicences,
  roles,
  sites,
  userDivisions,
  userOffices,
  users,
  userSites,
} from '../../db/schema';
import type { Db } from '../../db/types';
import { badRequest, conflict, failedDependency, forbidden, isUniqueViolation, paymentRequired } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { isLastAdministrator } from './dependencies';
import { userScope } from './users.queries';

/** A user as stored, with its links: what an update compares against. */
export interface ExistingUser {
  id: number;
  namespaceId: number;
  type: number;
  status: number;
  roleId: number;
  role: string;
  companyId: number | null;
  officeId: number | null;
  description: string | null;
  externalId: string | null;
  secondaryOfficeIds: number[];
  divisionIds: number[];
  siteIds: number[];
}

export async function loadExisting(tx: Db, scope: Scope, id: number): Promise<ExistingUser | null> {
  const rows = await tx
    .select({
      id: users.id,
      namespaceId: users.namespaceId,
      type: users.type,
      status: users.status,
      roleId: users.roleId,
      role: roles.baseRole,
      companyId: users.companyId,
      officeId: users.officeId,
      description: users.description,
      externalId: users.externalId,
      secondaryOfficeIds: sql<
        number[]
      >`coalesce((select array_agg(uo.office_id) from user_offices uo where uo.user_id = "users"."id"), '{}')`,
      divisionIds: sql<number[]>`coalesce((select array_agg(ud.division_id) from user_divisions ud where ud.user_id = "users"."id"), '{}')`,
      siteIds: sql<number[]>`coalesce((select array_agg(us.site_id) from user_sites us where us.user_id = "users"."id"), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(userScope(scope), eq(users.id, id)));
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    secondaryOfficeIds: row.secondaryOfficeIds.map(Number),
    divisionIds: row.divisionIds.map(Number),
    siteIds: row.siteIds.map(Number),
  };
}

/** What POST /api/Users, the inline requester and Add Client save, once their own rules passed. */
export interface UserInput {
  name: string;
  email: string;
  /** undefined keeps the stored value on an update; null clears it. */
  phone?: string | null;
  description?: string | null;
  externalId?: string | null;
  type: number;
  roleId: number;
  companyId: number | null;
  officeId: number | null;
  secondaryOfficeIds: number[];
  divisionIds: number[];
  siteIds: number[];
}

export interface WriteOptions {
  namespaceId: number;
  actorId: number;
  /** The roles this save may give (assignable roles, or the client roles for Add Client). */
  allowedRoles: readonly Role[];
  existing: ExistingUser | null;
}

const unique = (ids: number[]) => [...new Set(ids)];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Ids of active records of a table in the namespace, plus those the user already holds (kept even if archived since). */
async function validIds(
  tx: Db,
  table: typeof offices | typeof divisions | typeof sites,
  namespaceId: number,
  ids: number[],
  held: number[],
  extra?: ReturnType<typeof eq>,
): Promise<Set<number>> {
  const wanted = ids.filter((id) => !held.includes(id));
  if (wanted.length === 0) return new Set(ids);
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.namespaceId, namespaceId), eq(table.status, 1), inArray(table.id, wanted), extra));
  return new Set([...ids.filter((id) => held.includes(id)), ...rows.map((r) => r.id)]);
}

/** Checks the role, offices, divisions, company and sites of a save; 400 with field messages. */
async function checkReferences(tx: Db, input: UserInput, options: WriteOptions): Promise<{ role: Role; roleName: string }> {
  const { namespaceId, existing } = options;
  const fields: Record<string, string> = {};
  const [roleRow] = await tx
    .select({ id: roles.id, name: roles.name, baseRole: roles.baseRole, status: roles.status })
    .from(roles)
    .where(and(eq(roles.id, input.roleId), eq(roles.namespaceId, namespaceId)));
  const role = normalizeRole(roleRow?.baseRole);
  const client = input.type === USER_TYPE.CLIENT;
  if (!roleRow || !role || (roleRow.status !== 1 && roleRow.id !== existing?.roleId))
    fields.roleId = 'Role is not a role of this namespace';
  else if (isClientRole(role) !== client) fields.roleId = `Role ${roleRow.name} is not a role for ${client ? 'client' : 'LO'} users`;

  // What the type needs (contracts, the panel's rule too), in the order the fields are checked.
  const missing = userTypeRequired(input);
  if (client) {
    if (missing.companyId) fields.companyId = missing.companyId;
    else if (input.companyId) {
      const [company] = await tx
        .select({ id: clientCompanies.id, status: clientCompanies.status })
        .from(clientCompanies)
        .where(and(eq(clientCompanies.id, input.companyId), eq(clientCompanies.namespaceId, namespaceId)));
      if (!company || (company.status !== 1 && company.id !== existing?.companyId))
        fields.companyId = 'Company is not a client of this namespace';
    }
    if (missing.siteIds) fields.siteIds = missing.siteIds;
    else if (input.companyId && !fields.companyId) {
      const held = existing?.companyId === input.companyId ? existing.siteIds : [];
      const valid = await validIds(tx, sites, namespaceId, input.siteIds, held, eq(sites.companyId, input.companyId));
      const bad = input.siteIds.filter((id) => !valid.has(id));
      if (bad.length) fields.siteIds = `Sites ${bad.join(', ')} are not active sites of this client`;
    }
  } else {
    if (missing.officeId) fields.officeId = missing.officeId;
    else if (input.officeId) {
      const valid = await validIds(tx, offices, namespaceId, [input.officeId], existing?.officeId ? [existing.officeId] : []);
      if (!valid.has(input.officeId)) fields.officeId = 'Primary Office is not an active office of this namespace';
    }
    const others = await validIds(tx, offices, namespaceId, input.secondaryOfficeIds, existing?.secondaryOfficeIds ?? []);
    const badOffices = input.secondaryOfficeIds.filter((id) => !others.has(id));
    if (badOffices.length) fields.secondaryOfficeIds = `Offices ${badOffices.join(', ')} are not active offices of this namespace`;
    const valid = await validIds(tx, divisions, namespaceId, input.divisionIds, existing?.divisionIds ?? []);
    const badDivisions = input.divisionIds.filter((id) => !valid.has(id));
    if (badDivisions.length) fields.divisionIds = `Divisions ${badDivisions.join(', ')} are not active divisions of this namespace`;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  if (!options.allowedRoles.includes(role as Role)) throw forbidden(USERS.roleNotAssignable);
  return { role: role as Role, roleName: roleRow.name };
}

/**
 * Role licences (administration document 6): a client may hold at most licence_count active
 * users of a role (-1 or no row: unlimited). The licence row is locked so that two
 * concurrent saves cannot both take the last seat.
 */
export async function checkLicence(tx: Db, input: { roleId: number; companyId: number; userId: number | null }): Promise<void> {
  const [licence] = await tx
    .select({ count: roleLicences.licenceCount, roleName: roles.name, clientName: clientCompanies.name })
    .from(roleLicences)
    .innerJoin(roles, eq(roles.id, roleLicences.roleId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, roleLicences.clientId))
    .where(and(eq(roleLicences.roleId, input.roleId), eq(roleLicences.clientId, input.companyId)))
    .for('update', { of: roleLicences });
  if (!licence || licence.count < 0) return;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.roleId, input.roleId),
        eq(users.companyId, input.companyId),
        eq(users.status, 1),
        input.userId ? ne(users.id, input.userId) : undefined,
      ),
    );
  if (Number(n) >= licence.count) throw paymentRequired(USERS.licenceUsedUp(licence.roleName, licence.clientName));
}

async function ensureUniqueEmail(tx: Db, email: string, userId: number | null): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), userId ? ne(users.id, userId) : undefined));
  if (rows.length > 0) throw conflict(USERS.duplicateEmail, { email: USERS.duplicateEmail });
}

/** Replaces a user's links in one join table when they changed. */
async function replaceLinks(
  tx: Db,
  table: typeof userOffices | typeof userDivisions | typeof userSites,
  userId: number,
  before: number[],
  after: number[],
) {
  if (sameSet(before, after)) return;
  await tx.delete(table).where(eq(table.userId, userId));
  if (after.length === 0) return;
  if (table === userOffices) await tx.insert(userOffices).values(after.map((officeId) => ({ userId, officeId })));
  else if (table === userDivisions) await tx.insert(userDivisions).values(after.map((divisionId) => ({ userId, divisionId })));
  else await tx.insert(userSites).values(after.map((siteId) => ({ userId, siteId })));
}

/**
 * Creates or updates one user inside the caller's transaction: references, role, e-mail and
 * licence checks, then the row and its links. New users get no password (they set one with
 * Reset Password). Answers the id and whether it was created.
 */
export async function writeUser(tx: Db, input: UserInput, options: WriteOptions): Promise<{ id: number; created: boolean }> {
  const { existing } = options;
  const client = input.type === USER_TYPE.CLIENT;
  if (!client && input.companyId !== null && input.companyId !== options.namespaceId) {
    throw badRequest(USERS.loCompanyOnly, { companyId: USERS.loCompanyOnly });
  }
  // LO users have no sites, client users no offices or divisions; the other type's values are dropped.
  const normalised: UserInput = {
    ...input,
    companyId: client ? input.companyId : null,
    officeId: client ? null : input.officeId,
    secondaryOfficeIds: client ? [] : unique(input.secondaryOfficeIds.filter((id) => id !== input.officeId)),
    divisionIds: client ? [] : unique(input.divisionIds),
    siteIds: client ? unique(input.siteIds) : [],
  };
  const { role } = await checkReferences(tx, normalised, options);
  if (
    existing &&
    normalizeRole(existing.role) !== role &&
    !ADMINISTRATOR_ROLES.includes(role as never) &&
    (await isLastAdministrator(tx, existing))
  ) {
    throw failedDependency(USERS.lastAdministratorRole);
  }
  await ensureUniqueEmail(tx, normalised.email, existing?.id ?? null);
  const seatChanges = !existing || existing.roleId !== normalised.roleId || existing.companyId !== normalised.companyId;
  if (client && normalised.companyId && seatChanges) {
    await checkLicence(tx, { roleId: normalised.roleId, companyId: normalised.companyId, userId: existing?.id ?? null });
  }
  const values = {
    name: normalised.name,
    email: normalised.email,
    phone: normalised.phone,
    description: normalised.description,
    externalId: normalised.externalId,
    roleId: normalised.roleId,
    companyId: normalised.companyId,
    officeId: normalised.officeId,
    modifiedBy: options.actorId,
  };
  let id: number;
  try {
    if (existing) {
      id = existing.id;
      await tx
        .update(users)
        .set({ ...values, modifiedAt: sql`now()` })
        .where(eq(users.id, id));
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          namespaceId: options.namespaceId,
          type: normalised.type,
          status: 1,
          createdBy: options.actorId,
          passwordHash: null,
        })
        .returning({ id: users.id });
      id = row.id;
    }
  } catch (error) {
    // Another request saved the same address between the check and the write.
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(USERS.duplicateEmail, { email: USERS.duplicateEmail });
    throw error;
  }
  await replaceLinks(tx, userOffices, id, existing?.secondaryOfficeIds ?? [], normalised.secondaryOfficeIds);
  await replaceLinks(tx, userDivisions, id, existing?.divisionIds ?? [], normalised.divisionIds);
  await replaceLinks(tx, userSites, id, existing?.siteIds ?? [], normalised.siteIds);
  return { id, created: !existing };
}
