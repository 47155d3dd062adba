import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LooseGearCount,
  LooseGearCountQuery,
  LooseGearFilter,
  LooseGearHistoryRow,
  LooseGearItemParams,
  LooseGearListQuery,
  LooseGearRow,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { exportLooseGear } from './looseGear.export';
import { looseGearCount, looseGearHistory, looseGearList } from './looseGear.service';

/**
 * The Loose Gear register (tasks document 2.7, 7): `GET /api/Observation/llg?offset&limit` and
 * `/llg/count` with the filter as a `filter` query parameter or header (DECISIONS 1), an item's
 * examinations and the Excel export (ours). Permission `llg.read`.
 */
export async function looseGearRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Observation/llg',
    { config: { permission: 'llg.read' }, schema: { querystring: LooseGearListQuery, response: { 200: LooseGearRow.array() } } },
    async (request) => looseGearList(contextOf(app, request), readFilter(request, LooseGearFilter), request.query),
  );

  r.get(
    '/Observation/llg/count',
    { config: { permission: 'llg.read' }, schema: { querystring: LooseGearCountQuery, response: { 200: LooseGearCount } } },
    async (request) => looseGearCount(contextOf(app, request), readFilter(request, LooseGearFilter)),
  );

  // A file download: no JSON answer schema (plugins/openapi.test.ts NOT_JSON).
  r.get(
    '/Observation/llg/export',
    { config: { permission: 'llg.read' }, schema: { querystring: LooseGearCountQuery } },
    async (request, reply) => exportLooseGear(contextOf(app, request), readFilter(request, LooseGearFilter), request, reply),
  );

  r.get(
    '/Observation/llg/:itemId/history',
    {
      config: { permission: 'llg.read' },
      schema: { params: LooseGearItemParams, response: { 200: LooseGearHistoryRow.array() } },
    },
    async (request) => looseGearHistory(contextOf(app, request), request.params.itemId),
  );
}
