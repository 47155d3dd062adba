import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  can,
  Id,
  MessageAnswer,
  type Permission,
  pagingFields,
  SettingArchiveAnswer,
  SettingListAnswer,
  SettingOptionsAnswer,
  SettingRecordAnswer,
  SettingSaveAnswer,
  SHELL,
  VALIDATION,
} from '@portal/contracts';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { contextOf } from '../context';
import { settingRegistry } from './registry';
import type { SettingType } from './settingType';

/**
 * The generic settings calls of the spec, dispatched to the object types that features
 * hand over (`types`, listed in features/index.ts; features/settings/registry.ts).
 */
export async function settingsRoutes(app: FastifyInstance, options: { types: readonly SettingType[] }) {
  const { permissionMap, settingType, settingTypeOfId } = settingRegistry(options.types);
  const anyOf = (pick: Parameters<typeof permissionMap>[0]): Permission[] => [...new Set(Object.values(permissionMap(pick)))];
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Setting',
    {
      config: { permission: { query: 'objectType', values: permissionMap((t) => t.list) } },
      schema: {
        querystring: z
          .object({
            objectType: z.string().max(50),
            tenantId: z.coerce.number().int().optional(),
            name: z.string().max(200).optional(),
            /** Ours: the archived records instead of the active ones (settings kit types). */
            archived: z.enum(['true', 'false', '1', '0']).optional(),
            ...pagingFields(),
          })
          .passthrough(),
        response: { 200: SettingListAnswer },
      },
    },
    async (request) => {
      const type = settingType(request.query.objectType);
      if (!type?.list) throw badRequest(VALIDATION.unknownObjectType);
      return (await type.list.run(contextOf(app, request), request.query)) as z.infer<typeof SettingListAnswer>;
    },
  );

  for (const path of ['/Setting/Objects', '/Setting/Others']) {
    r.get(
      path,
      {
        config: { permission: { query: 'objectType', values: permissionMap((t) => t.options) } },
        schema: {
          // An object with its one known key and any others as strings (the pickers' filters),
          // not z.record: a record has no properties, and OpenAPI cannot say it as query
          // parameters (the document called it one parameter of schema "object").
          querystring: z.object({ objectType: z.string().max(200).optional() }).catchall(z.string().max(200)),
          response: { 200: SettingOptionsAnswer },
        },
      },
      async (request) => {
        const type = settingType(request.query.objectType);
        if (!type?.options) throw badRequest(VALIDATION.unknownObjectType);
        return (await type.options.run(contextOf(app, request), request.query)) as z.infer<typeof SettingOptionsAnswer>;
      },
    );
  }

  r.post(
    '/Setting',
    {
      config: { permission: { anyOf: anyOf((t) => t.save) } },
      schema: { body: z.object({ objectType: z.string().max(50) }).passthrough(), response: { 200: SettingSaveAnswer } },
    },
    async (request) => {
      const type = settingType(request.body.objectType);
      if (!type?.save) throw badRequest(VALIDATION.unknownObjectType, { objectType: VALIDATION.notSettingType });
      const ctx = contextOf(app, request);
      if (!can(ctx.user.role, type.save.permission)) throw forbidden(SHELL.forbidden);
      return (await type.save.run(ctx, request.body)) as z.infer<typeof SettingSaveAnswer>;
    },
  );

  r.delete(
    '/Setting/:id',
    {
      config: { permission: { anyOf: anyOf((t) => t.archive) } },
      schema: { params: z.object({ id: Id }), response: { 200: SettingArchiveAnswer } },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      const type = await settingTypeOfId(ctx.db, ctx.scope, request.params.id);
      if (!type?.archive) throw notFound(SHELL.notFound);
      if (!can(ctx.user.role, type.archive.permission)) throw forbidden(SHELL.forbidden);
      return (await type.archive.run(ctx, request.params.id)) as z.infer<typeof SettingArchiveAnswer>;
    },
  );

  // Ours (the spec restores nothing): an archived record comes back, with the archive's right.
  r.post(
    '/Setting/:id/restore',
    {
      config: { permission: { anyOf: anyOf((t) => t.restore) } },
      schema: { params: z.object({ id: Id }), response: { 200: MessageAnswer } },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      const type = await settingTypeOfId(ctx.db, ctx.scope, request.params.id);
      if (!type?.restore) throw notFound(SHELL.notFound);
      if (!can(ctx.user.role, type.restore.permission)) throw forbidden(SHELL.forbidden);
      return (await type.restore.run(ctx, request.params.id)) as z.infer<typeof MessageAnswer>;
    },
  );

  r.get(
    '/Setting/:id',
    { config: { permission: 'session.read' }, schema: { params: z.object({ id: Id }), response: { 200: SettingRecordAnswer } } },
    async (request) => {
      const ctx = contextOf(app, request);
      const type = await settingTypeOfId(ctx.db, ctx.scope, request.params.id);
      // A record of a type the caller may not read is answered like a missing one.
      const found = type?.get && can(ctx.user.role, type.get.permission) ? await type.get.run(ctx, request.params.id) : null;
      if (!found) throw notFound(SHELL.notFound);
      return found as z.infer<typeof SettingRecordAnswer>;
    },
  );
}
