import { CLIENT_ROLES, LO_ROLES, ROLES, type Role } from './roles';

/**
 * The role groups the permission registry is written in (permissions.ts), and the areas made
 * with `npm run new:area` in their own `area.ts` (which cannot import permissions.ts: it
 * imports them).
 */
export const ALL = ROLES;
export const ALL_LO = LO_ROLES;
export const ALL_CLIENT = CLIENT_ROLES;
export const without = (list: readonly Role[], ...removed: Role[]): Role[] => list.filter((r) => !removed.includes(r));

export const PLATFORM_ADMINS: Role[] = ['MASTER_ADMIN', 'CONFIG_ADMIN'];
export const SETTINGS_ADMINS: Role[] = ['LO-ADMIN', 'CONFIG_ADMIN'];
/** Roles with the default Resources group, plus CLIENT-ADMIN where it sees the same item. */
export const RESOURCE_LO = without(ALL_LO, 'CORPORATE');
export const JOB_READERS = without(ALL_LO, 'CORPORATE', 'APPROVER-ONLY');
