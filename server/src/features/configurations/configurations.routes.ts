import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, ConfigMetadataAnswer, FEATURES_CONFIG_NAME, SHELL, WEB_ACCESS_CONFIG_NAME } from '@portal/contracts';
import { forbidden } from '../../lib/errors';
import { contextOf } from '../context';
import { readConfiguration } from './configurations.queries';

/** Configurations every signed-in user may read; the rest need the Settings screens' right. */
const READABLE_BY_ALL = new Set([WEB_ACCESS_CONFIG_NAME.toLowerCase(), FEATURES_CONFIG_NAME.toLowerCase()]);

export async function configurationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // GET /api/Setting/metadata?metaKey=config_json&name=webUIAccessConfiguration
  r.get(
    '/Setting/metadata',
    {
      config: { permission: 'session.read' },
      schema: {
        querystring: z.object({ metaKey: z.literal('config_json'), name: z.string().min(1).max(200) }).strict(),
        response: { 200: ConfigMetadataAnswer },
      },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      const name = request.query.name;
      if (!READABLE_BY_ALL.has(name.toLowerCase()) && !can(ctx.user.role, 'configurations.read')) throw forbidden(SHELL.forbidden);
      const value = await readConfiguration(ctx.db, ctx.scope.namespaceId, name);
      return { name, metaKey: 'config_json' as const, metaValue: value === null ? null : JSON.stringify(value), configJson: value };
    },
  );
}
