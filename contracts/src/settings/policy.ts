import { can, type Permission } from '../permissions';
import type { Role } from '../roles';

/**
 * The settings and catalogue policy (offices, divisions, roles, sequences, task types, asset
 * types, data forms, configurations): a row's Edit and Delete (an archive) belong to the holders
 * of the type's write permission, on an active record; a record the portal needs (a configuration
 * it reads, the LLG asset type) is never deleted. The saves and archives refuse the same.
 */
export function settingsRowCan(
  role: Role | null | undefined,
  writePermission: Permission,
  record: { status: number; kept?: boolean },
): { edit: boolean; delete: boolean } {
  const writable = can(role, writePermission) && record.status === 1;
  return { edit: writable, delete: writable && record.kept !== true };
}
