import { AsyncLocalStorage } from 'node:async_hooks';
import { SHELL } from '@portal/contracts';
import { AppError } from '../appError';

/**
 * The wait queue in front of the database (docs/operations.md "Load and fairness").
 *
 * The embedded database runs one statement at a time inside this process; PostgreSQL has a
 * pool of connections. Without a queue of our own, every statement of every request queued in
 * one line: a request making five statements went to the back of the line five times, so under
 * load some requests waited behind hundreds of others for tens of seconds.
 *
 * Here a request takes a turn (a number) at its first statement, and whenever a slot frees the
 * waiting statement with the oldest turn goes first: a request already being served finishes
 * before newer ones start, and requests are served in the order they came (FIFO between
 * requests). A transaction holds one slot from BEGIN to COMMIT. A new request that cannot get
 * a slot within `maxWaitMs`, or that finds `maxWaiting` new requests already waiting, is
 * answered 503 with Retry-After instead of waiting on; a request already being served is never
 * refused half-way. Statements outside any request (background work: start-up, the clean-up
 * timer, the documents worker) take a new turn each time, and are never refused.
 *
 * The embedded database answers a statement without the event loop turning, so statements
 * started at once would chain through promise callbacks for as long as requests keep coming:
 * after `sliceMs` (10 ms) of them, the next statement waits in line and the event loop turns
 * first (timers, file reads, new connections, the documents worker between its steps).
 *
 * Background work keeps a fair share: a waiting background statement goes first once
 * `backgroundEvery - 1` request statements have been served while it waited, even though
 * newer requests' statements hold older turns. Without that share, each statement of the
 * documents worker waited behind the whole backlog of admitted requests, and under constant
 * load (200 busy sessions on the embedded database) certificates stopped being made until the
 * load ended. The share costs requests little: background work is a few sequential streams
 * (one documents worker per process), not a crowd. Nothing here is state another instance
 * needs: it only orders this process's own statements.
 */
export interface QueueOptions {
  /** Statements (or transactions) at a time: 1 for the embedded database, the pool size for PostgreSQL. */
  slots: number;
  /** How long a new request may wait for its first slot before it is refused (ms). */
  maxWaitMs: number;
  /** New requests allowed to wait at once; one more is refused at once. */
  maxWaiting: number;
  /**
   * A waiting background statement gets at least one slot in this many grants: at most
   * `backgroundEvery - 1` request statements go ahead of it (default 4).
   */
  backgroundEvery?: number;
  /**
   * Longest time (ms) statements may start one after another at once, without the event loop
   * turning in between; after it the next statement waits in line, served from the next turn
   * of the event loop (default 10).
   */
  sliceMs?: number;
}

/** At most three request statements go ahead of a waiting background statement. */
export const DEFAULT_BACKGROUND_EVERY = 4;

/** Statements start at once for at most this long before the event loop gets a turn. */
export const DEFAULT_SLICE_MS = 10;

/** One request's place in the line: its turn is taken at its first statement. */
export interface Turn {
  number: number | null;
  /** Set once the request got its first slot: from then on it is never refused. */
  admitted: boolean;
}

const turns = new AsyncLocalStorage<Turn>();

/** Runs `work` (and everything it starts) as one request of the queue. */
export function asRequest<T>(work: () => T, turn: Turn = newTurn()): T {
  return turns.run(turn, work);
}

export const newTurn = (): Turn => ({ number: null, admitted: false });

/**
 * Runs `work` (and everything it starts) as background work, outside whatever request started
 * it: each of its statements takes a new turn at the back of the line, like the clean-up timer,
 * and is served at the latest after `backgroundEvery - 1` request statements (its fair share).
 * Background work started from a request's hook (the documents worker's nudge after a write)
 * would otherwise keep that request's old, admitted turn for all its statements and go ahead of
 * every request waiting.
 */
export function asBackground<T>(work: () => T): T {
  return turns.exit(work);
}

/**
 * Runs `work` ahead of every waiting request: its statements take turn 0, the oldest there is,
 * so they are served at the next free slot (after at most the statement running now and a turn
 * of the event loop). Only for the health probe's one `select 1`: a probe answered after the
 * whole line of busy sessions (seconds on the embedded database) would report a working
 * database as down to the process manager, and a new visitor's first answer would wait as long.
 */
export function asProbe<T>(work: () => T): T {
  return turns.run({ number: 0, admitted: true }, work);
}

/**
 * Lets the requests waiting now go first: the current request's next statement takes a new
 * turn at the back of the line (it stays admitted, so it is not refused). Long reads made of
 * several statements (exports) call it between them, so they do not hold everyone up.
 */
export function yieldTurn(): void {
  const turn = turns.getStore();
  if (turn) turn.number = null;
}

/** The database is too busy to take a new request now: 503 with Retry-After, not a 500. */
export class QueueFullError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(503, SHELL.busy, undefined, { 'retry-after': String(Math.min(30, Math.max(1, Math.ceil(retryAfterSeconds)))) });
    this.name = 'QueueFullError';
  }
}

