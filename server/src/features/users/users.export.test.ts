import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { exportChunk } from './users.queries';

let t: TestContext;
let loAdmin: Client;
let clientAdmin: Client;

beforeAll(async () => {
  t = await createTestContext();
  [loAdmin, clientAdmin] = await Promise.all(['lo-admin@demo.test', 'client-admin@demo.test'].map((email) => t.login(email)));
});
afterEach(() => {
  exportChunk.rows = 5000;
  t.app.dbQueue.configure({ slots: t.app.dbKind === 'pglite' ? 1 : 10 });
});
afterAll(async () => t.close());

const EXPORT = '/api/Users?offset=-1&limit=-1';
const filtered = (client: Client, filter: object) => client.get(EXPORT, { filter: encodeURIComponent(JSON.stringify(filter)) });

describe('the users export in chunks', () => {
  it('answers the same rows in the same order whatever the chunk size', async () => {
    const whole = (await loAdmin.get(EXPORT)).json();
    const wholeFiltered = (await filtered(loAdmin, { active: true })).json();
    const wholeClient = (await clientAdmin.get(EXPORT)).json();
    expect(whole.length).toBeGreaterThan(10);
    for (const rows of [1, 3, 7]) {
      exportChunk.rows = rows;
      expect((await loAdmin.get(EXPORT)).json()).toEqual(whole);
      expect((await filtered(loAdmin, { active: true })).json()).toEqual(wholeFiltered);
      expect((await clientAdmin.get(EXPORT)).json()).toEqual(wholeClient);
    }
    exportChunk.rows = 3;
    expect((await filtered(loAdmin, { name: 'no such user anywhere' })).json()).toEqual([]);
  });

  it('lets a list asked for during an export answer before the export ends', async () => {
    // One slot, as on the embedded database.
    t.app.dbQueue.configure({ slots: 1 });
    exportChunk.rows = 2;
    const finished: string[] = [];
    const exporting = loAdmin.get(EXPORT).then((r) => finished.push(`export ${r.statusCode}`));
    const listing = loAdmin.get('/api/Users?offset=0&limit=5').then((r) => finished.push(`list ${r.statusCode}`));
    await Promise.all([exporting, listing]);
    // Before: the export was one statement and the list waited for all of it.
    expect(finished).toEqual(['list 200', 'export 200']);
  });
});
