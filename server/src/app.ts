import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { seedOnFirstStart } from './db/seed';
import { apiRoutes } from './features';
import { isUniqueViolation } from './lib/errors';
import { IMAGE_MAX_BYTES } from './lib/files';
import { Mailer } from './lib/mail';
import { SessionStore } from './lib/sessions';
import { authPlugin } from './plugins/auth';
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

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('sessions', new SessionStore(database.db, config.sessionCacheMs));
  app.decorate('mailer', new Mailer(database.db, app.log, config.mailFrom, config.smtpUrl));

  if (database.kind === 'postgres' && config.seedDemo === true && !options.database) {
    try {
      await seedOnFirstStart(database.db, config, { onlyIfEmpty: true });
    } catch (error) {
      // Another instance seeded the same empty database at the same moment.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  await app.register(openApiPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 10, fields: 20, parts: 30, fieldSize: 1_048_576 } });
  await app.register(authPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(staticPlugin);
  await app.register(maintenancePlugin);
  return app;
}
