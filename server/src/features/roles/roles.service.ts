import {
  can,
  isClientRole,
  LICENCE_UNLIMITED,
  normalizeRole,
  ROLE_OBJECT_TYPE,
  ROLE_TYPE,
  type RoleLicenceRow,
  type RoleRow,
  RoleNewFields,
  RoleSaveBody,
  ROLES_TEXT,
  roleTypeOf,
  SHELL,
  TENANT_ID,
  settingsRowCan,
} from '@portal/contracts';
import type { z } from 'zod';
import { roles } from '../../db/schema';
import type { Db } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { RequestContext } from '../context';
import { defineSettingObject, type SaveOptions } from '../settings';
import {
  clientIdsOfNamespace,
  countActiveUsersAtClient,
  countActiveUsersOfRole,
  createMissingLicences,
  licencesOf,
  namespaceCompanyName,
  type RoleRecord,
  reactivateSuspended,
  roleOptions,
  upsertLicence,
} from './roles.queries';

type RoleInput = z.output<typeof RoleSaveBody>;

export const LICENCE_META_KEY = 'licence';

export function roleRow(r: RoleRecord, namespace: string, licences: RoleLicenceRow[] | undefined, ctx: RequestContext): RoleRow {
  const rights = settingsRowCan(ctx.user.role, 'roles.write', r);
  return {
    id: r.id,
    objectType: ROLE_OBJECT_TYPE,
    name: r.name,
    acronymCode: r.acronymCode,
    description: r.description,
    type: r.type,
    baseRole: r.baseRole,
    namespace,
    tenantId: TENANT_ID,
    status: r.status,
    createdDate: r.createdAt.toISOString(),
    modifiedDate: r.modifiedAt.toISOString(),
    // Licences are CONFIG_ADMIN's business only (DECISIONS 4): other callers do not get them.
    ...(licences ? { metaKey: LICENCE_META_KEY, metaValue: JSON.stringify(licences) } : {}),
    can: {
      ...rights,
      licences: r.status === 1 && r.type === ROLE_TYPE.CLIENT && can(ctx.user.role, 'roles.licences'),
    },
  };
}

/** Rows for these roles, with the licences when the caller may see them. */
async function rowsOf(ctx: RequestContext, records: RoleRecord[]): Promise<RoleRow[]> {
  const namespace = await namespaceCompanyName(ctx.db, ctx.scope);
  const showLicences = can(ctx.user.role, 'roles.licences');
  const byRole = new Map<number, RoleLicenceRow[]>();
  if (showLicences) {
    const clientRoles = records.filter((r) => r.type === ROLE_TYPE.CLIENT).map((r) => r.id);
    for (const { roleId, ...licence } of await licencesOf(ctx.db, ctx.scope, clientRoles)) {
      byRole.set(roleId, [...(byRole.get(roleId) ?? []), licence]);
    }
  }
  return records.map((r) => roleRow(r, namespace, showLicences ? (byRole.get(r.id) ?? []) : undefined, ctx));
}

/** GET /api/Setting/Namespace: the Roles screen (every active role, by name; the archived ones with `archived`). */
export async function roleList(ctx: RequestContext, name?: string, archived?: string): Promise<RoleRow[]> {
  return roleSetting.listRows(ctx, { offset: 0, limit: -1, name, archived });
}

/** Client users (CLIENT-ADMIN) only ever deal with client roles. */
const visibleToCaller = (ctx: RequestContext, record: { type: number }) => !isClientRole(ctx.user.role) || record.type === ROLE_TYPE.CLIENT;

async function options(ctx: RequestContext, query: Record<string, string | undefined>) {
  const raw = query.type;
  if (raw !== undefined && raw !== '0' && raw !== '1') throw badRequest(ROLES_TEXT.typeFilter, { type: 'must be 0 or 1' });
  const rows = await roleOptions(ctx.db, ctx.scope, raw === undefined ? undefined : Number(raw));
  return rows.filter((r) => visibleToCaller(ctx, r));
}

