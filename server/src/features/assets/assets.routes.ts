import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssetOptionsQuery,
  AssetRow,
  InspectorQuery,
  JobClientOption,
  JobClientQuery,
  JobSiteBody,
  JobSiteOption,
  JobUserOption,
  type Permission,
  SalesPersonQuery,
  SiteUsersQuery,
} from '@portal/contracts';
import { contextOf } from '../context';
import { assetOptions } from './assets.service';
import { inspectorOptions, jobClientsJson, salesPersonOptions, saveJobSite, siteUserOptions } from './jobResources.service';

/**
 * What the job wizard picks and creates besides the job (shell document 7): asset options,
 * a new top-level site, clients with their sites, and the user pickers. Saving an asset is the
 * generic `POST /api/Location` with objectType ASSET (assets.service.ts `assetLocation`).
 */
export async function assetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The job panel's pickers: whoever may add or edit a job. */
  const jobPanel: { anyOf: Permission[] } = { anyOf: ['jobs.create', 'jobs.update'] };

  r.get(
    '/Location/Asset',
    { config: { permission: 'assets.read' }, schema: { querystring: AssetOptionsQuery, response: { 200: AssetRow.array() } } },
    async (request) => assetOptions(contextOf(app, request), request.query),
  );

  r.get(
    '/Location/Client',
    { config: { permission: 'locations.read' }, schema: { querystring: JobClientQuery, response: { 200: JobClientOption.array() } } },
    // JSON text from the database (jobResources.service.ts), sent as it is: the schema documents it.
    async (request, reply) =>
      (reply as FastifyReply).type('application/json; charset=utf-8').send(await jobClientsJson(contextOf(app, request), request.query)),
  );

  r.post(
    '/Location/Job',
    { config: { permission: 'jobs.create' }, schema: { body: JobSiteBody, response: { 200: JobSiteOption } } },
    async (request) => saveJobSite(contextOf(app, request), request.body),
  );

  r.get(
    '/Users/Inspectors',
    { config: { permission: jobPanel }, schema: { querystring: InspectorQuery, response: { 200: JobUserOption.array() } } },
    async (request) => inspectorOptions(contextOf(app, request), request.query.officeId, request.query.include),
  );

  r.get(
    '/Users/SalesPersons',
    { config: { permission: jobPanel }, schema: { querystring: SalesPersonQuery, response: { 200: JobUserOption.array() } } },
    async (request) => salesPersonOptions(contextOf(app, request)),
  );

  r.get(
    '/Users/Site',
    { config: { permission: jobPanel }, schema: { querystring: SiteUsersQuery, response: { 200: JobUserOption.array() } } },
    async (request) => siteUserOptions(contextOf(app, request), request.query),
  );
}
