import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, MessageAnswer, OFFICE_OBJECT_TYPE, OfficeFilter, OfficeRow, OfficeSaveBody } from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { archiveOffice, officeList, saveOffice } from './offices.service';

const OfficeListQuery = z
  .object({
    objectType: z
      .string()
      .max(50)
      .refine((v) => v.toUpperCase() === OFFICE_OBJECT_TYPE, `must be ${OFFICE_OBJECT_TYPE}`)
      .optional(),
    filter: z.string().optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();

/** LO Office page (administration document: "LO Office page", section 7 "Locations"). */
export async function officesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Location/view/loOffice',
    { config: { permission: 'offices.read' }, schema: { querystring: OfficeListQuery, response: { 200: OfficeRow.array() } } },
    async (request) => officeList(contextOf(app, request), readFilter(request, OfficeFilter)),
  );

  r.post(
    '/Location/addNewLoOffice',
    { config: { permission: 'offices.write' }, schema: { body: OfficeSaveBody, response: { 200: OfficeRow } } },
    async (request) => saveOffice(contextOf(app, request), request.body),
  );

  r.delete(
    '/Location/deleteLoOffice/:id',
    { config: { permission: 'offices.write' }, schema: { params: z.object({ id: Id }), response: { 200: MessageAnswer } } },
    async (request) => archiveOffice(contextOf(app, request), request.params.id),
  );
}