/** The role's type and base role: given on create, fixed afterwards. */
function typeAndBase(input: RoleInput, existing: RoleRecord | null): { type: number; baseRole: string } {
  if (existing) {
    if (input.type !== undefined && input.type !== existing.type) throw badRequest(ROLES_TEXT.typeLocked, { type: ROLES_TEXT.typeLocked });
    if (input.baseRole && normalizeRole(input.baseRole) !== existing.baseRole) {
      throw badRequest(ROLES_TEXT.baseRoleLocked, { baseRole: ROLES_TEXT.baseRoleLocked });
    }
    return { type: existing.type, baseRole: existing.baseRole };
  }
  const given = RoleNewFields.safeParse({ type: input.type, baseRole: input.baseRole });
  if (!given.success) {
    const [{ message, path }] = given.error.issues;
    throw badRequest(message, { [String(path[0])]: message });
  }
  const { type } = given.data;
  const baseRole = normalizeRole(given.data.baseRole);
  if (!baseRole || roleTypeOf(baseRole) !== type) {
    const message = ROLES_TEXT.baseRoleMismatch(type);
    throw badRequest(message, { baseRole: message });
  }
  return { type, baseRole };
}

/** Writes the licences and re-activates suspended users where the client asked for it. */
async function applyLicences(tx: Db, ctx: RequestContext, roleId: number, licences: NonNullable<RoleInput['metaValue']>) {
  const known = await clientIdsOfNamespace(
    tx,
    ctx.scope,
    licences.map((l) => l.clientId),
  );
  if (licences.some((l) => !known.has(l.clientId))) throw notFound(ROLES_TEXT.licenceClientNotFound);
  for (const l of licences) {
    await upsertLicence(tx, ctx.scope, { roleId, clientId: l.clientId, licenceCount: l.clientLicense, allUsersActive: l.isAllUserActive });
    if (!l.isAllUserActive) continue;
    const room =
      l.clientLicense === LICENCE_UNLIMITED ? null : l.clientLicense - (await countActiveUsersAtClient(tx, ctx.scope, roleId, l.clientId));
    await reactivateSuspended(tx, ctx.scope, { roleId, clientId: l.clientId, room, actorId: ctx.user.id });
  }
}

const isNewConfig = (options: SaveOptions) => options.isNewConfig === true;

/** POST /api/Setting/Others[?isNewConfig=true]: create or update a role and its licences. */
export function saveRole(ctx: RequestContext, body: unknown, options: { isNewConfig: boolean }): Promise<RoleRow> {
  return roleSetting.saveRow(ctx, body, options);
}

/** Roles (administration document, "Role dashboard"); licences are CONFIG_ADMIN's (DECISIONS 4). */
export const roleSetting = defineSettingObject({
  objectType: ROLE_OBJECT_TYPE,
  aliases: ['Role', 'Roles'],
  table: roles,
  activeNameIndex: 'roles_active_name_key',
  permissions: { options: 'roles.options', write: 'roles.write' },
  messages: { duplicateName: ROLES_TEXT.duplicateName, notActive: ROLES_TEXT.notActive, archived: ROLES_TEXT.archived },
  rows: rowsOf,
  options,
  visible: visibleToCaller,
  save: {
    schema: RoleSaveBody,
    authorize(ctx, input, opts) {
      const licences = input.metaValue ?? [];
      if ((licences.length > 0 || isNewConfig(opts)) && !can(ctx.user.role, 'roles.licences')) throw forbidden(SHELL.forbidden);
      const clientIds = licences.map((l) => l.clientId);
      if (new Set(clientIds).size !== clientIds.length) {
        throw badRequest(ROLES_TEXT.licenceClientTwice, { metaValue: ROLES_TEXT.licenceClientTwice });
      }
    },
    values(input, existing) {
      const { type, baseRole } = typeAndBase(input, existing);
      const values = { name: input.name, acronymCode: input.acronymCode ?? null, description: input.description ?? null };
      return existing ? values : { ...values, type, baseRole };
    },
    async after(tx, ctx, saved, input, opts) {
      const licences = input.metaValue ?? [];
      if ((licences.length > 0 || isNewConfig(opts)) && saved.type !== ROLE_TYPE.CLIENT) {
        throw badRequest(ROLES_TEXT.licencesClientRolesOnly, { metaValue: ROLES_TEXT.licencesClientRolesOnly });
      }
      if (licences.length > 0) await applyLicences(tx, ctx, saved.id, licences);
      if (isNewConfig(opts)) await createMissingLicences(tx, ctx.scope, saved.id);
    },
  },
  /** A role still held by active users stays. */
  async archiveCheck(tx, ctx, record) {
    if ((await countActiveUsersOfRole(tx, ctx.scope, record.id)) > 0) throw conflict(ROLES_TEXT.roleInUse);
  },
});
