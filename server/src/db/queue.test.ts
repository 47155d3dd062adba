import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL } from '@portal/contracts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { users } from './schema';
import { asBackground, asProbe, asRequest, DbQueue, DEFAULT_BACKGROUND_EVERY, QueueFullError } from './queue';

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
    // The slot stays held: only the maximum wait can end this request (a wait would hang the test).
    const error = await asRequest(() => queue.run(async () => 'never')).catch((e: unknown) => e);
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
    const late = asRequest(() => queue.run(async () => 'served')).catch((error: unknown) => error);
    hold();
    const answer = await late;
    // Before: the backlog ran in one go, then the request was served. Now it is refused while
    // part of the backlog is still waiting (whatever the machine's speed: no time is measured).
    expect(answer).toBeInstanceOf(QueueFullError);
    expect(done).toBeLessThan(30);
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

  it('keeps turn order for background statements older than the waiting requests', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 100 });
    const hold = await queue.acquire();
    const order: string[] = [];
    const background = asBackground(() => queue.run(async () => order.push('background')));
    const requests = ['a', 'b'].map((name) => asRequest(() => queue.run(async () => order.push(name))));
    hold();
    await Promise.all([background, ...requests]);
    expect(order).toEqual(['background', 'a', 'b']);
  });

  it('serves a waiting background statement after at most three request statements, however many requests wait', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 60_000, maxWaiting: 1000 });
    const hold = await queue.acquire();
    const order: string[] = [];
    const requests = Array.from({ length: 50 }, (_, i) => asRequest(() => queue.run(async () => order.push(`r${i}`))));
    const background = asBackground(() => queue.run(async () => order.push('background')));
    hold();
    await Promise.all([background, ...requests]);
    // Before: its turn came after all 50 requests, which had taken theirs first.
    expect(order.indexOf('background')).toBe(DEFAULT_BACKGROUND_EVERY - 1);
    expect(order.filter((name) => name !== 'background')).toEqual(requests.map((_, i) => `r${i}`));
  });

  it('lets background work make progress while a stream of request turns keeps arriving', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 60_000, maxWaiting: 10_000 });
    const hold = await queue.acquire();
    const order: string[] = [];
    let stop = false;
    let sent = 0;
    // Twenty busy sessions: each sends its next request (two statements) as soon as one is done.
    const session = async () => {
      while (!stop) {
        const n = sent++;
        await asRequest(async () => {
          await queue.run(async () => order.push(`r${n}.1`));
          await queue.run(async () => order.push(`r${n}.2`));
        });
      }
    };
    const sessions = Array.from({ length: 20 }, session);
    // A background job of ten statements, one after another, like the documents worker.
    const job = asBackground(async () => {
      for (let i = 0; i < 10; i++) await queue.run(async () => order.push(`b${i}`));
      stop = true;
    });
    hold();
    await Promise.all([job, ...sessions]);
    const positions = Array.from({ length: 10 }, (_, i) => order.indexOf(`b${i}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    // Each background statement waited for at most three request statements.
    positions.forEach((position, i) => {
      const before = i === 0 ? -1 : positions[i - 1];
      expect(position - before - 1).toBeLessThanOrEqual(DEFAULT_BACKGROUND_EVERY - 1);
    });
    // And the requests went on being served in between, in turn order within each request.
    expect(order.filter((name) => name.startsWith('r')).length).toBeGreaterThan(10);
    expect(queue.stats()).toEqual({ waiting: 0, active: 0 });
  });

  it('gives background work its share on every slot of a pool too', async () => {
    const queue = new DbQueue({ slots: 2, maxWaitMs: 60_000, maxWaiting: 1000 });
    const holds = [await queue.acquire(), await queue.acquire()];
    const order: string[] = [];
    const requests = Array.from({ length: 20 }, (_, i) => asRequest(() => queue.run(async () => order.push(`r${i}`))));
    const background = [0, 1].map((i) => asBackground(() => queue.run(async () => order.push(`b${i}`))));
    for (const hold of holds) hold();
    await Promise.all([...background, ...requests]);
    expect(order.indexOf('b0')).toBeLessThanOrEqual(DEFAULT_BACKGROUND_EVERY - 1);
    expect(order.indexOf('b1')).toBeLessThanOrEqual(2 * DEFAULT_BACKGROUND_EVERY - 1);
  });

  it('lets the event loop turn once statements have run one after another for longer than the slice', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 100, sliceMs: 5 });
    const order: string[] = [];
    // Each statement keeps the thread 2 ms, as the embedded database does.
    const statement = (name: string) => async () => {
      const until = performance.now() + 2;
      while (performance.now() < until) {
        // busy
      }
      order.push(name);
    };
    setImmediate(() => order.push('event loop'));
    await asRequest(async () => {
      for (let i = 0; i < 10; i++) await queue.run(statement(`s${i}`));
    });
    // Before: the ten statements chained through promise callbacks, and the event loop (timers,
    // file reads, the documents worker) waited for all of them.
    const turned = order.indexOf('event loop');
    expect(turned).toBeGreaterThanOrEqual(1);
    expect(turned).toBeLessThanOrEqual(3);
    expect(order.filter((name) => name !== 'event loop')).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`));
    expect(queue.stats()).toEqual({ waiting: 0, active: 0 });
  });

  it('serves the health probe ahead of every waiting request, without refusing it', async () => {
    const queue = new DbQueue({ slots: 1, maxWaitMs: 5_000, maxWaiting: 3 });
    const hold = await queue.acquire();
    const order: string[] = [];
    const runs = ['a', 'b', 'c'].map((name) => asRequest(() => queue.run(async () => order.push(name))));
    await sleep(5);
    // The waiting limit is reached: a new request would be refused, the probe is not.
    const probe = asRequest(() => asProbe(() => queue.run(async () => order.push('probe'))));
    await sleep(5);
    hold();
    await Promise.all([...runs, probe]);
    expect(order).toEqual(['probe', 'a', 'b', 'c']);
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
    const entered: Promise<void>[] = [];
    const holders = Array.from({ length: busy.app.dbKind === 'pglite' ? 1 : 10 }, () => {
      const inside = gate();
      entered.push(inside.opened);
      return busy.app.db.transaction(async () => {
        inside.open();
        await release.opened;
      });
    });
    await Promise.all(entered);
    try {
      // The transactions hold the database until the answer came: a request that waited for
      // them instead of being refused would hang here (and fail by the test's timeout).
      const response = await admin.get('/api/Users');
      // Before: the request waited for the transactions to end, then answered 200.
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: SHELL.busy });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
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
