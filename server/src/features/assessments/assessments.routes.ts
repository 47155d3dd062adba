import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssessmentCount,
  AssessmentCountQuery,
  AssessmentExportQuery,
  AssessmentFilter,
  AssessmentHistoryParams,
  AssessmentHistoryQuery,
  AssessmentHistoryRow,
  AssessmentListQuery,
  AssessmentRow,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { exportAssessments } from './assessments.export';
import { assessmentCount, assessmentHistory, assessmentList } from './assessments.service';

/**
 * The Assessments dashboard (tasks document 2.8, 7): `GET /api/Assessments?offset&limit` and
 * `/count` with the filter as a `filter` header or query parameter (DECISIONS 1), and ours: the
 * Excel export and a trainee's 'Assessment History'. Permission `assessments.read`.
 */
export async function assessmentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Assessments',
    { config: { permission: 'assessments.read' }, schema: { querystring: AssessmentListQuery, response: { 200: AssessmentRow.array() } } },
    async (request) => assessmentList(contextOf(app, request), readFilter(request, AssessmentFilter), request.query),
  );

  r.get(
    '/Assessments/count',
    { config: { permission: 'assessments.read' }, schema: { querystring: AssessmentCountQuery, response: { 200: AssessmentCount } } },
    async (request) => assessmentCount(contextOf(app, request), readFilter(request, AssessmentFilter)),
  );

  // A file download: no JSON answer schema (plugins/openapi.test.ts NOT_JSON).
  r.get(
    '/Assessments/export',
    { config: { permission: 'assessments.read' }, schema: { querystring: AssessmentExportQuery } },
    async (request, reply) =>
      exportAssessments(contextOf(app, request), readFilter(request, AssessmentFilter), request.query, request, reply),
  );

  r.get(
    '/Assessments/:assetId/history',
    {
      config: { permission: 'assessments.read' },
      schema: { params: AssessmentHistoryParams, querystring: AssessmentHistoryQuery, response: { 200: AssessmentHistoryRow.array() } },
    },
    async (request) => assessmentHistory(contextOf(app, request), request.params.assetId, request.query.taskTypeId),
  );
}
