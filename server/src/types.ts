import type { Config } from './config';
import type { Db } from './db/types';
import type { BlobStore } from './lib/blobs';
import type { Mailer } from './lib/mail';
import type { SessionStore } from './lib/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    sessions: SessionStore;
    mailer: Mailer;
    /** File contents (lib/blobs): the `files` rows say whose they are. */
    blobs: BlobStore;
  }
}
