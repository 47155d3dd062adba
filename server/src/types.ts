import type { Config } from './config';
import type { DbQueue } from './db/queue';
import type { Db } from './db/types';
import type { Mailer } from './lib/mail';
import type { SessionStore } from './lib/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    /** The wait queue every statement of `db` goes through (db/queue.ts). */
    dbQueue: DbQueue;
    sessions: SessionStore;
    mailer: Mailer;
  }
}
