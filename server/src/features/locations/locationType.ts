import type { Permission } from '@portal/contracts';
import type { RequestContext } from '../context';

/** What a location object type offers the generic `/api/Location` calls (registry.ts). */
export interface ViewQuery {
  objectType: string;
  offset: number;
  limit: number;
  companyId?: number;
  parentId?: number;
}

/** What a call says about where it comes from: `?observationId=` when a record is opened from a task. */
export interface LocationCallContext {
  observationId?: number;
}

export interface LocationType {
  objectType: string;
  /** The table its records live in (ids from the shared location sequence). */
  tableName?: string;
  /** GET /api/Location/view and /view/count (paged screen lists with the filter header). */
  view?: {
    permission: Permission;
    list(ctx: RequestContext, query: ViewQuery, filter: Record<string, string | undefined>): Promise<unknown[]>;
    count(ctx: RequestContext, query: ViewQuery, filter: Record<string, string | undefined>): Promise<number>;
  };
  /** GET /api/Location/Object (pickers: every active record the caller may see). */
  objects?: { permission: Permission; run(ctx: RequestContext, query: { companyId?: number }): Promise<unknown[]> };
  /** GET /api/Location/{id}: null when the id is not of this type or not visible. */
  get?: { permission: Permission; run(ctx: RequestContext, id: number, context: LocationCallContext): Promise<unknown | null> };
  /** POST /api/Location with this objectType (create or update by id). */
  save?: {
    permission: Permission;
    run(ctx: RequestContext, body: Record<string, unknown>, context: LocationCallContext): Promise<unknown>;
  };
}
