import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssetArchiveBody,
  AssetAttributesBody,
  AssetDashboardAnswer,
  AssetDashboardQuery,
  AssetFilesAnswer,
  AssetHistoryAnswer,
  AssetHistoryQuery,
  AssetOpenTask,
  AssetShiftBody,
  AssetTaskContext,
  AssetUploadQuery,
  Id,
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
import { archiveAssetFile, assetHistory, openTasksOf, saveAssetAttributes, shiftAsset, uploadAssetFile } from './assetsArea.service';
import { assetDashboard, exportAssetDashboard } from './assetDashboard.service';
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

  // The assets area (tasks document 2.5 and 2.6): dashboard, export, shift, attributes, history, files.
  const idParams = z.object({ id: Id });
  r.get(
    '/Location/AssetDashboard',
    { config: { permission: 'assets.read' }, schema: { querystring: AssetDashboardQuery, response: { 200: AssetDashboardAnswer } } },
    async (request) => assetDashboard(contextOf(app, request), request.query),
  );
  r.get(
    '/Location/AssetDashboard/export',
    { config: { permission: 'assets.read' }, schema: { querystring: AssetDashboardQuery } },
    async (request, reply) => exportAssetDashboard(contextOf(app, request), request.query, request, reply),
  );
  r.get(
    '/Location/Observation/:id',
    { config: { permission: 'assets.read' }, schema: { params: idParams, response: { 200: AssetOpenTask.array() } } },
    async (request) => openTasksOf(contextOf(app, request), request.params.id),
  );
  r.post(
    '/Location/Asset/:id/shift',
    {
      config: { permission: 'assets.update' },
      schema: {
        params: idParams,
        querystring: AssetTaskContext,
        body: AssetShiftBody,
        response: { 200: z.object({ id: z.number(), parentId: z.number(), siteId: z.number(), site: z.string(), message: z.string() }) },
      },
    },
    async (request) => shiftAsset(contextOf(app, request), request.params.id, request.body.parentId, request.query.observationId),
  );
  r.post(
    '/Location/Asset/:id',
    {
      config: { permission: 'assets.update' },
      schema: {
        params: idParams,
        querystring: AssetTaskContext,
        body: AssetAttributesBody,
        response: { 200: z.object({ id: z.number(), message: z.string() }) },
      },
    },
    async (request) => saveAssetAttributes(contextOf(app, request), request.params.id, request.body, request.query.observationId),
  );
  r.get(
    '/Observation/Asset',
    { config: { permission: 'assets.read' }, schema: { querystring: AssetHistoryQuery, response: { 200: AssetHistoryAnswer } } },
    async (request) => assetHistory(contextOf(app, request), request.query),
  );
  r.post(
    '/Location/saveAttachment/:id',
    {
      config: { permission: 'assets.update', multipart: true },
      schema: { params: idParams, querystring: AssetUploadQuery, response: { 200: AssetFilesAnswer } },
    },
    async (request) =>
      uploadAssetFile(contextOf(app, request), request, request.params.id, request.query.section, request.query.observationId),
  );
  r.post(
    '/Location/deleteAttachment/:id',
    {
      config: { permission: 'assets.update' },
      schema: { params: idParams, querystring: AssetTaskContext, body: AssetArchiveBody, response: { 200: AssetFilesAnswer } },
    },
    async (request) => archiveAssetFile(contextOf(app, request), request.params.id, request.body.blobKey, request.query.observationId),
  );
}
