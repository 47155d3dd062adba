import type { Config } from './config';
import type { DbQueue } from './db/queue';
import type { Db } from './db/types';
import type { DeviceCookies } from './lib/deviceCookie';
import type { BlobStore } from './lib/blobs';
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
    /** Signs and checks the device cookies of the sign-in limits (secret shared in the database). */
    deviceCookies: DeviceCookies;
    /** Waits out a sign-in slow-down (a timer, never blocking); tests inject one that records. */
    signInDelay(ms: number): Promise<void>;
    /** File contents (lib/blobs): the `files` rows say whose they are. */
    blobs: BlobStore;
  }
}
