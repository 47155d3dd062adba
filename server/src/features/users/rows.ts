import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  can,
  isClientRole,
  mayManageUser,
  normalizeRole,
  ROLE_ALIASES,
  ROLES,
  type Role,
  USER_STATUS,
  USER_STATUS_ACTIONS,
  USER_TYPE,
  type UserStatusAction,
  userActionAllowed,
} from '@portal/contracts';
import { roles, users } from '../../db/schema';
import type { AuthUser } from '../../lib/sessions';

/** The target of a permission question: enough of a user to decide what a caller may do with it. */
export interface UserTarget {
  type: number;
  role: string;
}

const typeOf = (role: Role) => (isClientRole(role) ? USER_TYPE.CLIENT : USER_TYPE.LO);

/**
 * Managing a user (editing, changing their status, their signature) needs users.write and a
 * role the caller could give (contracts mayManageUser), so no one disables or edits a superior.
 */
export function mayManage(actor: AuthUser, target: UserTarget): boolean {
  const role = normalizeRole(target.role);
  return can(actor.role, 'users.write') && role !== null && mayManageUser(actor.role, { role, type: target.type });
}

/** Role constants (and their aliases) as stored in roles.base_role, for which `pick` holds. */
function baseRolesWhere(pick: (role: Role) => boolean): string[] {
  const chosen = ROLES.filter(pick);
  const aliases = Object.entries(ROLE_ALIASES)
    .filter(([, role]) => chosen.includes(role))
    .map(([alias]) => alias);
  return [...chosen, ...aliases];
}

const statusesFor = (action: UserStatusAction | 'edit') => Object.values(USER_STATUS).filter((s) => userActionAllowed(s, action));

/**
 * The row's `can` flags as SQL, so that lists of any size are built by the database in one go
 * (see users.queries.ts). The rules are the contracts' (userActionAllowed, mayManageUser),
 * turned into lists of roles and statuses for this caller; mayManage above is the same rule
 * for one record, and the services check the status with userActionAllowed.
 */
export function actionFlagsSql(actor: AuthUser): SQL {
  const manageable = baseRolesWhere((r) => mayManage(actor, { role: r, type: typeOf(r) }));
  const flag = (allowedRoles: string[], statuses: number[], notSelf: boolean): SQL =>
    allowedRoles.length === 0
      ? sql`false`
      : sql`(${inArray(roles.baseRole, allowedRoles)} and ${inArray(users.status, statuses)}${notSelf ? sql` and ${users.id} <> ${actor.id}` : sql``})`;
  const parts: SQL[] = [sql`'edit', ${flag(manageable, statusesFor('edit'), false)}`];
  for (const action of USER_STATUS_ACTIONS) parts.push(sql`${sql.raw(`'${action}'`)}, ${flag(manageable, statusesFor(action), true)}`);
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}
