import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Id,
  MessageAnswer,
  pagingFields,
  ProfileAnswer,
  ProfileBody,
  RequesterBody,
  SignatureAnswer,
  USER_STATUS_ACTIONS,
  USERS_PAGE_SIZE,
  UserBody,
  UserCountAnswer,
  UserFilter,
  UserOption,
  UserRow,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { parseBody } from '../../lib/parseBody';
import { deleteOwnSignature, profileOf, saveProfile, uploadOwnSignature } from './profile';
import { deleteSignature, uploadSignature } from './signature';
import { changeUserStatus } from './users.status';
import { createRequester, saveUser, userCount, userListJson, userOptionsJson } from './users.service';

/** offset=-1&limit=-1 answers every row (CSV export). */
const ListQuery = z
  .object({
    ...pagingFields({ limit: USERS_PAGE_SIZE }),
    filter: z.string().optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();

const CountQuery = ListQuery.pick({ filter: true, tenantId: true });

const OptionsQuery = z
  .object({
    ...pagingFields({ offset: -1, limit: -1 }),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();

const UserId = z.object({ userId: Id });

/**
 * Lists arrive from the database as JSON text already (users.queries.ts): sent as they are.
 * Fastify sends a string as it is, so their response schemas document them and cost nothing.
 */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/** Users (shell document 2 "Users dashboard", 7 "the calls it makes"). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Users',
    { config: { permission: 'users.read' }, schema: { querystring: ListQuery, response: { 200: z.array(UserRow) } } },
    async (request, reply) => {
      const filter = readFilter(request, UserFilter);
      return sendJson(reply, await userListJson(contextOf(app, request), filter, request.query));
    },
  );

  r.get(
    '/Users/count',
    { config: { permission: 'users.read' }, schema: { querystring: CountQuery, response: { 200: UserCountAnswer } } },
    async (request) => {
      const filter = readFilter(request, UserFilter);
      return userCount(contextOf(app, request), filter);
    },
  );

  r.get(
    '/Users/Others',
    { config: { permission: 'users.options' }, schema: { querystring: OptionsQuery, response: { 200: z.array(UserOption) } } },
    async (request, reply) => sendJson(reply, await userOptionsJson(contextOf(app, request), request.query)),
  );

  r.post(
    '/Users',
    {
      config: { permission: { query: 'isJob', values: { true: 'users.createRequester', false: 'users.write' }, otherwise: 'users.write' } },
      schema: {
        querystring: z.object({ isJob: z.enum(['true', 'false']).optional() }).strict(),
        body: z.record(z.string(), z.unknown()),
        response: { 200: UserRow },
      },
    },
    async (request) => {
      const ctx = contextOf(app, request);
      if (request.query.isJob === 'true') return createRequester(ctx, parseBody(RequesterBody, request.body));
      return saveUser(ctx, parseBody(UserBody, request.body));
    },
  );

  r.delete(
    '/Users/:id/:statusAction',
    {
      config: { permission: 'users.write' },
      schema: { params: z.object({ id: Id, statusAction: z.enum(USER_STATUS_ACTIONS) }), response: { 200: MessageAnswer } },
    },
    async (request) => changeUserStatus(contextOf(app, request), request.params.id, request.params.statusAction),
  );

  r.get('/profile', { config: { permission: 'profile.self' }, schema: { response: { 200: ProfileAnswer } } }, async (request) =>
    profileOf(contextOf(app, request)),
  );

  r.post(
    '/profile',
    {
      config: { permission: 'profile.self' },
      schema: { body: ProfileBody, response: { 200: ProfileAnswer.extend({ message: z.string() }) } },
    },
    async (request) => saveProfile(contextOf(app, request), request.body),
  );

  r.post(
    '/profile/signature',
    { config: { permission: 'profile.self', multipart: true }, schema: { response: { 200: SignatureAnswer } } },
    async (request) => uploadOwnSignature(contextOf(app, request), request),
  );

  r.delete(
    '/profile/signature',
    { config: { permission: 'profile.self' }, schema: { response: { 200: MessageAnswer } } },
    async (request) => deleteOwnSignature(contextOf(app, request)),
  );

  r.post(
    '/Users/signature/:userId',
    { config: { permission: 'users.write', multipart: true }, schema: { params: UserId, response: { 200: SignatureAnswer } } },
    async (request) => uploadSignature(contextOf(app, request), request, request.params.userId),
  );

  r.delete(
    '/Users/signature/:userId',
    { config: { permission: 'users.write' }, schema: { params: UserId, response: { 200: MessageAnswer } } },
    async (request) => deleteSignature(contextOf(app, request), request.params.userId),
  );
}
