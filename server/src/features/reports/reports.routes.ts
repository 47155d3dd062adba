import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReportCount, ReportCountQuery, ReportFilter, ReportListQuery, ReportOrderQuery, ReportRow } from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { exportReports } from './reports.export';
import type { ReportOrder } from './reports.queries';
import { reportList, reportTotal } from './reports.service';

const orderOf = (query: { groupBy?: ReportOrder['groupBy']; sort?: ReportOrder['sort']; order?: ReportOrder['order'] }): ReportOrder => ({
  groupBy: query.groupBy ?? [],
  sort: query.sort,
  order: query.order,
});

/**
 * The Reports dashboard (tasks document 2.4, 7): `GET /api/Reports?offset&limit` with the
 * filter as a `filter` query parameter or header (DECISIONS 1), and ours: `groupBy`, `sort`,
 * `order` (the grid's), `/count` and the Excel export. Permission `reports.read`.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Reports',
    { config: { permission: 'reports.read' }, schema: { querystring: ReportListQuery, response: { 200: ReportRow.array() } } },
    async (request) => reportList(contextOf(app, request), readFilter(request, ReportFilter), orderOf(request.query), request.query),
  );

  r.get(
    '/Reports/count',
    { config: { permission: 'reports.read' }, schema: { querystring: ReportCountQuery, response: { 200: ReportCount } } },
    async (request) => reportTotal(contextOf(app, request), readFilter(request, ReportFilter)),
  );

  // A file download: no JSON answer schema (plugins/openapi.test.ts NOT_JSON).
  r.get('/Reports/export', { config: { permission: 'reports.read' }, schema: { querystring: ReportOrderQuery } }, async (request, reply) =>
    exportReports(contextOf(app, request), readFilter(request, ReportFilter), orderOf(request.query), request, reply),
  );
}
