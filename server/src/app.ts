import { setTimeout as sleep } from 'node:timers/promises';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { seedOnFirstStart } from './demo';
import { apiRoutes, CLEANUPS } from './features';
import { documentsPlugin } from './features/documents';
import { remindersPlugin } from './features/reminders';
import { BLOB_GRACE_MS, createBlobStore, moveInlineFiles } from './lib/blobs';
import { isUniqueViolation } from './lib/errors';
import { DeviceCookies } from './lib/deviceCookie';
import { IMAGE_MAX_BYTES } from './lib/files';
import { Mailer } from './lib/mail';
import { SessionStore } from './lib/sessions';
import { authPlugin } from './plugins/auth';
import { bodiesPlugin } from './plugins/bodies';
import { dbQueuePlugin } from './plugins/dbQueue';
import { errorsPlugin } from './plugins/errors';
import { maintenancePlugin } from './plugins/maintenance';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import './types';

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** How a sign-in slow-down is waited out; default a timer. Tests record the delay instead. */
  signInDelay?: (ms: number) => Promise<void>;
}

/** Builds the whole server (STYLE: buildApp for tests, server.ts only listens). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onCreate: config.seedDemo === false ? undefined : (db) => seedOnFirstStart(db, config),
    }));
  app.addHook('onClose', async () => {
    await database.close();
  });
  database.queue.configure({ maxWaitMs: config.dbQueueMaxWaitMs, maxWaiting: config.dbQueueMaxWaiting });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('dbQueue', database.queue);
  app.decorate('sessions', new SessionStore(database.db, config.sessionCacheMs, database.kind));
  app.decorate('mailer', new Mailer(database.db, app.log, config.mailFrom, config.smtpUrl));
  app.decorate('deviceCookies', new DeviceCookies(database.db));
  app.decorate('signInDelay', options.signInDelay ?? ((ms: number) => sleep(ms)));
  const blobs = createBlobStore(config.fileStore, database.db, config.filesDir);
  app.decorate('blobs', blobs);

  if (database.kind === 'postgres' && config.seedDemo === true && !options.database) {
    try {
      await seedOnFirstStart(database.db, config, { onlyIfEmpty: true });
    } catch (error) {
      // Another instance seeded the same empty database at the same moment.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  // Uploads a crash interrupted. The embedded database's lock makes this process the only
  // user of the directory; a shared one may hold other instances' uploads in progress.
  await blobs.sweepTemp(database.kind === 'pglite' ? 0 : BLOB_GRACE_MS);
  if (blobs.kind === 'dir') {
    try {
      const moved = await moveInlineFiles(database.db, blobs);
      if (moved > 0) app.log.info({ moved, dir: config.filesDir }, 'file contents moved out of the database');
    } catch (error) {
      // They stay where they are and are served from there; the next start tries again.
      app.log.error({ err: error }, 'moving file contents out of the database failed');
    }
  }

  await app.register(openApiPlugin);
  await app.register(errorsPlugin);
  await app.register(dbQueuePlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 10, fields: 20, parts: 30, fieldSize: 1_048_576 } });
  await app.register(bodiesPlugin);
  await app.register(authPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(documentsPlugin);
  await app.register(remindersPlugin);
  await app.register(staticPlugin);
  await app.register(maintenancePlugin, { cleanups: CLEANUPS });
  return app;
}
