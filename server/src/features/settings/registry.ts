import type { Permission } from '@portal/contracts';
import type { RequestContext } from '../context';

/**
 * The spec addresses settings objects generically (`GET /api/Setting?objectType=...`,
 * `POST /api/Setting`, `DELETE /api/Setting/{id}`). Each feature registers its object type
 * here; settings.routes.ts dispatches to it. Object types match case-insensitively.
 */
export interface ListQuery {
  offset: number;
  limit: number;
  name?: string;
  [key: string]: unknown;
}

export interface SettingType {
  objectType: string;
  aliases?: string[];
  /** GET /api/Setting?objectType= (screen lists). */
  list?: { permission: Permission; run(ctx: RequestContext, query: ListQuery): Promise<unknown[]> };
  /** GET /api/Setting/Objects and /api/Setting/Others (pickers). */
  options?: { permission: Permission; run(ctx: RequestContext, query: Record<string, string | undefined>): Promise<unknown[]> };
  /** POST /api/Setting with this objectType. */
  save?: { permission: Permission; run(ctx: RequestContext, body: unknown): Promise<unknown> };
  /** DELETE /api/Setting/{id} archives; answers null when the id is not of this type. */
  archive?: {
    permission: Permission;
    find(ctx: RequestContext, id: number): Promise<boolean>;
    run(ctx: RequestContext, id: number): Promise<unknown>;
  };
  /** GET /api/Setting/{id}; answers null when the id is not of this type or not visible. */
  get?: { permission: Permission; run(ctx: RequestContext, id: number): Promise<unknown | null> };
}

const types: SettingType[] = [];

export function registerSettingType(type: SettingType): void {
  types.push(type);
}

const namesOf = (t: SettingType) => [t.objectType, ...(t.aliases ?? [])].map((n) => n.toLowerCase());

export function settingType(objectType: string | undefined): SettingType | undefined {
  if (!objectType) return undefined;
  const key = objectType.toLowerCase();
  return types.find((t) => namesOf(t).includes(key));
}

export function settingTypes(): readonly SettingType[] {
  return types;
}

/**
 * objectType -> permission, for the route declarations (lower-case keys). Without a prototype,
 * so that a request's `constructor` or `__proto__` finds nothing (plugins/auth.ts also looks up
 * own keys only).
 */
export function permissionMap(pick: (t: SettingType) => { permission: Permission } | undefined): Record<string, Permission> {
  const map: Record<string, Permission> = Object.create(null);
  for (const t of types) {
    const entry = pick(t);
    if (entry) for (const name of namesOf(t)) map[name] = entry.permission;
  }
  return map;
}
