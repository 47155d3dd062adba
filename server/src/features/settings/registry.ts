import { sql } from 'drizzle-orm';
import type { Permission } from '@portal/contracts';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import type { SettingType } from './settingType';
import { queryRows } from '../../db/rows';

/**
 * The spec addresses settings objects generically (`GET /api/Setting?objectType=...`,
 * `POST /api/Setting`, `DELETE /api/Setting/{id}`). The object types are listed in
 * features/index.ts (each feature's `index.ts` hands its type over) and passed to
 * settings.routes.ts, which dispatches to them. Object types match case-insensitively.
 */
const namesOf = (t: SettingType) => [...new Set([t.objectType, ...(t.aliases ?? [])].map((n) => n.toLowerCase()))];

/** The registry of the settings object types `types` (a type listed twice stops start-up). */
export function settingRegistry(types: readonly SettingType[]) {
  /** Lower-case object type or alias -> type. A Map: a request value never reaches a prototype. */
  const byName = new Map<string, SettingType>();
  for (const type of types) {
    for (const name of namesOf(type)) {
      if (byName.has(name)) throw new Error(`Setting object type ${name} is listed twice`);
      byName.set(name, type);
    }
  }

  function settingType(objectType: string | undefined): SettingType | undefined {
    return objectType === undefined ? undefined : byName.get(objectType.toLowerCase());
  }

  /** objectType -> permission, for the route declarations (lower-case keys, no prototype). */
  function permissionMap(pick: (t: SettingType) => { permission: Permission } | undefined): Record<string, Permission> {
    const map: Record<string, Permission> = Object.create(null);
    for (const t of types) {
      const entry = pick(t);
      if (entry) for (const name of namesOf(t)) map[name] = entry.permission;
    }
    return map;
  }

  /**
   * The type of a settings id in the caller's namespace, in one query: the settings tables
   * share one id sequence, so at most one of them holds the id.
   */
  async function settingTypeOfId(db: Db, scope: Scope, id: number): Promise<SettingType | undefined> {
    const tables = types.filter((t) => t.tableName);
    if (tables.length === 0) return undefined;
    const parts = tables.map(
      (t) =>
        sql`select ${t.objectType}::text as object_type from ${sql.identifier(t.tableName!)} where id = ${id}::int and namespace_id = ${scope.namespaceId}::int`,
    );
    const rows = await queryRows<{ object_type: string }>(db, sql.join(parts, sql` union all `));
    return rows[0] ? settingType(rows[0].object_type) : undefined;
  }

  return { settingType, permissionMap, settingTypeOfId };
}
