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
import { databaseUrlFor } from './database';

/**
 * Makes the migrated template once per run (initialising PGlite takes seconds, loading a
 * dump of it well under one). Names carry the process id, so parallel runs do not collide.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const dumpPath = path.join(os.tmpdir(), `portal-test-template-${process.pid}.tar`);
  const templateName = `portal_test_template_${process.pid}`;
  project.provide('pgliteDump', dumpPath);
  project.provide('templateDatabase', templateName);
  if (!base) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
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
  await migratePg(drizzlePg(template, { schema }), { migrationsFolder: migrationsFolder() });
  await template.end();
  return async () => {
    const cleaner = new pg.Client({ connectionString: base });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`).catch(() => undefined);
    await cleaner.end();
  };
}
