import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { userOf } from '../plugins/auth';
import { type Scope, scopeOf } from '../lib/scope';
import type { AuthUser } from '../lib/sessions';

/** What a service needs from a request: the database, the caller and their scope. */
export interface RequestContext {
  app: FastifyInstance;
  db: Db;
  user: AuthUser;
  scope: Scope;
}

export function contextOf(app: FastifyInstance, request: FastifyRequest): RequestContext {
  const user = userOf(request);
  return { app, db: app.db, user, scope: scopeOf(user) };
}
