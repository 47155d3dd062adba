import { isClientRole, isSiteLimitedRole, type Role } from '@portal/contracts';
import type { Actor } from '../db/transaction';
import type { AuthUser } from './sessions';

/**
 * What a caller may see (STYLE: "scope is not optional"): every query function takes this
 * as its first argument. Client roles see only their company; SITE-USER and REQUESTER only
 * their sites.
 */
export interface Scope {
  namespaceId: number;
  userId: number;
  role: Role;
  /** Set for client roles: the only company they may see. */
  companyId: number | null;
  /** Set for site-limited roles: the only sites they may see. */
  siteIds: number[] | null;
}

export function scopeOf(user: AuthUser): Scope {
  const client = isClientRole(user.role);
  return {
    namespaceId: user.namespaceId,
    userId: user.id,
    role: user.role,
    companyId: client ? (user.companyId ?? -1) : null,
    siteIds: isSiteLimitedRole(user.role) ? user.siteIds : null,
  };
}

export const actorOf = (user: AuthUser): Actor => ({ userId: user.id, namespaceId: user.namespaceId });

export function mayUseCompany(scope: Scope, companyId: number): boolean {
  return scope.companyId === null || scope.companyId === companyId;
}

export function mayUseSite(scope: Scope, site: { id: number; companyId: number }): boolean {
  if (!mayUseCompany(scope, site.companyId)) return false;
  return scope.siteIds === null || scope.siteIds.includes(site.id);
}
