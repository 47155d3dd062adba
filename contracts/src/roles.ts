/**
 * Roles of the portal (DECISIONS section 4). The constants are the spec's spellings.
 * LO roles belong to the provider company; client roles to one client company.
 */
export const LO_ROLES = [
  'MASTER_ADMIN',
  'CONFIG_ADMIN',
  'LO-ADMIN',
  'SCHEDULER',
  'APPROVER',
  'APPROVER-ONLY',
  'FIELD-ENGG',
  'FIELD-JUNIOR',
  'CORPORATE',
  'SALES-PERSON',
] as const;

export const CLIENT_ROLES = ['CLIENT-ADMIN', 'CLIENT-USER', 'SITE-USER', 'REQUESTER'] as const;

export const ROLES = [...LO_ROLES, ...CLIENT_ROLES] as const;

export type LoRole = (typeof LO_ROLES)[number];
export type ClientRole = (typeof CLIENT_ROLES)[number];
export type Role = (typeof ROLES)[number];

/** Other spellings the spec uses for the same role. */
export const ROLE_ALIASES: Record<string, Role> = {
  CLIENT_USER: 'CLIENT-USER',
  'CUSTOMER-USER': 'CLIENT-USER',
};

export function normalizeRole(name: string | null | undefined): Role | null {
  if (!name) return null;
  const upper = name.trim().toUpperCase();
  if ((ROLES as readonly string[]).includes(upper)) return upper as Role;
  return Object.hasOwn(ROLE_ALIASES, upper) ? ROLE_ALIASES[upper] : null;
}

export function isClientRole(role: Role): role is ClientRole {
  return (CLIENT_ROLES as readonly string[]).includes(role);
}

export function isLoRole(role: Role): role is LoRole {
  return (LO_ROLES as readonly string[]).includes(role);
}

/** SITE-USER and REQUESTER see only the sites assigned to them. */
export function isSiteLimitedRole(role: Role): boolean {
  return role === 'SITE-USER' || role === 'REQUESTER';
}

/** User type on the user record: 0 LO user, 1 client user (shell document section 3). */
export const USER_TYPE = { LO: 0, CLIENT: 1 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** Role type on the role record: 0 client, 1 LO (administration document section 3). */
export const ROLE_TYPE = { CLIENT: 0, LO: 1 } as const;

export function roleTypeOf(role: Role): 0 | 1 {
  return isClientRole(role) ? ROLE_TYPE.CLIENT : ROLE_TYPE.LO;
}

/** The role name as shown in the header: upper case. */
export function roleLabel(role: string): string {
  return role.toUpperCase();
}
