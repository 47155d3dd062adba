import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, DataDirLockedError, exitOnLockLost } from './dataDirLock';
import { migrationsFolder } from './paths';
import { DEFAULT_QUEUE } from '../config';
import { DbQueue } from './queue';
import * as schema from './schema';
import type { Db } from './types';

export interface Database {
  /** Every statement of this handle waits its turn in `queue` (db/queue.ts). */
  db: Db;
  kind: 'pglite' | 'postgres';
  queue: DbQueue;
  /** True when this start created the database (a fresh embedded directory). */
  created: boolean;
  close(): Promise<void>;
}

export class DatabaseError extends Error {}

const DB_FOLDER = 'db';

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir. */
export async function openDatabase(options: {
  dataDir?: string;
  databaseUrl?: string;
  /** Runs once on a database created by this call, before it is made visible (seed). */
  onCreate?: (db: Db) => Promise<void>;
  /** In-memory PGlite for tests, optionally loaded from a dump of a migrated template. */
  memory?: { loadDataDir?: Blob };
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (options.memory) return openMemory(options.memory.loadDataDir);
  if (!options.dataDir) throw new DatabaseError('DATA_DIR is not set');
  return openEmbedded(options.dataDir, options.onCreate);
}

/** Connections to PostgreSQL per instance; the queue gives out as many slots. */
const POOL_SIZE = 10;

/**
 * The pool as Drizzle sees it: a query waits for a slot of the queue, and a transaction's
 * connection holds one slot until it is released. (Drizzle recognises a pool by "Pool" in
 * the class name.)
 */
class QueuedPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly queue: DbQueue,
  ) {}

  query(...args: unknown[]): Promise<unknown> {
    return this.queue.run(() => (this.pool.query as (...a: unknown[]) => Promise<unknown>)(...args));
  }

  async connect(): Promise<pg.PoolClient> {
    const giveSlotBack = await this.queue.acquire();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      giveSlotBack();
      throw error;
    }
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      client.release = release;
      try {
        release.call(client, error);
      } finally {
        giveSlotBack();
      }
    };
    return client;
  }
}

/** PGlite as Drizzle sees it: each statement, and each whole transaction, waits for the slot. */
function queuedPglite(client: PGlite, queue: DbQueue): PGlite {
  return {
    query: (...args: Parameters<PGlite['query']>) => queue.run(() => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => queue.run(() => client.exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => queue.run(() => client.transaction(...args)),
  } as unknown as PGlite;
}

const pgliteQueue = () => new DbQueue({ slots: 1, ...DEFAULT_QUEUE });

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  try {
    const client = await pool.connect();
    try {
      // One instance migrates at a time; the others wait and then find nothing to do.
      await client.query('SELECT pg_advisory_lock(727501)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727501)').catch(() => undefined);
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseError(`Cannot open PostgreSQL at DATABASE_URL: ${(error as Error).message}`);
  }
  const queue = new DbQueue({ slots: POOL_SIZE, ...DEFAULT_QUEUE });
  const db = drizzlePg(new QueuedPool(pool, queue) as unknown as pg.Pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', queue, created: false, close: () => pool.end() };
}

async function openMemory(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  const queue = pgliteQueue();
  const db = drizzlePglite({ client: queuedPglite(client, queue), schema }) as unknown as Db;
  return { db, kind: 'pglite', queue, created: !loadDataDir, close: () => client.close() };
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * The embedded database. PGlite does not lock its directory, so a lock file keeps a second
 * process out. A first-time initialisation happens in a side folder that is renamed into
 * place only when complete, so a kill during it leaves nothing half-made behind.
 */
async function openEmbedded(dataDir: string, onCreate?: (db: Db) => Promise<void>): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    // A paused process whose lock was taken over exits without touching the data again.
    ({ release } = await acquireDataDirLock(dataDir, { onLost: exitOnLockLost }));
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new DatabaseError(error.message);
    throw error;
  }

  try {
    const target = path.join(dataDir, DB_FOLDER);
    for (const entry of await readdir(dataDir)) {
      if (entry.startsWith(`${DB_FOLDER}.init-`)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    let created = false;
    if (!(await exists(target))) {
      const side = path.join(dataDir, `${DB_FOLDER}.init-${process.pid}-${Date.now()}`);
      const fresh = await PGlite.create(side, { extensions: { pg_trgm } });
      const db = drizzlePglite(fresh, { schema });
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      if (onCreate) await onCreate(db as unknown as Db);
      await fresh.close();
      await rename(side, target);
      created = true;
    }
    const client = await PGlite.create(target, { extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    const queue = pgliteQueue();
    return {
      db: drizzlePglite({ client: queuedPglite(client, queue), schema }) as unknown as Db,
      kind: 'pglite',
      queue,
      created,
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release().catch(() => undefined);
    if (error instanceof DatabaseError) throw error;
    throw new DatabaseError(`Cannot open the embedded database in ${dataDir}: ${(error as Error).message}`);
  }
}

/** Whether the database holds any namespace yet (decides seeding on PostgreSQL). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.namespaces);
  return (rows[0]?.n ?? 0) === 0;
}
