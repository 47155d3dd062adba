import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS, LOCATIONS, OFFICES } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { migrationsFolder } from '../../db/paths';
import { AppError } from '../../lib/errors';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { LOCATION_TYPES } from '../index';
import type { DefinedLocationType } from './kit';

let t: TestContext;
let scheduler: Client;
let master: Client;
beforeAll(async () => {
  t = await createTestContext();
  [scheduler, master] = await Promise.all(['scheduler@demo.test', 'master_admin@demo.test'].map((email) => t.login(email)));
});
afterAll(async () => t.close());

const defined = LOCATION_TYPES.filter((type): type is DefinedLocationType<{ name: string }> => 'unique' in type);

async function activeNamed(table: string, column: string, value: string, scope: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where status = 1 and lower(${sql.identifier(column)}) = lower(${value}) and ${sql.raw(scope)}`,
  );
  return row.n;
}

describe('defineLocationType: duplicates refused by unique indexes', () => {
  it('declares offices, clients, sites and assets, each rule an active-only unique index of its scope', async () => {
    expect(defined.map((type) => type.objectType).sort()).toEqual(['ASSET', 'CLIENT_COMPANY', 'LO_OFFICE', 'SITE']);
    for (const type of defined) {
      for (const rule of type.unique) {
        const [index] = await queryRows<{ tablename: string; indexdef: string }>(
          t.app.db,
          sql`select tablename, indexdef from pg_indexes where indexname = ${rule.index}`,
        );
        expect(index?.tablename, rule.index).toBe(type.tableName);
        expect(index.indexdef).toContain('CREATE UNIQUE INDEX');
        expect(index.indexdef).toContain(`(${[...rule.scope, rule.value].join(', ')}) WHERE (status = 1)`);
      }
    }
  });

  it('two simultaneous creates of one office name: one office, one 409 with the spec text', async () => {
    const answers = await Promise.all(
      ['Sohar Office', 'SOHAR office'].map((name) => master.post('/api/Location/addNewLoOffice', { name, street: 'x' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      error: OFFICES.duplicateName,
      fields: { name: OFFICES.duplicateName },
    });
    expect(await activeNamed('offices', 'name', 'sohar office', `namespace_id = ${t.demo.id}`)).toBe(1);
  });

  it('two simultaneous Add Clients of one name: one client with its site, one 409 leaving nothing behind', async () => {
    const batch = (name: string, site: string) => ({
      Client: { name, street: 'x', acronymCode: null, officeIds: [t.demo.offices[0].id] },
      Site: { name: site, street: 'x' },
      Users: [],
    });
    const answers = await Promise.all([
      scheduler.post('/api/Location/addNewClient', batch('Falaj Lifting LLC', 'Falaj Yard One')),
      scheduler.post('/api/Location/addNewClient', batch('FALAJ LIFTING llc', 'Falaj Yard Two')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      error: LOCATIONS.duplicateClientName,
      fields: { name: LOCATIONS.duplicateClientName },
    });
    expect(await activeNamed('client_companies', 'name', 'falaj lifting llc', `namespace_id = ${t.demo.id}`)).toBe(1);
    // The refused batch's site was never written: only the saved client's site exists.
    const [sites] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from sites where name like 'Falaj Yard %'`);
    expect(sites.n).toBe(1);
  });

  it('a client code is unique too, whatever its case (409 on the code field)', async () => {
    const body = (name: string, acronymCode: string) => ({
      Client: { name, street: 'x', acronymCode, officeIds: [t.demo.offices[0].id] },
      Site: { name: 'Main', street: 'x' },
      Users: [],
    });
    expect((await scheduler.post('/api/Location/addNewClient', body('Qurum Marine', 'QMR'))).statusCode).toBe(200);
    const again = await scheduler.post('/api/Location/addNewClient', body('Qurum Offshore', 'qmr'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: LOCATIONS.duplicateClientCode, fields: { acronymCode: LOCATIONS.duplicateClientCode } });
  });

  it('two simultaneous creates of one site name, by the Location screen and the job wizard: one site, one 409', async () => {
    const client = t.demo.clients[0];
    const answers = await Promise.all([
      scheduler.post('/api/Location', { objectType: 'SITE', name: 'Liwa Depot', companyId: client.id, street: 'x' }),
      scheduler.post('/api/Location/Job', {
        objectType: 'SITE',
        name: 'LIWA depot',
        companyId: client.id,
        parentId: client.id,
        street: 'x',
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      error: LOCATIONS.duplicateSiteName,
      fields: { name: LOCATIONS.duplicateSiteName },
    });
    expect(await activeNamed('sites', 'name', 'liwa depot', `company_id = ${client.id} and parent_id is null`)).toBe(1);
    // The same name under another parent (a sub-location) or another client is no duplicate.
    const parent = client.siteIds[0];
    const sub = await scheduler.post('/api/Location', { objectType: 'SITE', name: 'Liwa Depot', companyId: client.id, parentId: parent });
    expect(sub.statusCode, sub.body).toBe(200);
    const other = t.demo.clients[1];
    const elsewhere = await scheduler.post('/api/Location', { objectType: 'SITE', name: 'Liwa Depot', companyId: other.id, street: 'x' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('two simultaneous creates of one asset name for a client: one asset, one 409 naming it as typed', async () => {
    const client = t.demo.clients[0];
    const asset = (name: string) => ({
      objectType: 'ASSET',
      assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
      companyId: client.id,
      parentId: client.siteIds[0],
      name,
    });
    const names = ['MC-7001 Grove GMK', 'mc-7001 grove gmk'];
    const answers = await Promise.all(names.map((name) => scheduler.post('/api/Location', asset(name))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refusedName = names[answers.findIndex((a) => a.statusCode === 409)];
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      error: ASSETS.duplicateName(refusedName),
      fields: { name: ASSETS.duplicateName(refusedName) },
    });
    expect(await activeNamed('assets', 'name', names[0], `company_id = ${client.id}`)).toBe(1);
  });

  it('guard answers only its own indexes, under a nested field when asked, and the transaction keeps nothing', async () => {
    const site = defined.find((type) => type.objectType === 'SITE')!;
    const client = t.demo.clients[0];
    const [first, second] = client.siteIds;
    const [target] = await queryRows<{ name: string }>(t.app.db, sql`select name from sites where id = ${first}::int`);
    const refusal = await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update sites set street = 'changed' where id = ${second}::int`);
        await site.guard(
          { name: target.name },
          () => tx.execute(sql`update sites set name = ${target.name} where id = ${second}::int`),
          'siteDetails.',
        );
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 409,
      message: LOCATIONS.duplicateSiteName,
      fields: { 'siteDetails.name': LOCATIONS.duplicateSiteName },
    });
    const [after] = await queryRows<{ street: string | null }>(t.app.db, sql`select street from sites where id = ${second}::int`);
    expect(after.street).not.toBe('changed');
    // Another table's unique violation is not the site's refusal: it goes on as it is.
    const office = defined.find((type) => type.objectType === 'LO_OFFICE')!;
    const other = await t.app.db
      .transaction(async (tx) =>
        office.guard({ name: 'x' }, () => tx.execute(sql`update sites set name = ${target.name} where id = ${second}::int`)),
      )
      .catch((error: unknown) => error);
    expect(other).not.toBeInstanceOf(AppError);
  });
});

describe('migration location_unique_names: duplicates already stored', () => {
  it('renames each later duplicate to the first free "(n)" (a client code "-n") so the indexes can be made', async () => {
    const file = readFileSync(path.join(migrationsFolder(), '0042_location_unique_names.sql'), 'utf8');
    const statements = file.split('--> statement-breakpoint').map((s) => s.trim());
    const rename = statements.find((s) => s.includes('DO $$'))!;
    const indexes = statements.filter((s) => s.startsWith('CREATE UNIQUE INDEX'));
    const ns = t.demo.id;
    const client = t.demo.clients[2];
    await t.app.db.transaction(async (tx) => {
      for (const statement of indexes) await tx.execute(sql.raw(`DROP INDEX ${statement.split('"')[1]}`));
      await tx.execute(sql`insert into offices (namespace_id, name, code, status) values
        (${ns}, 'Ruwi Office', 'RW1', 1), (${ns}, 'RUWI OFFICE', 'RW2', 1), (${ns}, 'Ruwi Office (2)', 'RW3', 1), (${ns}, 'ruwi office', 'RW4', 0)`);
      await tx.execute(sql`insert into client_companies (namespace_id, name, acronym_code, status) values
        (${ns}, 'Twin Cranes', 'TWN', 1), (${ns}, 'twin cranes', 'twn', 1)`);
      await tx.execute(sql`insert into sites (namespace_id, company_id, name, status) values
        (${ns}, ${client.id}, 'Twin Yard', 1), (${ns}, ${client.id}, 'Twin Yard', 1)`);
      await tx.execute(sql.raw(rename));
      for (const statement of indexes) await tx.execute(sql.raw(statement));
    });
    const names = async (query: ReturnType<typeof sql>) => (await queryRows<{ v: string }>(t.app.db, query)).map((r) => r.v);
    // The oldest keeps its name; "(2)" was taken, so the next one is "(3)"; archived rows are left alone.
    expect(
      await names(sql`select name as v from offices where namespace_id = ${ns} and lower(name) like 'ruwi office%' order by id`),
    ).toEqual(['Ruwi Office', 'RUWI OFFICE (3)', 'Ruwi Office (2)', 'ruwi office']);
    expect(
      await names(sql`select name || ' ' || acronym_code as v from client_companies where lower(name) like 'twin cranes%' order by id`),
    ).toEqual(['Twin Cranes TWN', 'twin cranes (2) twn-2']);
    expect(await names(sql`select name as v from sites where company_id = ${client.id} and name like 'Twin Yard%' order by id`)).toEqual([
      'Twin Yard',
      'Twin Yard (2)',
    ]);
  });
});
