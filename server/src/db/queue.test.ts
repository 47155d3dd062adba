import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL } from '@portal/contracts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { users } from './schema';
import { asRequest, DbQueue, QueueFullError } from './queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('the database queue', () => {
  it('serves new requests in the order they came (FIFO)', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 100 });
    const hold = await queue.acquire();
    const order: string[] = [];
    const runs = ['a', 'b', 'c', 'd'].map((name) => asRequest(() => queue.run(async () => order.push(name))));
    await sleep(5);
    expect(order).toEqual([]);
    hold();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it("serves a started request's next statement before newer requests", async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 100 });
    const order: string[] = [];
    const secondStep = gate();
    // Request A runs its first statement, then does other work while B and C arrive.
    const a = asRequest(async () => {
      await queue.run(async () => order.push('a1'));
      await secondStep.opened;
      await queue.run(async () => order.push('a2'));
    });
    await sleep(5);
    const hold = await queue.acquire();
    const b = asRequest(() => queue.run(async () => order.push('b')));
    const c = asRequest(() => queue.run(async () => order.push('c')));
    secondStep.open();
    await sleep(5);
    hold();
    await Promise.all([a, b, c]);
    // Before: a2 went to the back of the line, behind every request that arrived meanwhile.
    expect(order).toEqual(['a1', 'a2', 'b', 'c']);
  });

  it('refuses a new request that waits longer than the maximum wait, with 503 and Retry-After', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 30, maxWaiting: 100 });
    const hold = await queue.acquire();
    const started = performance.now();
    const error = await asRequest(() => queue.run(async () => 'never')).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(QueueFullError);
    expect((error as QueueFullError).statusCode).toBe(503);
    expect((error as QueueFullError).message).toBe(SHELL.busy);
    expect(Number((error as QueueFullError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    // The refused request left the line: the next one gets the slot as soon as it frees.
    const next = asRequest(() => queue.run(async () => 'served'));
    hold();
    await expect(next).resolves.toBe('served');
    expect(queue.stats()).toEqual({ waiting: 0, active: 0 });
  });

  it('refuses in time even while statements that block the event loop follow one another', async () => {
    // PGlite runs each statement synchronously; a backlog of them must not hold the timer up.
    const queue = new DbQueue({ slots: 1, maxWaitMs: 40, maxWaiting: 100 });
    const hold = await queue.acquire();
    const blocking = () => {
      const until = performance.now() + 10;
      while (performance.now() < until) {
        // busy, like a statement of the embedded database
      }
      return Promise.resolve();
    };
    let done = 0;
    const backlog = Array.from({ length: 30 }, () => queue.run(blocking).then(() => done++));
    const started = performance.now();
    const late = asRequest(() => queue.run(async () => 'served')).catch((error: unknown) => error);
    hold();
    const answer = await late;
    // Before: the backlog ran in one go (300 ms), then the request was served.
    expect(answer).toBeInstanceOf(QueueFullError);
    expect(done).toBeLessThan(30);
    expect(performance.now() - started).toBeLessThan(250);
    await Promise.all(backlog);
  });

  it('refuses at once a new request beyond the waiting limit', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 2 });
    const hold = await queue.acquire();
    const waiting = [1, 2].map(() => asRequest(() => queue.run(async () => 'served')));
    await expect(asRequest(() => queue.run(async () => 'never'))).rejects.toBeInstanceOf(QueueFullError);
    hold();
    await expect(Promise.all(waiting)).resolves.toEqual(['served', 'served']);
  });

  it('never refuses a request it has started serving', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 20, maxWaiting: 1 });
    const step = gate();
    const started = asRequest(async () => {
      await queue.run(async () => 'first');
      await step.opened;
      return queue.run(async () => 'second');
    });
    await sleep(5);
    const hold = await queue.acquire();
    step.open();
    await sleep(60); // longer than maxWaitMs
    hold();
    await expect(started).resolves.toBe('second');
  });

  it('gives the slot back when a statement fails', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 100, maxWaiting: 10 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.stats()).toEqual({ waiting: 0, active: 0 });
    await expect(asRequest(() => queue.run(async () => 'after'))).resolves.toBe('after');
  });
});