interface Waiter {
  turn: number;
  since: number;
  /** A new request's first statement: may be refused. */
  first: boolean;
  /** A statement outside any request: waits in the background line. */
  background: boolean;
  grant: () => void;
  refuse: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

export class DbQueue {
  private active = 0;
  private nextTurn = 1;
  /** Waiting statements of requests, oldest turn first. */
  private waiting: Waiter[] = [];
  /** Waiting background statements, in arrival order (so also oldest turn first). */
  private background: Waiter[] = [];
  /** Request statements served while the oldest background statement waited. */
  private passedOver = 0;
  private newWaiting = 0;
  /** When the current run of statements started at once began; null once the event loop turned. */
  private sliceStartedAt: number | null = null;
  /** Moving average of how long a slot is held (ms), for Retry-After. */
  private averageHoldMs = 5;
  private dispatchScheduled = false;

  constructor(private options: QueueOptions) {
    if (options.slots < 1) throw new Error('the database queue needs at least one slot');
  }

  configure(options: Partial<QueueOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get slots(): number {
    return this.options.slots;
  }

  /** Statements waiting for a slot, and slots in use (for tests and diagnostics). */
  stats(): { waiting: number; active: number } {
    return { waiting: this.waiting.length + this.background.length, active: this.active };
  }

  /** Runs `work` holding one slot; the slot is given back however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageHoldMs = this.averageHoldMs * 0.9 + (performance.now() - started) * 0.1;
      release();
    }
  }

  /** Waits for a slot in turn order; answers the function that gives it back (call it once). */
  acquire(): Promise<() => void> {
    const current = turns.getStore();
    let turn: number;
    let first: boolean;
    if (current) {
      current.number ??= this.nextTurn++;
      turn = current.number;
      first = !current.admitted;
    } else {
      turn = this.nextTurn++;
      first = false;
    }
    const admit = () => {
      if (current) current.admitted = true;
    };
    if (this.active < this.options.slots && this.waiting.length === 0 && this.background.length === 0 && this.withinSlice()) {
      this.active++;
      admit();
      return Promise.resolve(this.releaser());
    }
    if (first && this.newWaiting >= this.options.maxWaiting) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        turn,
        since: performance.now(),
        first,
        background: !current,
        grant: () => {
          admit();
          resolve(this.releaser());
        },
        refuse: reject,
      };
      if (first) {
        this.newWaiting++;
        waiter.timer = setTimeout(() => this.expire(waiter), this.options.maxWaitMs);
        waiter.timer.unref?.();
      }
      if (waiter.background) this.background.push(waiter);
      else this.insert(waiter);
      // A free slot: the slice was used up (or a dispatch is already due); served from the next turn.
      if (this.active < this.options.slots) this.next();
    });
  }

  /**
   * Whether a statement may start at once. The embedded database runs a statement inside this
   * thread and answers it without the event loop turning, so statements started at once chain
   * through promise callbacks: under load, one turn of the event loop served every waiting
   * session's whole request (4 to 5 s with 200 sessions), and anything waiting for the event
   * loop (a file read, a timer, the documents worker between its steps) waited that long for
   * each step. After `sliceMs` of statements started at once, the next one takes its place in
   * line and the event loop turns first.
   */
  private withinSlice(): boolean {
    const now = performance.now();
    if (this.sliceStartedAt === null) {
      this.sliceStartedAt = now;
      setImmediate(() => {
        this.sliceStartedAt = null;
      });
      return true;
    }
    return now - this.sliceStartedAt < (this.options.sliceMs ?? DEFAULT_SLICE_MS);
  }

  private busy(): QueueFullError {
    const backlogMs = ((this.waiting.length + this.background.length + this.active) * this.averageHoldMs) / this.options.slots;
    return new QueueFullError(backlogMs / 1000);
  }

  /** Keeps `waiting` ordered by turn; equal turns stay in arrival order. */
  private insert(waiter: Waiter): void {
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.waiting[mid].turn <= waiter.turn) low = mid + 1;
      else high = mid;
    }
    this.waiting.splice(low, 0, waiter);
  }

  private expire(waiter: Waiter): void {
    const index = this.waiting.indexOf(waiter);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    this.newWaiting--;
    waiter.refuse(this.busy());
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.next();
    };
  }

  /**
   * Hands free slots out on the next turn of the event loop, not at once. PGlite runs a
   * statement synchronously, and a statement started straight from the previous one's end
   * would chain the whole backlog in one run of promise callbacks: no timer (the maximum wait)
   * would fire and no new request would be read until the backlog was gone.
   */
  private next(): void {
    if (this.dispatchScheduled) return;
    this.dispatchScheduled = true;
    setImmediate(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  /**
   * The next statement to serve: the oldest turn, except that a background statement that has
   * seen `backgroundEvery - 1` request statements served while it waited goes now.
   */
  private take(): Waiter | undefined {
    const request = this.waiting[0];
    const background = this.background[0];
    if (!background) return this.waiting.shift();
    const every = Math.max(1, this.options.backgroundEvery ?? DEFAULT_BACKGROUND_EVERY);
    if (!request || background.turn < request.turn || this.passedOver >= every - 1) {
      this.passedOver = 0;
      return this.background.shift();
    }
    this.passedOver++;
    return this.waiting.shift();
  }

  private dispatch(): void {
    while (this.active < this.options.slots && (this.waiting.length > 0 || this.background.length > 0)) {
      const waiter = this.take() as Waiter;
      if (waiter.first) {
        this.newWaiting--;
        clearTimeout(waiter.timer);
        // Its timer may have been held up by a busy event loop.
        if (performance.now() - waiter.since > this.options.maxWaitMs) {
          waiter.refuse(this.busy());
          continue;
        }
      }
      this.active++;
      waiter.grant();
    }
  }
}
