import { sql } from 'drizzle-orm';
import type { Permission } from '@portal/contracts';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import type { LocationType } from './locationType';
import { queryRows } from '../../db/rows';

/**
 * The spec addresses offices, client companies and sites (and later assets) generically:
 * `GET /api/Location/Object?objectType=`, `GET /api/Location/view?objectType=`,
 * `GET /api/Location/{id}`, `POST /api/Location`. The object types are listed in
 * features/index.ts (each feature's `index.ts` hands its type over) and passed to
 * locations.routes.ts, which dispatches to them.
 */
const namesOf = (t: LocationType) => t.objectType.toLowerCase();

/** The registry of the location object types `types` (a type listed twice stops start-up). */
export function locationRegistry(types: readonly LocationType[]) {
  /** Lower-case object type -> type. A Map: a request value never reaches a prototype. */
  const byName = new Map<string, LocationType>();
  for (const type of types) {
    if (byName.has(namesOf(type))) throw new Error(`Location object type ${type.objectType} is listed twice`);
    byName.set(namesOf(type), type);
  }

  function locationType(objectType: string | undefined): LocationType | undefined {
    return objectType === undefined ? undefined : byName.get(objectType.toLowerCase());
  }

  /** objectType -> permission, for the route declarations (lower-case keys, no prototype). */
  function locationPermissionMap(pick: (t: LocationType) => { permission: Permission } | undefined): Record<string, Permission> {
    const map: Record<string, Permission> = Object.create(null);
    for (const t of types) {
      const entry = pick(t);
      if (entry) map[namesOf(t)] = entry.permission;
    }
    return map;
  }

  /**
   * The type of a location id in the caller's namespace, in one query: offices, client
   * companies and sites share one id sequence, so at most one of their tables holds the id.
   */
  async function locationTypeOfId(db: Db, scope: Scope, id: number): Promise<LocationType | undefined> {
    const parts = types
      .filter((t) => t.tableName)
      .map(
        (t) =>
          sql`select ${t.objectType}::text as object_type from ${sql.identifier(t.tableName!)} where id = ${id}::int and namespace_id = ${scope.namespaceId}::int`,
      );
    const rows = await queryRows<{ object_type: string }>(db, sql.join(parts, sql` union all `));
    return rows[0] ? locationType(rows[0].object_type) : undefined;
  }

  return { locationType, locationPermissionMap, locationTypeOfId };
}