describe('the database queue in the server', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ DB_QUEUE_MAX_WAIT_MS: '5000' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('holds one slot for a whole transaction: other statements wait for its end', async () => {
    const { app } = ctx;
    app.dbQueue.configure({ slots: 1 });
    const inside = gate();
    try {
      const events: string[] = [];
      const tx = app.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        events.push('tx first');
        await inside.opened;
        await t.select({ id: users.id }).from(users).limit(1);
        events.push('tx second');
      });
      await sleep(20);
      expect(app.dbQueue.stats().active).toBe(1);
      const outside = app.db.execute(sql`select 1`).then(() => events.push('outside'));
      await sleep(20);
      expect(events).toEqual(['tx first']);
      expect(app.dbQueue.stats().active).toBe(1);
      expect(app.dbQueue.stats().waiting).toBeGreaterThanOrEqual(1);
      inside.open();
      await Promise.all([tx, outside]);
      expect(events).toEqual(['tx first', 'tx second', 'outside']);
      expect(app.dbQueue.stats()).toEqual({ waiting: 0, active: 0 });
    } finally {
      inside.open();
      app.dbQueue.configure({ slots: app.dbKind === 'pglite' ? 1 : 10 });
    }
  });

  it('gives the slot back when a transaction fails', async () => {
    const { app } = ctx;
    await expect(
      app.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(app.db.execute(sql`select 1 as one`)).resolves.toBeTruthy();
    expect(app.dbQueue.stats()).toEqual({ waiting: 0, active: 0 });
  });

  /** Takes every slot of the queue until the returned function is called. */
  async function holdDatabase(): Promise<() => void> {
    const holds: (() => void)[] = [];
    for (let i = 0; i < ctx.app.dbQueue.slots; i++) holds.push(await ctx.app.dbQueue.acquire());
    return () => {
      for (const hold of holds) hold();
    };
  }

  it('keeps one turn per request from session check to handler, also for a request with a body', async () => {
    const admin = await ctx.login('master_admin@demo.test');
    // One slot, as on the embedded database: with more, requests run side by side.
    ctx.app.dbQueue.configure({ slots: 1 });
    const release = await holdDatabase();
    // Three requests queue up while the database is held; each makes several statements
    // (session, checks, the write in a transaction). They finish in the order they came.
    const finished: number[] = [];
    const requests = [0, 1, 2].map((i) =>
      admin.post('/api/Setting', { objectType: 'Division', name: `Queue ${i}` }).then((response) => {
        finished.push(i);
        return response;
      }),
    );
    await sleep(30);
    release();
    const answers = await Promise.all(requests).finally(() => ctx.app.dbQueue.configure({ slots: ctx.app.dbKind === 'pglite' ? 1 : 10 }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(finished).toEqual([0, 1, 2]);
  });
});

describe('a busy database', () => {
  let busy: TestContext;

  beforeAll(async () => {
    busy = await createTestContext({ DB_QUEUE_MAX_WAIT_MS: '100', SESSION_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await busy?.close();
  });

  it('answers 503 with Retry-After and a message, not a wait, when the database is busy longer than the maximum wait', async () => {
    const admin = await busy.login('lo-admin@demo.test');
    // Long transactions keep the database: the embedded one runs one at a time, the pool has 10.
    const release = gate();
    const holders = Array.from({ length: busy.app.dbKind === 'pglite' ? 1 : 10 }, () =>
      busy.app.db.transaction(async () => release.opened),
    );
    await sleep(20);
    const timer = setTimeout(release.open, 1_500);
    try {
      const started = performance.now();
      const response = await admin.get('/api/Users');
      // Before: the request waited for the transactions to end, then answered 200.
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: SHELL.busy });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      clearTimeout(timer);
      release.open();
      await Promise.all(holders);
    }
    expect((await admin.get('/api/Users')).statusCode).toBe(200);
  });

  it('answers 503 (not 500) when the refusal comes at a query or a transaction of the handler', async () => {
    const admin = await busy.login('master_admin@demo.test');
    expect((await admin.get('/api/Users')).statusCode).toBe(200); // the session is now cached
    const holds: (() => void)[] = [];
    for (let i = 0; i < busy.app.dbQueue.slots; i++) holds.push(await busy.app.dbQueue.acquire());
    try {
      const list = await admin.get('/api/Users');
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual({ error: SHELL.busy });
      const save = await admin.post('/api/Setting', { objectType: 'Division', name: 'Queue test' });
      expect(save.statusCode).toBe(503);
      expect(save.headers['retry-after']).toBeDefined();
    } finally {
      for (const hold of holds) hold();
    }
  });
});
