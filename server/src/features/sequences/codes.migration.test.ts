import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/paths';

/**
 * Migration 0023 (office and division codes): existing data whose codes already collide is
 * made unique without losing anything. The database is migrated to 0022, given colliding
 * offices and divisions the old saves allowed, then migrated on.
 */
const CODES_MIGRATION = '0023_unique_office_division_codes';

let client: PGlite;
let folder: string;

type Journal = { entries: { tag: string }[] };

async function migrateTo(lastTag: string) {
  const full: Journal = JSON.parse(await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  const last = full.entries.findIndex((e) => e.tag === lastTag);
  const journal = { ...full, entries: full.entries.slice(0, last + 1) };
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  await migrate(drizzle(client), { migrationsFolder: folder });
}

const rows = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  await cp(migrationsFolder(), folder, { recursive: true });
  client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateTo('0022_certificate_trust');

  const [a] = await rows<{ id: number }>(`insert into namespaces (name, company_name) values ('a', 'A') returning id`);
  const [b] = await rows<{ id: number }>(`insert into namespaces (name, company_name) values ('b', 'B') returning id`);
  const office = (ns: number, name: string, acronym: string | null, status = 1) =>
    client.query('insert into offices (namespace_id, name, acronym_code, status) values ($1, $2, $3, $4)', [ns, name, acronym, status]);
  const division = (ns: number, name: string, acronym: string | null, status = 1) =>
    client.query('insert into divisions (namespace_id, name, acronym_code, status) values ($1, $2, $3, $4)', [ns, name, acronym, status]);
  // What the old saves allowed: derived codes were never compared, typed ones without trimming.
  await office(a.id, 'Dubai Office', null);
  await office(a.id, 'Dubai South', null);
  await office(a.id, 'Dubrovnik', 'dub');
  await office(a.id, 'Sharjah Office', 'SHJ ');
  await office(a.id, 'Sharjah North', 'shj');
  await office(a.id, 'Dub2 Office', 'DUB2');
  await office(a.id, 'Dubai Old', null, 0);
  await office(a.id, '---', null);
  await office(b.id, 'Dubai Office', null);
  await division(a.id, 'Lifting Gear', null);
  await division(a.id, 'LIFTING', 'LFT');
  await division(a.id, 'Lift Trucks', '');
  await division(b.id, 'Lifting', null);
  await migrateTo(CODES_MIGRATION);
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0023: office and division codes', () => {
  it('gives every active office of a namespace its own code: typed acronyms first, then the oldest', async () => {
    const offices = await rows<{ ns: string; name: string; acronym_code: string | null; code: string; status: number }>(
      `select n.name as ns, o.name, o.acronym_code, o.code, o.status from offices o join namespaces n on n.id = o.namespace_id order by o.id`,
    );
    expect(offices.map((o) => [o.ns, o.name, o.code])).toEqual([
      ['a', 'Dubai Office', 'DUB3'],
      ['a', 'Dubai South', 'DUB4'],
      ['a', 'Dubrovnik', 'DUB'],
      ['a', 'Sharjah Office', 'SHJ'],
      ['a', 'Sharjah North', 'SHJ2'],
      ['a', 'Dub2 Office', 'DUB2'],
      // Archived: its plain code; the unique index covers active offices only.
      ['a', 'Dubai Old', 'DUB'],
      ['a', '---', 'X'],
      // Another namespace numbers apart.
      ['b', 'Dubai Office', 'DUB'],
    ]);
    // Nothing typed is lost or rewritten.
    expect(offices.map((o) => o.acronym_code)).toEqual([null, null, 'dub', 'SHJ ', 'shj', 'DUB2', null, null, null]);
  });

  it('does the same for divisions', async () => {
    const divisions = await rows<{ name: string; code: string }>(`select name, code from divisions order by id`);
    expect(divisions.map((d) => [d.name, d.code])).toEqual([
      ['Lifting Gear', 'LIF'],
      ['LIFTING', 'LFT'],
      ['Lift Trucks', 'LIF2'],
      ['Lifting', 'LIF'],
    ]);
  });

  it('leaves the codes required and unique among active records, per namespace', async () => {
    const [a] = await rows<{ id: number }>(`select id from namespaces where name = 'a'`);
    await expect(client.query(`insert into offices (namespace_id, name, code) values ($1, 'Dubai Marina', 'DUB')`, [a.id])).rejects.toThrow(
      /offices_active_code_key/,
    );
    await expect(client.query(`insert into offices (namespace_id, name) values ($1, 'No Code')`, [a.id])).rejects.toThrow(/null/);
    await expect(client.query(`insert into divisions (namespace_id, name, code) values ($1, 'Lifts', 'LIF2')`, [a.id])).rejects.toThrow(
      /divisions_active_code_key/,
    );
    await client.query(`insert into offices (namespace_id, name, code, status) values ($1, 'Dubai Closed', 'DUB', 0)`, [a.id]);
  });
});
