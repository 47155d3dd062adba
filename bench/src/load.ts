// The load phase of the bench (figure h): many signed-in sessions at once, on the embedded
// database and on PostgreSQL, and the users list while big uploads run. Loopback only.
//
// Each session is a closed loop: it sends its next request as soon as the previous one is
// answered, like a busy user who never waits. The mix is list reads of users and clients with
// a few writes (user updates). "Longest" is the longest any single request took to answer.
// The certificate and upload figures measured meanwhile are in loadBusy.ts.
import { Agent, request } from 'node:http';
import { percentile, signIn } from './lib/http';
import { sleep } from './lib/processes';

export interface LoadFigures {
  sessions: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  longest: number;
  /** Answers that were not 2xx, and transport errors, by status ("503", "error"...). */
  errors: Record<string, number>;
  /** The first error message seen for each status, to show what the server said. */
  samples: Record<string, string>;
  writes: number;
  /** The slowest answer of each kind of request (method and path), ms. */
  slowestByKind: Record<string, number>;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP request over a keep-alive agent; never throws (status 0 = transport error). */
export function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  timeoutMs = 60_000,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = request(
      { agent, host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
        res.on('error', (error) => resolve({ status: 0, body: error.message, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ status: 0, body: error.message, ms: performance.now() - started }));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Signs in `count` sessions (a few at a time: each sign-in hashes a password). */
export async function openSessions(base: string, email: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      tokens.push(await signIn(base, email));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

export interface EditableUser {
  id: number;
  name: string;
  email: string;
  type: number;
  roleId: number;
  officeId: number | null;
}

/** Active LO users the bench administrator may edit: targets for writes and signature uploads. */
export async function editableUsers(base: string, token: string, wanted: number): Promise<EditableUser[]> {
  const agent = new Agent({ keepAlive: true });
  try {
    const filter = encodeURIComponent(JSON.stringify({ active: true }));
    const answer = await send(agent, base, 'GET', '/api/Users?offset=0&limit=1000', {
      authorization: `Bearer ${token}`,
      filter,
    });
    if (answer.status !== 200) throw new Error(`GET /api/Users answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const rows = JSON.parse(answer.body) as (EditableUser & { status: number; can: { edit: boolean } })[];
    const users = rows.filter((r) => r.type === 0 && r.status === 1 && r.can.edit && r.officeId && !r.email.startsWith('bench@'));
    if (users.length < wanted) throw new Error(`only ${users.length} editable users found, ${wanted} wanted`);
    return users.slice(0, wanted);
  } finally {
    agent.destroy();
  }
}

const NAMES = ['ali', 'sam', 'moh', 'ann', 'raj', 'lee', 'fat', 'jo'];

/** What one session does next: mostly list reads, about one request in twenty a user update. */
function nextRequest(token: string, targets: EditableUser[], n: number) {
  const auth = { authorization: `Bearer ${token}` };
  const r = Math.random();
  const name = NAMES[n % NAMES.length];
  const filter = encodeURIComponent(JSON.stringify({ name, active: true }));
  if (r < 0.35) return { method: 'GET', path: '/api/Users?offset=0&limit=100', headers: auth };
  if (r < 0.5) return { method: 'GET', path: '/api/Users?offset=0&limit=100', headers: { ...auth, filter } };
  if (r < 0.65) return { method: 'GET', path: '/api/Users/count', headers: { ...auth, filter } };
  if (r < 0.95) return { method: 'GET', path: '/api/Location/view?objectType=CLIENT_COMPANY&offset=0&limit=50', headers: auth };
  const user = targets[n % targets.length];
  const body = JSON.stringify({
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    roleId: user.roleId,
    officeId: user.officeId,
    phone: `+971 50 ${String(100_0000 + Math.floor(Math.random() * 900_0000)).replace(/(\d{3})(\d{4})/, '$1 $2')}`,
  });
  return { method: 'POST', path: '/api/Users', headers: { ...auth, 'content-type': 'application/json' }, body, write: true };
}

/**
 * Drives `tokens.length` closed-loop sessions for `seconds` and summarises every answer. Each
 * session is a user with the portal open: its own keep-alive connection, connected before the
 * clock starts. (Until 2026-11-24 all sessions shared one agent and opened their connections
 * inside the measured run; on the embedded database a connection opened while the server is
 * saturated waited up to 20 s for its first answer, which made figure h's longest answers:
 * docs/operations.md, "Load and fairness".)
 */
export async function drive(
  base: string,
  tokens: string[],
  targets: EditableUser[],
  seconds: number,
  /** Ends the run early once set (the sessions finish the request in hand). */
  stop: { stopped: boolean } = { stopped: false },
): Promise<LoadFigures> {
  const agents = tokens.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times: number[] = [];
  const errors: Record<string, number> = {};
  const samples: Record<string, string> = {};
  let writes = 0;
  const slowestByKind: Record<string, number> = {};
  // The users already have the portal open: their connections are up before the clock starts.
  await Promise.all(agents.map((agent) => send(agent, base, 'GET', '/api/health', {})));
  const started = performance.now();
  const until = started + seconds * 1000;
  const session = async (token: string, index: number) => {
    let n = index;
    while (performance.now() < until && !stop.stopped) {
      const next = nextRequest(token, targets, n++);
      const answer = await send(agents[index], base, next.method, next.path, next.headers, next.body);
      times.push(answer.ms);
      const kind = `${next.method} ${next.path.split('?')[0]}${'filter' in next.headers ? ' (filter)' : ''}`;
      slowestByKind[kind] = Math.max(slowestByKind[kind] ?? 0, answer.ms);
      if (next.write) writes++;
      if (answer.status < 200 || answer.status >= 300) {
        const key = answer.status === 0 ? 'error' : String(answer.status);
        errors[key] = (errors[key] ?? 0) + 1;
        samples[key] ??= answer.body.slice(0, 160);
        // A refused request is retried like a browser would after Retry-After, not at once.
        if (answer.status === 503) await sleep(1000);
      }
    }
  };
  await Promise.all(tokens.map(session));
  const elapsed = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  return {
    sessions: tokens.length,
    seconds,
    requests: times.length,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    longest: Math.max(...times),
    errors,
    samples,
    writes,
    slowestByKind,
  };
}

export interface NewcomerFigures {
  /** Visitors that came during the run (each on its own new connection). */
  visitors: number;
  /** From opening the connection to the health answer, ms. */
  healthLongest: number;
  healthP50: number;
  /** The same visitor's first database request on that connection (GET /api/loginBranding), ms. */
  brandingLongest: number;
  brandingP50: number;
  /** Answers other than 200, and transport errors. */
  failures: number;
}

/**
 * New visitors while the sessions of `drive` run: every `everyMs` one opens a new connection
 * (no keep-alive agent of its own before) and asks GET /api/health (accepted and answered: the
 * connection, the event loop and the database's probe), then, on that connection, the login
 * page's GET /api/loginBranding (a request that waits its turn in the database's line like any
 * other). Until `stop` is set.
 */
export async function newcomers(base: string, stop: { stopped: boolean }, everyMs = 500): Promise<NewcomerFigures> {
  const health: number[] = [];
  const branding: number[] = [];
  let failures = 0;
  const visits: Promise<void>[] = [];
  const visit = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, base, 'GET', '/api/health', {});
      health.push(first.ms);
      if (first.status !== 200) failures++;
      const second = await send(agent, base, 'GET', '/api/loginBranding', {});
      branding.push(second.ms);
      if (second.status !== 200) failures++;
    } finally {
      agent.destroy();
    }
  };
  while (!stop.stopped) {
    visits.push(visit());
    await sleep(everyMs);
  }
  await Promise.all(visits);
  return {
    visitors: visits.length,
    healthLongest: Math.max(0, ...health),
    healthP50: percentile(health, 50),
    brandingLongest: Math.max(0, ...branding),
    brandingP50: percentile(branding, 50),
    failures,
  };
}

/**
 * "200 users with think time": each session is a person who reads between requests: after each
 * answer it waits a think time drawn from an exponential distribution of mean `thinkMs` (so a
 * request every `thinkMs` on average, plus the answer's own time), the same mix as `drive`.
 * Sessions start at random moments within the first think time, not all at once; their
 * connections are up before the clock starts, as in `drive`.
 */
export async function driveWithThinkTime(
  base: string,
  tokens: string[],
  targets: EditableUser[],
  seconds: number,
  thinkMs: number,
): Promise<LoadFigures> {
  const agents = tokens.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times: number[] = [];
  const errors: Record<string, number> = {};
  const samples: Record<string, string> = {};
  let writes = 0;
  const slowestByKind: Record<string, number> = {};
  await Promise.all(agents.map((agent) => send(agent, base, 'GET', '/api/health', {})));
  const think = () => -Math.log(1 - Math.random()) * thinkMs;
  const started = performance.now();
  const until = started + seconds * 1000;
  const session = async (token: string, index: number) => {
    let n = index;
    await sleep(Math.random() * thinkMs);
    while (performance.now() < until) {
      const next = nextRequest(token, targets, n++);
      const answer = await send(agents[index], base, next.method, next.path, next.headers, next.body);
      times.push(answer.ms);
      const kind = `${next.method} ${next.path.split('?')[0]}${'filter' in next.headers ? ' (filter)' : ''}`;
      slowestByKind[kind] = Math.max(slowestByKind[kind] ?? 0, answer.ms);
      if (next.write) writes++;
      if (answer.status < 200 || answer.status >= 300) {
        const key = answer.status === 0 ? 'error' : String(answer.status);
        errors[key] = (errors[key] ?? 0) + 1;
        samples[key] ??= answer.body.slice(0, 160);
      }
      const pause = think();
      if (performance.now() + pause >= until) break;
      await sleep(pause);
    }
  };
  await Promise.all(tokens.map(session));
  const elapsed = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  return {
    sessions: tokens.length,
    seconds,
    requests: times.length,
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    longest: Math.max(...times),
    errors,
    samples,
    writes,
    slowestByKind,
  };
}
