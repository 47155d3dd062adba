import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHELL } from '@portal/contracts';
import { type Client, createTestContext, type TestContext } from '../../test/helpers';
import { DOCS_PREFIX, openApiPlugin } from './openapi';

let t: TestContext;
let configAdmin: Client;
let loAdmin: Client;
let scheduler: Client;
let clientAdmin: Client;

beforeAll(async () => {
  t = await createTestContext();
  [configAdmin, loAdmin, scheduler, clientAdmin] = await Promise.all(
    ['config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test', 'client-admin@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

const BUNDLE = `${DOCS_PREFIX}/static/swagger-ui-bundle.js`;

/** Routes that answer no JSON document, with the reason: they need no 200 answer schema. */
const NOT_JSON = new Map<string, string>([
  ['GET /api/filedownload', 'streams the file contents with their own content type'],
  ['GET /api/dashboard/pages/overview', 'an HTML page'],
  ['GET /api/dashboard/pages/activity', 'an HTML page'],
  ['GET /api/Location/AssetDashboard/export', 'streams an .xlsx workbook'],
  ['GET /api/Observation/llg/export', 'streams an .xlsx workbook'],
  ['GET /api/clientInventory/export', 'streams an .xlsx workbook'],
  ['GET /api/clientInventory/template', 'a CSV file'],
  ['GET /api/Assessments/export', 'streams an .xlsx workbook'],
  ['GET /api/Reports/export', 'streams an .xlsx workbook'],
]);

/** Fastify's `/api/Users/:id` as OpenAPI writes it, `/api/Users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('describes every API route as OpenAPI 3, with the zod schemas as JSON schema', async () => {
    const response = await configAdmin.get('/api/openapi.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('Inspection portal API');

    const missing: string[] = [];
    const documented = t.app.routePermissions.filter((r) => r.url !== '/api/openapi.json' && !r.url.startsWith(DOCS_PREFIX));
    expect(documented.length).toBeGreaterThan(30);
    for (const route of documented) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) missing.push(`${route.method} ${route.url}`);
      else expect(operation.responses, `${route.method} ${route.url}`).toBeDefined();
    }
    expect(missing).toEqual([]);
    // Every route that answers JSON declares its 200 answer (a zod schema in the area's
    // contracts), so the document describes it; the exceptions answer something else.
    const noAnswerSchema = documented
      .filter(
        (route) =>
          !document.paths[openApiPath(route.url)][route.method.toLowerCase()].responses?.['200']?.content?.['application/json']?.schema,
      )
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_JSON.has(route));
    expect(noAnswerSchema).toEqual([]);
    // The documentation's own routes are not API calls.
    expect(Object.keys(document.paths).filter((p) => p.startsWith(DOCS_PREFIX) || p === '/api/openapi.json')).toEqual([]);

    // A zod body became a JSON schema with its fields and required list.
    const login = document.paths['/api/weblogin'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    // Each operation says who may call it; public ones need no session.
    expect(login.security).toEqual([]);
    expect(login.description).toContain('Permission: none (public)');
    expect(document.paths['/api/Users'].get.description).toContain('Permission: `users.read`');
    expect(document.paths['/api/Users'].get.security).toBeUndefined();
    // Answers are described too, also those sent as JSON text made in the database (users list).
    const answer = (path: string, method: string) => document.paths[path][method].responses['200'].content['application/json'].schema;
    expect(Object.keys(answer('/api/Users', 'get').items.properties)).toEqual(expect.arrayContaining(['email', 'role', 'can']));
    expect(Object.keys(answer('/api/weblogin', 'post').properties)).toEqual(expect.arrayContaining(['sessionId', 'permissions']));
    expect(answer('/api/health', 'get').properties.status).toBeDefined();
    expect(answer('/api/Setting/metadata', 'get').properties.metaValue).toBeDefined();
    // The generic calls list the rows of the types they dispatch to.
    const settingRows = answer('/api/Setting', 'get').items.anyOf.map((row: { properties?: object }) => Object.keys(row.properties ?? {}));
    expect(settingRows).toEqual(
      expect.arrayContaining([expect.arrayContaining(['acronymCode', 'can']), expect.arrayContaining(['baseRole'])]),
    );
    const locationRows = answer('/api/Location/view', 'get').items.anyOf.map((row: { properties?: object }) =>
      Object.keys(row.properties ?? {}),
    );
    expect(locationRows).toEqual(
      expect.arrayContaining([expect.arrayContaining(['locationLevel']), expect.arrayContaining(['companyName'])]),
    );
    // Path parameters are listed as parameters.
    const byId = document.paths['/api/Location/{id}'].get;
    expect(byId.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]));
  });

  it('is for administrators only: 401 without a session, 403 for the other roles', async () => {
    expect((await t.anonymous.get('/api/openapi.json')).statusCode).toBe(401);
    expect((await loAdmin.get('/api/openapi.json')).statusCode).toBe(200);
    for (const client of [scheduler, clientAdmin]) {
      const response = await client.get('/api/openapi.json');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: SHELL.forbidden });
    }
  });
});

describe('the API reference page', () => {
  it('serves Swagger UI from our own files, with no inline script, under the pages CSP', async () => {
    const page = await configAdmin.get(`${DOCS_PREFIX}/`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="[^"]+"/);
      expect(attributes).not.toMatch(/src="(https?:)?\/\//);
      expect(inline.trim()).toBe('');
    }

    const bundle = await configAdmin.get(BUNDLE);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const initializer = await configAdmin.get(`${DOCS_PREFIX}/static/swagger-initializer.js`);
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('BaseLayout');
  });

  it('page, scripts and copies of the document are for administrators only', async () => {
    for (const url of [`${DOCS_PREFIX}/`, BUNDLE, `${DOCS_PREFIX}/static/swagger-ui.css`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`]) {
      expect((await t.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await scheduler.get(url)).statusCode, url).toBe(403);
      expect((await clientAdmin.get(url)).statusCode, url).toBe(403);
    }
    expect((await configAdmin.get(`${DOCS_PREFIX}/static/no-such-file.js`)).statusCode).toBe(404);
  });
});

type Tree = { children?: Tree[] };
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree).optional() }));

describe('routes whose schemas the zod transform cannot convert', () => {
  it('are listed with what can be said of them, and the document is still made', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin);
    // A recursive zod schema without an id has no JSON Schema form here.
    app.post('/api/tree/:id', { schema: { params: z.object({ id: z.string() }), body: tree } }, async () => ({}));
    // A part that is JSON schema already is passed on as it is.
    const plain = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } };
    app.put('/api/plain', { schema: { body: plain } }, async () => ({}));
    // No schema at all.
    app.get('/api/bare', async () => ({}));
    await app.ready();
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    await app.close();
    const treeRoute = document.paths['/api/tree/{id}'].post;
    expect(treeRoute.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    expect(treeRoute.requestBody).toBeUndefined();
    expect(treeRoute.description).toContain('body');
    expect(document.paths['/api/plain'].put.requestBody).toEqual(
      expect.objectContaining({ content: { 'application/json': { schema: expect.objectContaining({ properties: plain.properties }) } } }),
    );
    expect(document.paths['/api/bare'].get.responses).toBeDefined();
  });
});
