import type { Permission } from '@portal/contracts';
import type { RequestContext } from '../context';

/**
 * The spec addresses offices, client companies and sites (and later assets) generically:
 * `GET /api/Location/Object?objectType=`, `GET /api/Location/view?objectType=`,
 * `GET /api/Location/{id}`, `POST /api/Location`. Each feature registers its object type
 * here and locations.routes.ts dispatches to it.
 */
export interface ViewQuery {
  objectType: string;
  offset: number;
  limit: number;
  companyId?: number;
  parentId?: number;
}

export interface LocationType {
  objectType: string;
  /** GET /api/Location/view and /view/count (paged screen lists with the filter header). */
  view?: {
    permission: Permission;
    list(ctx: RequestContext, query: ViewQuery, filter: Record<string, string | undefined>): Promise<unknown[]>;
    count(ctx: RequestContext, query: ViewQuery, filter: Record<string, string | undefined>): Promise<number>;
  };
  /** GET /api/Location/Object (pickers: every active record the caller may see). */
  objects?: { permission: Permission; run(ctx: RequestContext, query: { companyId?: number }): Promise<unknown[]> };
  /** GET /api/Location/{id}: null when the id is not of this type or not visible. */
  get?: { permission: Permission; run(ctx: RequestContext, id: number): Promise<unknown | null> };
  /** POST /api/Location with this objectType (create or update by id). */
  save?: { permission: Permission; run(ctx: RequestContext, body: Record<string, unknown>): Promise<unknown> };
}

const types: LocationType[] = [];

export function registerLocationType(type: LocationType): void {
  types.push(type);
}

export function locationType(objectType: string | undefined): LocationType | undefined {
  if (!objectType) return undefined;
  return types.find((t) => t.objectType.toLowerCase() === objectType.toLowerCase());
}

export function locationTypes(): readonly LocationType[] {
  return types;
}

/** objectType -> permission (lower-case keys), without a prototype, like settings/registry.ts permissionMap. */
export function locationPermissionMap(pick: (t: LocationType) => { permission: Permission } | undefined): Record<string, Permission> {
  const map: Record<string, Permission> = Object.create(null);
  for (const t of types) {
    const entry = pick(t);
    if (entry) map[t.objectType.toLowerCase()] = entry.permission;
  }
  return map;
}
