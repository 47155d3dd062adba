/**
 * Start-up reads: the data a screen asks for when it opens, asked for again at the very start
 * of the next page load of that screen, in parallel with the session call, instead of after the
 * application and the screen have loaded and rendered (docs/decisions.md "Start-up").
 *
 * Until the person first acts on the page (a pointer press or a key) and while it is still on
 * the page it loaded, the GET calls the screen makes are written down for that path (in this browser's local storage: paths,
 * query strings and filter headers only, never an answer). The next load of the same path
 * sends those calls at once; when the screen then makes the same call, it takes that answer
 * (once, while it is fresh) instead of a new request. A screen that asks for something else
 * this time (another filter, say) just makes its own call, and the record follows.
 */

/** How long an early answer may wait for the call it stands in for. */
export const FRESH_MS = 10_000;
/** At most this many calls are recorded per path, and this many paths. */
const MAX_CALLS = 8;
const MAX_PATHS = 40;
const STORAGE_KEY = 'portal.startupReads';

export interface EarlyAnswer {
  ok: boolean;
  status: number;
  text: string;
}

/** A call: its URL and its filter header. */
export interface ReadCall {
  url: string;
  filter?: string;
}

type Records = Record<string, { at: number; calls: ReadCall[] }>;

const keyOf = (call: ReadCall) => `${call.url}\n${call.filter ?? ''}`;

function readRecords(storage: Storage): Records {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Records) : {};
  } catch {
    return {};
  }
}

function writeRecords(storage: Storage, records: Records): void {
  const paths = Object.entries(records)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_PATHS);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(paths)));
  } catch {
    // Storage full or refused: the next load just starts without early reads.
  }
}

/**
 * A call that may be recorded and sent early: a same-origin API path (nothing else is ever sent
 * from the record), and not an export of every row (`limit=-1`, megabytes a screen only asks for
 * when someone clicks CSV).
 */
function isApiCall(call: unknown): call is ReadCall {
  const c = call as ReadCall;
  return (
    typeof c?.url === 'string' &&
    c.url.startsWith('/api/') &&
    !/[?&]limit=-1(&|$)/.test(c.url) &&
    (c.filter === undefined || typeof c.filter === 'string')
  );
}

export interface StartupReadsOptions {
  storage: Storage;
  fetch: typeof fetch;
  now(): number;
}

/** The early reads of one page load. */
export class StartupReads {
  private readonly early = new Map<string, { at: number; answer: Promise<EarlyAnswer | null> }>();
  private recorded: ReadCall[] | null = null;
  /**
   * The screen's opening calls are those made before the person first acts on the page. (Not a
   * time since the load: on a busy machine the screen opens later, and its calls would be lost.)
   */
  private opening = true;

  constructor(
    private readonly path: string,
    private readonly options: StartupReadsOptions,
  ) {}

  /** Sends the calls recorded for this path by an earlier load. */
  start(): void {
    const record = readRecords(this.options.storage)[this.path];
    const calls = Array.isArray(record?.calls) ? record.calls.filter(isApiCall).slice(0, MAX_CALLS) : [];
    for (const call of calls) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (call.filter) headers.filter = call.filter;
      const answer = this.options
        .fetch(call.url, { method: 'GET', headers, credentials: 'same-origin' })
        .then(async (response) => ({ ok: response.ok, status: response.status, text: await response.text() }))
        .catch(() => null);
      this.early.set(keyOf(call), { at: this.options.now(), answer });
    }
  }

  /**
   * The early answer to this call, once; null when there is none (or it is stale, or it
   * failed: the caller then makes the call itself).
   */
  take(call: ReadCall): Promise<EarlyAnswer | null> | null {
    const key = keyOf(call);
    const entry = this.early.get(key);
    if (!entry) return null;
    this.early.delete(key);
    return this.options.now() - entry.at <= FRESH_MS ? entry.answer : null;
  }

  /** The person acted on the page: the calls from now on are theirs, not the screen's opening. */
  close(): void {
    this.opening = false;
  }

  /** Writes down a GET call a screen makes while it is opening and still on its path. */
  record(call: ReadCall, currentPath: string): void {
    if (!this.opening || currentPath !== this.path || !isApiCall(call)) return;
    if (!this.recorded) this.recorded = [];
    if (this.recorded.length >= MAX_CALLS || this.recorded.some((c) => keyOf(c) === keyOf(call))) return;
    this.recorded.push(call);
    const records = readRecords(this.options.storage);
    records[this.path] = { at: Date.now(), calls: this.recorded };
    writeRecords(this.options.storage, records);
  }
}

let current: StartupReads | null = null;

/** main.tsx: starts this page load's early reads (the signed-in app only). */
export function startStartupReads(path: string): void {
  if (current || typeof window === 'undefined') return;
  current = new StartupReads(path, { storage: window.localStorage, fetch: window.fetch.bind(window), now: () => performance.now() });
  current.start();
  const close = () => current?.close();
  window.addEventListener('pointerdown', close, { capture: true, once: true });
  window.addEventListener('keydown', close, { capture: true, once: true });
}

/** http.ts: this load's early reads, if any. */
export function startupReads(): StartupReads | null {
  return current;
}
