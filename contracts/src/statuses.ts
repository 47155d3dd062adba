/** Status codes fixed by DECISIONS section 5. */
export const USER_STATUS = { ACTIVE: 1, REMOVED: -1, ARCHIVED: -2, SUSPENDED: -3 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const USER_STATUS_LABEL: Record<UserStatus, string> = {
  1: 'Active',
  [-1]: 'Removed',
  [-2]: 'Archived',
  [-3]: 'Suspended',
};

export const USER_STATUS_ACTIONS = ['remove', 'archive', 'suspend', 'activate'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];

export const USER_ACTION_TARGET: Record<UserStatusAction, UserStatus> = {
  remove: USER_STATUS.REMOVED,
  archive: USER_STATUS.ARCHIVED,
  suspend: USER_STATUS.SUSPENDED,
  activate: USER_STATUS.ACTIVE,
};

/**
 * Which row actions a user in a given status offers (shell document section 4):
 * Edit only for active users; Remove for archived, suspended or active; Archive for suspended
 * or active; Suspend for archived or active; Activate for archived or suspended.
 * A removed user stays removed.
 */
export function userActionAllowed(status: number, action: UserStatusAction | 'edit'): boolean {
  const { ACTIVE, ARCHIVED, SUSPENDED } = USER_STATUS;
  switch (action) {
    case 'edit':
      return status === ACTIVE;
    case 'remove':
      return status === ARCHIVED || status === SUSPENDED || status === ACTIVE;
    case 'archive':
      return status === SUSPENDED || status === ACTIVE;
    case 'suspend':
      return status === ARCHIVED || status === ACTIVE;
    case 'activate':
      return status === ARCHIVED || status === SUSPENDED;
  }
}

/** Due status: Expired at 0 or fewer days left, Due Shortly up to 15 days, Valid above. */
export function dueStatus(daysLeft: number): 'Expired' | 'Due Shortly' | 'Valid' {
  if (daysLeft <= 0) return 'Expired';
  if (daysLeft <= 15) return 'Due Shortly';
  return 'Valid';
}

/** The tenant id the spec fixes in payloads. */
export const TENANT_ID = 2;
