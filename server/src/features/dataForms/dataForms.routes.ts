import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DataFormData,
  FORM_FILE_MAX_BYTES,
  FormFileAnswer,
  FormFileQuery,
  FormIdQuery,
  FormJsonAnswer,
  FormJsonQuery,
  FormObjectEntry,
  FormObjectQuery,
} from '@portal/contracts';
import { inTransaction } from '../../db/transaction';
import { type Kind, readSingleUpload, storeFile } from '../../lib/files';
import { actorOf } from '../../lib/scope';
import { contextOf } from '../context';
import { formData, formJson, formsOfObject, saveFormJson } from './dataForms.service';
import { FORM_FILE_OWNER } from './formFiles';

const ACCEPT: Record<z.infer<typeof FormFileQuery>['kind'], Kind[]> = {
  photo: ['png', 'jpg'],
  signature: ['png', 'jpg'],
  file: ['png', 'jpg', 'pdf'],
  attachment: ['png', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'],
};

/** Data forms' own calls (administration document section 7); list, save and archive are the generic /api/Setting ones. */
export async function dataFormsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Setting/FormJSON',
    { config: { permission: 'dataForms.definition' }, schema: { querystring: FormJsonQuery, response: { 200: FormJsonAnswer } } },
    async (request) => formJson(contextOf(app, request), request.query.formId, request.query.revision),
  );

  r.post(
    '/Setting/FormJSON',
    {
      config: { permission: 'dataForms.write' },
      // FormJsonSaveBody, checked by the service so that a wrong definition gets the spec's message with its paths.
      schema: { body: z.unknown(), response: { 200: FormJsonAnswer } },
    },
    async (request) => saveFormJson(contextOf(app, request), request.body),
  );

  r.get(
    '/Setting/formdata',
    { config: { permission: 'dataForms.definition' }, schema: { querystring: FormIdQuery, response: { 200: DataFormData } } },
    async (request) => formData(contextOf(app, request), request.query.formId),
  );

  r.get(
    '/Setting/FormObject',
    {
      config: { permission: 'dataForms.definition' },
      schema: { querystring: FormObjectQuery, response: { 200: FormObjectEntry.array() } },
    },
    async (request) => formsOfObject(contextOf(app, request), request.query.formobject),
  );

  r.post(
    '/Setting/formfile',
    {
      config: { permission: 'dataForms.definition', multipart: true },
      schema: { querystring: FormFileQuery, response: { 200: FormFileAnswer } },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      const upload = await readSingleUpload(request, app.blobs, 'file', ACCEPT[request.query.kind], FORM_FILE_MAX_BYTES, {
        image: request.query.kind === 'signature' ? 'signature' : 'photo',
      });
      const stored = await inTransaction(ctx.db, actorOf(ctx.user), (tx) =>
        storeFile(tx, {
          namespaceId: ctx.scope.namespaceId,
          ownerType: FORM_FILE_OWNER,
          ownerId: ctx.user.id,
          createdBy: ctx.user.id,
          upload,
        }),
      );
      return { blobKey: stored.blobKey, fileName: upload.fileName, size: upload.size, contentType: upload.contentType };
    },
  );
}
