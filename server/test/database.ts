import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import type { SeededNamespace } from '../src/demo/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    templateDatabase: string;
    /** What globalSetup seeded into the template: the ids tests refer to. */
    seeded: { demo: SeededNamespace; acme: SeededNamespace };
  }
}

/** DEFAULT_MAIL_DOMAIN of the tests, also the domain of the seeded namespace administrators. */
export const TEST_MAIL_DOMAIN = 'demo.test';

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh copy of the migrated and seeded template, for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dump = new Blob([await readFile(inject('pgliteDump'))]);
    return openDatabase({ memory: { loadDataDir: dump } });
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: databaseUrlFor(base, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await dropper.end();
    },
  };
}
