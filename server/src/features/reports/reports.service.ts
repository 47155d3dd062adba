import type { ReportFilter, ReportRow } from '@portal/contracts';
import type { RequestContext } from '../context';
import { type ReportOrder, reportCount, reportIds, reportRows } from './reports.queries';

/**
 * The Reports dashboard (tasks document 2.4, 7: `GET /api/Reports?offset&limit`, `/count`, and
 * ours: the Excel export). A page is chosen in the grid's order: its grouping columns first,
 * so a group's rows stay together across Load More pages, then its sort column, then newest
 * first; the count does not depend on the order.
 */
export async function reportList(
  ctx: RequestContext,
  filter: ReportFilter,
  order: ReportOrder,
  paging: { offset: number; limit: number },
): Promise<ReportRow[]> {
  const ids = await reportIds(ctx.db, ctx.scope, filter, order, {
    offset: paging.offset,
    limit: paging.limit < 0 ? null : paging.limit,
  });
  return reportRows(ctx.db, ids);
}

export async function reportTotal(ctx: RequestContext, filter: ReportFilter): Promise<number> {
  return reportCount(ctx.db, ctx.scope, filter);
}
