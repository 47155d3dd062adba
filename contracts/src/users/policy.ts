import { can, rolesWith } from '../permissions';
import { CLIENT_ROLES, LO_ROLES, type Role, USER_TYPE } from '../roles';
import { USER_STATUS_ACTIONS, userActionAllowed } from '../statuses';
import type { UserActions } from './schemas';

/**
 * The users policy: which roles a caller may give, whom they may manage, and a user row's
 * `can` flags (edit and the status actions). The server builds the list's flags in SQL from
 * the same rules (users/rows.ts) and its saves refuse with them; the web reads the flags.
 */

const LO_WITHOUT_MASTER = LO_ROLES.filter((r) => r !== 'MASTER_ADMIN');
const LO_WITHOUT_ADMINS = LO_ROLES.filter((r) => r !== 'MASTER_ADMIN' && r !== 'CONFIG_ADMIN');

/**
 * The roles a caller may give a user of the given type (shell document 6: "LO admin and
 * CONFIG_ADMIN get different assignable role lists"). Roles not listed here assign nothing.
 */
export function assignableRoles(actorRole: Role, userType: number): readonly Role[] {
  const lo = userType === USER_TYPE.LO;
  switch (actorRole) {
    case 'MASTER_ADMIN':
      return lo ? LO_ROLES : CLIENT_ROLES;
    case 'CONFIG_ADMIN':
      return lo ? LO_WITHOUT_MASTER : CLIENT_ROLES;
    case 'LO-ADMIN':
      return lo ? LO_WITHOUT_ADMINS : CLIENT_ROLES;
    case 'SCHEDULER':
      return lo ? ['FIELD-ENGG', 'FIELD-JUNIOR'] : ['CLIENT-USER', 'SITE-USER', 'REQUESTER'];
    case 'CLIENT-ADMIN':
      return lo ? [] : CLIENT_ROLES;
    default:
      return [];
  }
}

/** Roles whose holders keep a namespace administrable: its last active holder cannot leave. */
export const ADMINISTRATOR_ROLES: readonly Role[] = rolesWith('namespace.administer');

/**
 * Who may manage a user (edit them, change their status, upload their signature): only
 * callers who could give that user's role (`assignableRoles`), so no one disables, removes
 * or edits a superior: LO-ADMIN cannot touch a CONFIG_ADMIN or the MASTER_ADMIN, CONFIG_ADMIN
 * not the MASTER_ADMIN. Peers of the same role may manage each other.
 */
export function mayManageUser(actorRole: Role, target: { role: Role; type: number }): boolean {
  return assignableRoles(actorRole, target.type).includes(target.role);
}

/** A user row as the policy sees it. */
export interface UserFacts {
  id: number;
  role: Role;
  type: number;
  status: number;
}

/**
 * A user row's `can` flags for the caller: managing needs users.write and a role the caller could
 * give (`mayManageUser`); each action also needs a status it applies to, and no one changes
 * their own status.
 */
export function userCan(actor: { id: number; role: Role }, user: UserFacts): UserActions {
  const manage = can(actor.role, 'users.write') && mayManageUser(actor.role, { role: user.role, type: user.type });
  const flags: UserActions = {
    edit: manage && userActionAllowed(user.status, 'edit'),
    remove: false,
    archive: false,
    suspend: false,
    activate: false,
  };
  for (const action of USER_STATUS_ACTIONS) flags[action] = manage && user.id !== actor.id && userActionAllowed(user.status, action);
  return flags;
}
