import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let scheduler: Client;
let clientUser: Client;
let acmeScheduler: Client;

beforeAll(async () => {
  t = await createTestContext();
  [scheduler, clientUser, acmeScheduler] = await Promise.all(
    ['scheduler@demo.test', 'client-user@demo.test', 'scheduler@acme.test'].map((e) => t.login(e)),
  );
});
afterAll(async () => t.close());

const state = {
  order: ['certificateNumber', 'id', 'client'],
  widths: { client: 220, id: 90 },
  grouping: ['client', 'site'],
  hidden: ['endUserName'],
};

describe('grid column states (issue 23)', () => {
  it('nothing is stored before the first save', async () => {
    const answer = await scheduler.get('/api/profile/grids/reports');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ screen: 'reports', state: null });
  });

  it('a saved state comes back whole on a new sign-in (another browser), and a second save replaces it', async () => {
    expect((await scheduler.put('/api/profile/grids/reports', state)).statusCode).toBe(200);
    const elsewhere = await t.login('scheduler@demo.test');
    expect((await elsewhere.get('/api/profile/grids/reports')).json().state).toEqual(state);
    const next = { ...state, grouping: [], widths: {} };
    expect((await elsewhere.put('/api/profile/grids/reports', next)).json().state).toEqual(next);
    expect((await scheduler.get('/api/profile/grids/reports')).json().state).toEqual(next);
  });

  it("is each user's own and each screen's own: another user, another screen and another namespace see nothing", async () => {
    await scheduler.put('/api/profile/grids/assessments', state);
    expect((await clientUser.get('/api/profile/grids/assessments')).json().state).toBeNull();
    expect((await acmeScheduler.get('/api/profile/grids/assessments')).json().state).toBeNull();
    expect((await scheduler.get('/api/profile/grids/otherScreen')).json().state).toBeNull();
    // The client user's own save leaves the scheduler's alone.
    await clientUser.put('/api/profile/grids/assessments', { ...state, grouping: ['site'] });
    expect((await scheduler.get('/api/profile/grids/assessments')).json().state.grouping).toEqual(['client', 'site']);
  });

  it('delete forgets the state (back to the screen defaults)', async () => {
    await scheduler.put('/api/profile/grids/forget', state);
    expect((await scheduler.delete('/api/profile/grids/forget')).json()).toEqual({ screen: 'forget', state: null });
    expect((await scheduler.get('/api/profile/grids/forget')).json().state).toBeNull();
  });

  it('refuses a malformed state or screen with 400, never stores it', async () => {
    const bad = [
      { ...state, widths: { client: 5 } },
      { ...state, widths: { client: 'wide' } },
      { ...state, grouping: ['a', 'b', 'c', 'd', 'e'] },
      { ...state, order: ['bad id!'] },
      { ...state, widths: JSON.parse('{"__proto__": 100}') },
      { ...state, extra: 1 },
      { order: [] },
      [],
    ];
    for (const body of bad) {
      const answer = await scheduler.put('/api/profile/grids/badstate', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await scheduler.get('/api/profile/grids/badstate')).json().state).toBeNull();
    expect((await scheduler.get('/api/profile/grids/bad%20screen')).statusCode).toBe(400);
    expect((await scheduler.get(`/api/profile/grids/${'x'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('needs a session (401)', async () => {
    expect((await t.anonymous.get('/api/profile/grids/reports')).statusCode).toBe(401);
    expect((await t.anonymous.put('/api/profile/grids/reports', state)).statusCode).toBe(401);
  });
});
