import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAnswer,
  DeleteQuery,
  FolderQuery,
  LibraryEntry,
  LibraryKind,
  ParentQuery,
  SaveEntityBody,
  SaveFileAnswer,
} from '@portal/contracts';
import { contextOf } from '../context';
import { deleteEntity, folderFiles, libraryFolders, saveEntity } from './library.service';
import { uploadLibraryFiles } from './library.upload';

/**
 * The technical libraries (administration document "Libraries" calls; DECISIONS 10). Reads
 * need `library.read`, changes `library.write`; client roles see only their company's client
 * and site (another's answers 404, as another namespace's ids do).
 */
export async function libraryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/document/getEntityByClientAndSiteId',
    { config: { permission: 'library.read' }, schema: { querystring: FolderQuery, response: { 200: LibraryEntry.array() } } },
    async (request) => libraryFolders(contextOf(app, request), request.query),
  );

  // getEntityByName?name=<library>: the folders of product technical information (no client or
  // site); with parentId, that folder's files.
  r.get(
    '/document/getEntityByName',
    {
      config: { permission: 'library.read' },
      schema: {
        querystring: z.object({ name: LibraryKind.optional(), parentId: ParentQuery.shape.parentId.optional() }),
        response: { 200: LibraryEntry.array() },
      },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      if (request.query.parentId) return folderFiles(ctx, request.query.parentId);
      return libraryFolders(ctx, { name: request.query.name ?? 'technical' });
    },
  );

  r.get(
    '/document/getEntityByParentId',
    { config: { permission: 'library.read' }, schema: { querystring: ParentQuery, response: { 200: LibraryEntry.array() } } },
    async (request) => folderFiles(contextOf(app, request), request.query.parentId),
  );

  r.post(
    '/document/saveEntity',
    { config: { permission: 'library.write' }, schema: { body: SaveEntityBody, response: { 200: LibraryEntry } } },
    async (request) => saveEntity(contextOf(app, request), request.body),
  );

  r.post(
    '/document/saveFile',
    {
      config: { permission: 'library.write', multipart: true },
      schema: { querystring: z.object({ parentId: ParentQuery.shape.parentId.optional() }), response: { 200: SaveFileAnswer } },
    },
    async (request) => uploadLibraryFiles(contextOf(app, request), request, request.query.parentId),
  );

  r.delete(
    '/document/deleteEntity',
    { config: { permission: 'library.write' }, schema: { querystring: DeleteQuery, response: { 200: DeleteAnswer } } },
    async (request) => deleteEntity(contextOf(app, request), request.query.documentId),
  );
}
