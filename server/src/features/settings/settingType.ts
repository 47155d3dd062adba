import type { Permission } from '@portal/contracts';
import type { RequestContext } from '../context';

/** What a settings object type offers the generic `/api/Setting` calls (registry.ts). */
export interface ListQuery {
  offset: number;
  limit: number;
  name?: string;
  [key: string]: unknown;
}

export interface SettingType {
  objectType: string;
  aliases?: string[];
  /** The table its records live in (ids come from the shared settings sequence). */
  tableName?: string;
  /** GET /api/Setting?objectType= (screen lists). */
  list?: { permission: Permission; run(ctx: RequestContext, query: ListQuery): Promise<unknown[]> };
  /** GET /api/Setting/Objects and /api/Setting/Others (pickers). */
  options?: { permission: Permission; run(ctx: RequestContext, query: Record<string, string | undefined>): Promise<unknown[]> };
  /** POST /api/Setting with this objectType. */
  save?: { permission: Permission; run(ctx: RequestContext, body: unknown): Promise<unknown> };
  /** DELETE /api/Setting/{id} archives a record of this type. */
  archive?: { permission: Permission; run(ctx: RequestContext, id: number): Promise<unknown> };
  /** POST /api/Setting/{id}/restore brings an archived record back (the archive's permission). */
  restore?: { permission: Permission; run(ctx: RequestContext, id: number): Promise<unknown> };
  /** GET /api/Setting/{id}; answers null when the record is not visible to the caller. */
  get?: { permission: Permission; run(ctx: RequestContext, id: number): Promise<unknown | null> };
}
