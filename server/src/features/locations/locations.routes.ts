import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssetTaskContext,
  can,
  Id,
  LocationCountAnswer,
  LocationObjectsAnswer,
  LocationRecordAnswer,
  LocationSaveAnswer,
  LocationViewAnswer,
  type Permission,
  pagingFields,
  SHELL,
  VALIDATION,
} from '@portal/contracts';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import type { LocationType } from './locationType';
import { locationRegistry } from './registry';

/** The filter header of the location lists: name and code (or acronym_code). */
export const LocationFilter = z
  .object({
    name: z.string().max(200).optional(),
    code: z.string().max(100).optional(),
    acronym_code: z.string().max(100).optional(),
  })
  .strict();

const ViewQuery = z
  .object({
    objectType: z.string().max(50),
    ...pagingFields(),
    companyId: Id.optional(),
    parentId: Id.optional(),
    tenantId: z.coerce.number().int().optional(),
    filter: z.string().optional(),
  })
  .strict();

/** Generic location calls, dispatched to the object types that features hand over (`types`, listed in features/index.ts). */
export async function locationsRoutes(app: FastifyInstance, options: { types: readonly LocationType[] }) {
  const { locationPermissionMap, locationType, locationTypeOfId } = locationRegistry(options.types);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewPermissions = locationPermissionMap((t) => t.view);

  r.get(
    '/Location/view',
    {
      config: { permission: { query: 'objectType', values: viewPermissions } },
      schema: { querystring: ViewQuery, response: { 200: LocationViewAnswer } },
    },
    async (request) => {
      const type = locationType(request.query.objectType);
      if (!type?.view) throw badRequest(VALIDATION.unknownObjectType);
      const filter = readFilter(request, LocationFilter);
      return (await type.view.list(contextOf(app, request), request.query, filter)) as z.infer<typeof LocationViewAnswer>;
    },
  );

  r.get(
    '/Location/view/count',
    {
      config: { permission: { query: 'objectType', values: viewPermissions } },
      schema: { querystring: ViewQuery, response: { 200: LocationCountAnswer } },
    },
    async (request) => {
      const type = locationType(request.query.objectType);
      if (!type?.view) throw badRequest(VALIDATION.unknownObjectType);
      const filter = readFilter(request, LocationFilter);
      return type.view.count(contextOf(app, request), request.query, filter);
    },
  );

  r.get(
    '/Location/Object',
    {
      config: { permission: { query: 'objectType', values: locationPermissionMap((t) => t.objects) } },
      schema: {
        querystring: z
          .object({ objectType: z.string().max(50), companyId: Id.optional(), tenantId: z.coerce.number().int().optional() })
          .strict(),
        response: { 200: LocationObjectsAnswer },
      },
    },
    async (request) => {
      const type = locationType(request.query.objectType);
      if (!type?.objects) throw badRequest(VALIDATION.unknownObjectType);
      return (await type.objects.run(contextOf(app, request), { companyId: request.query.companyId })) as z.infer<
        typeof LocationObjectsAnswer
      >;
    },
  );

  r.get(
    '/Location/:id',
    {
      config: { permission: 'locations.read' },
      schema: { params: z.object({ id: Id }), querystring: AssetTaskContext, response: { 200: LocationRecordAnswer } },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      const type = await locationTypeOfId(ctx.db, ctx.scope, request.params.id);
      // A record the caller may not read is answered like a missing one.
      const found = type?.get && can(ctx.user.role, type.get.permission) ? await type.get.run(ctx, request.params.id, request.query) : null;
      if (!found) throw notFound(SHELL.notFound);
      return found as z.infer<typeof LocationRecordAnswer>;
    },
  );

  const savePermissions = [...new Set(Object.values(locationPermissionMap((t) => t.save)))] as Permission[];
  r.post(
    '/Location',
    {
      config: { permission: { anyOf: savePermissions } },
      schema: {
        querystring: AssetTaskContext,
        body: z.object({ objectType: z.string().max(50) }).passthrough(),
        response: { 200: LocationSaveAnswer },
      },
    },
    async (request) => {
      const type = locationType(request.body.objectType);
      if (!type?.save) throw badRequest(VALIDATION.unknownObjectType, { objectType: VALIDATION.notLocationType });
      const ctx = contextOf(app, request);
      if (!can(ctx.user.role, type.save.permission)) throw forbidden(SHELL.forbidden);
      return (await type.save.run(ctx, request.body as Record<string, unknown>, request.query)) as z.infer<typeof LocationSaveAnswer>;
    },
  );
}
