import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Permission } from '@portal/contracts';
import type { RoutePermission } from './auth';

/**
 * The API description (issue 7 item 4): @fastify/swagger collects every route as it is added
 * and fastify-type-provider-zod turns its zod schemas into JSON schema. Administrators read
 * it as `/api/openapi.json` and as a reference page at `/api/docs` (Swagger UI, served from
 * the npm package: nothing from a CDN, and no inline script, so the pages' CSP holds).
 */
export const DOCS_PERMISSION: Permission = 'api.docs';
export const DOCS_PREFIX = '/api/docs';

const PARTS = ['params', 'querystring', 'body', 'headers'] as const;
type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<Transform>[0];

const isZod = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * jsonSchemaTransform, but a part it cannot convert (a recursive zod schema without an id,
 * a part that is plain JSON schema already) costs only that part of that route: it is left out with a note, and the
 * route and every other route stay in the document.
 */
export const safeJsonSchemaTransform: Transform = (input) => {
  const result = convert(input);
  // Who may call it, from the route's declared permission (plugins/auth.ts).
  const permission = (input.route.config as { permission?: RoutePermission } | undefined)?.permission;
  if (permission === undefined || !result.schema) return result;
  const schema = result.schema as Record<string, unknown>;
  if (permission === 'public') schema.security = [];
  const needs = `Permission: ${describe(permission)}.`;
  schema.description = schema.description ? `${needs}\n\n${schema.description}` : needs;
  return result;
};

function describe(permission: RoutePermission): string {
  if (permission === 'public') return 'none (public)';
  if (typeof permission === 'string') return `\`${permission}\``;
  if ('anyOf' in permission) return `any of ${permission.anyOf.map((p) => `\`${p}\``).join(', ')}`;
  const byValue = Object.entries(permission.values).map(([value, p]) => `${value}: \`${p}\``);
  return `by \`${permission.query}\` (${byValue.join('; ')})`;
}

const convert: Transform = (input) => {
  try {
    return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  } catch {
    const schema = (input.schema ?? {}) as Record<string, unknown>;
    const transformed: Record<string, unknown> = {};
    const left: string[] = [];
    const one = (part: Record<string, unknown>) =>
      jsonSchemaTransform({ ...input, schema: part } as Parameters<typeof jsonSchemaTransform>[0]).schema as Record<string, unknown>;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'response' && value && typeof value === 'object') {
        const responses: Record<string, unknown> = {};
        for (const [status, response] of Object.entries(value)) {
          try {
            responses[status] = (one({ response: { [status]: response } }).response as Record<string, unknown>)[status];
          } catch {
            left.push(`response ${status}`);
          }
        }
        transformed.response = responses;
      } else if ((PARTS as readonly string[]).includes(key)) {
        // A part that is JSON schema already goes on as it is: @fastify/swagger reads it.
        if (!isZod(value)) transformed[key] = value;
        else
          try {
            transformed[key] = one({ [key]: value })[key];
          } catch {
            left.push(key);
          }
      } else transformed[key] = value;
    }
    if (left.length) {
      const note = `Not described here (its schema has no JSON Schema form): ${left.join(', ')}.`;
      transformed.description = transformed.description ? `${transformed.description}\n\n${note}` : note;
    }
    return { schema: transformed as TransformInput['schema'], url: input.url };
  }
};

/**
 * Registered before the auth plugin: it must see every route as it is added, and it gives
 * Swagger UI's own routes (which take no route options) the docs permission before the auth
 * plugin checks that each /api route declares one.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const docs = route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
    if (docs && route.config?.permission === undefined) route.config = { ...route.config, permission: DOCS_PERMISSION };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Inspection portal API',
        version: '1',
        description:
          'The calls of the specification (section 7 of each document) under /api. Conventions (sessions, filters, paging, errors): docs/api.md.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: safeJsonSchemaTransform,
  });
});

/** /api/openapi.json and the reference page under /api/docs; registered under /api. */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get('/openapi.json', { config: { permission: DOCS_PERMISSION }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The UI's routes live under /api; its page links its scripts relative to this.
    indexPrefix: '/api',
    // BaseLayout: no top bar with a box to load other documents from anywhere.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Inspection portal API' },
  });
}
