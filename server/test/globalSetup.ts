import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/db/paths';
import * as schema from '../src/db/schema';
import { seedDemo } from '../src/demo';
import type { Db } from '../src/db/types';
import { databaseUrlFor, TEST_MAIL_DOMAIN } from './database';

/** The two fixture namespaces (demo and acme, 'basic' scale), seeded once into the template. */
async function seed(db: unknown) {
  return seedDemo(db as Db, { defaultMailDomain: TEST_MAIL_DOMAIN }, 'basic');
}

/**
 * Makes the migrated and seeded template once per run (initialising PGlite and seeding take
 * seconds, loading a dump of the result well under one); every test file starts from a copy.
 * Names carry the process id, so parallel runs do not collide.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const dumpPath = path.join(os.tmpdir(), `portal-test-template-${process.pid}.tar`);
  const templateName = `portal_test_template_${process.pid}`;
  project.provide('pgliteDump', dumpPath);
  project.provide('templateDatabase', templateName);
  if (!base) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    project.provide('seeded', await seed(db));
    const dump = await client.dumpDataDir('none');
    await client.close();
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    return async () => {
      await rm(dumpPath, { force: true });
    };
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${templateName}"`);
  await admin.end();
  const template = new pg.Client({ connectionString: databaseUrlFor(base, templateName) });
  await template.connect();
  const db = drizzlePg(template, { schema });
  await migratePg(db, { migrationsFolder: migrationsFolder() });
  project.provide('seeded', await seed(db));
  await template.end();
  return async () => {
    const cleaner = new pg.Client({ connectionString: base });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`).catch(() => undefined);
    await cleaner.end();
  };
}
