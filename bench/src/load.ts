// The load phase of the bench (figure h): many signed-in sessions at once, on the embedded
// database and on PostgreSQL, and the users list while big uploads run. Loopback only.
//
// Each session is a closed loop: it sends its next request as soon as the previous one is
// answered, like a busy user who never waits. The mix is list reads of users and clients with
// a few writes (user updates). "Longest" is the longest any single request took to answer.
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
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

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP request over a keep-alive agent; never throws (status 0 = transport error). */
function send(
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

interface EditableUser {
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

export interface CertificateFigures {
  taskId: number;
  /** From the approval's answer to the first answer showing certificate status 33. */
  readyMs: number;
  /** How long the approval itself took to answer (503s retried included). */
  approveMs: number;
  /** Whether a preview had to be made first (before the load; not measured). */
  previewMade: boolean;
  /** The sessions' figures while the certificate was being made. */
  load: LoadFigures;
}

interface TaskLine {
  id: number;
  status: number;
  certificateStatus: number | null;
  isLlg: boolean;
  can: { approve: boolean; regenerate: boolean };
}

/** A request answered by the server, retried after 503 as a browser would after Retry-After. */
async function patient(agent: Agent, base: string, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  for (;;) {
    const answer = await send(agent, base, method, path, headers);
    if (answer.status !== 503) return { ...answer, ms: performance.now() - started };
    await sleep(1000);
  }
}

/** Polls a task until its certificate status is one of `wanted` (or a failure, x9): answers it and when it was seen. */
async function waitForCertificate(
  agent: Agent,
  base: string,
  auth: Record<string, string>,
  taskId: number,
  wanted: number[],
  capMs: number,
) {
  const started = performance.now();
  for (;;) {
    const answer = await patient(agent, base, 'GET', `/api/Observation/${taskId}`, auth);
    if (answer.status !== 200) throw new Error(`GET /api/Observation/${taskId} answered ${answer.status}: ${answer.body.slice(0, 120)}`);
    const status = (JSON.parse(answer.body) as TaskLine).certificateStatus;
    if (status !== null && wanted.includes(status)) return { status, at: performance.now() };
    if (status !== null && status % 10 === 9) throw new Error(`task ${taskId}: documents failed (certificate status ${status})`);
    if (performance.now() - started > capMs)
      throw new Error(`task ${taskId}: certificate status still ${status} after ${Math.round(capMs / 1000)} s`);
    await sleep(250);
  }
}

/**
 * h. A certificate while the database is busy: `tokens.length` closed-loop sessions (as in
 * `drive`) run; once they are going, an approver approves a submitted task (its final
 * documents are queued) and polls the task until its certificate status is 33 (final
 * certificate made), then the sessions stop. The figure is the time from the approval's answer
 * to the answer that shows 33, as the approver's screen would see it. A submitted task whose
 * preview is not made yet (the demo's are not) gets it first, before the load.
 */
export async function certificateDuringLoad(
  base: string,
  tokens: string[],
  targets: EditableUser[],
  approver: string,
  options: { warmupSeconds: number; capSeconds: number },
): Promise<CertificateFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const auth = { authorization: `Bearer ${approver}` };
  try {
    const filter = encodeURIComponent(JSON.stringify({ status: [8] }));
    const list = await send(agent, base, 'GET', '/api/Observation?offset=0&limit=50', { ...auth, filter });
    if (list.status !== 200) throw new Error(`GET /api/Observation answered ${list.status}: ${list.body.slice(0, 120)}`);
    const rows = (JSON.parse(list.body) as TaskLine[]).filter((r) => r.status === 8 && !r.isLlg);
    let task = rows.find((r) => r.can.approve && r.certificateStatus === 13);
    let previewMade = false;
    if (!task) {
      const candidate = rows.find((r) => r.can.regenerate);
      if (!candidate) throw new Error('no submitted task the approver may approve or preview');
      if (candidate.certificateStatus !== 11 && candidate.certificateStatus !== 12) {
        const asked = await send(agent, base, 'POST', `/api/addasynctask?id=${candidate.id}`, auth);
        if (asked.status !== 200) throw new Error(`POST /api/addasynctask answered ${asked.status}: ${asked.body.slice(0, 120)}`);
      }
      await waitForCertificate(agent, base, auth, candidate.id, [13], 120_000);
      previewMade = true;
      task = candidate;
    }
    const stop = { stopped: false };
    const load = drive(base, tokens, targets, options.warmupSeconds + options.capSeconds + 30, stop);
    try {
      // The sessions get going (connections up, the database's line full) before the approval.
      await sleep(options.warmupSeconds * 1000);
      const approve = await patient(agent, base, 'POST', `/api/approvetaskweb?id=${task.id}`, auth);
      if (approve.status !== 200) throw new Error(`POST /api/approvetaskweb answered ${approve.status}: ${approve.body.slice(0, 160)}`);
      const approvedAt = performance.now();
      const ready = await waitForCertificate(agent, base, auth, task.id, [33], options.capSeconds * 1000);
      stop.stopped = true;
      return { taskId: task.id, readyMs: ready.at - approvedAt, approveMs: approve.ms, previewMade, load: await load };
    } finally {
      stop.stopped = true;
      await load;
    }
  } finally {
    agent.destroy();
  }
}

/**
 * A valid PNG of exactly `size` bytes: a 1x1 image with a private ancillary chunk of random
 * (incompressible) bytes, so content checks accept it and nothing compresses it away.
 */
export function bigPng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 6;
  // One RGBA pixel: the filter byte and four bytes.
  const idat = deflateSync(Buffer.alloc(5));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const fixed = signature.length + (12 + 13) + (12 + idat.length) + 12 + 12;
  const padding = randomBytes(Math.max(0, size - fixed));
  return Buffer.concat([signature, chunk('IHDR', header), chunk('bnCh', padding), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function multipart(field: string, fileName: string, contentType: string, content: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadFigures {
  uploads: number;
  uploadErrors: Record<string, number>;
  uploadSample: string;
  listRequests: number;
  listErrors: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * `uploaders` sessions upload a 5 MB signature in a loop (each to its own user) while one more
 * session reads GET /api/Users (page of 100) one request after another; the list latency is
 * what a user of the portal would notice during the uploads.
 */
export async function listDuringUploads(
  base: string,
  tokens: string[],
  targets: EditableUser[],
  uploaders: number,
  seconds: number,
  bytes: number,
): Promise<UploadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: uploaders + 1 });
  const png = bigPng(bytes);
  const form = multipart('imageFile', 'signature.png', 'image/png', png);
  const until = performance.now() + seconds * 1000;
  let uploads = 0;
  const uploadErrors: Record<string, number> = {};
  let uploadSample = '';
  const uploader = async (index: number) => {
    const headers = { authorization: `Bearer ${tokens[index]}`, 'content-type': form.contentType };
    while (performance.now() < until) {
      const answer = await send(agent, base, 'POST', `/api/Users/signature/${targets[index].id}`, headers, form.body);
      if (answer.status === 200) uploads++;
      else {
        const key = answer.status === 0 ? 'error' : String(answer.status);
        uploadErrors[key] = (uploadErrors[key] ?? 0) + 1;
        uploadSample ||= answer.body.slice(0, 160);
        if (answer.status === 503) await sleep(1000);
      }
    }
  };
  const times: number[] = [];
  let listErrors = 0;
  const reader = async () => {
    const headers = { authorization: `Bearer ${tokens[uploaders]}` };
    // Let the uploads get going first.
    await sleep(Math.min(1000, seconds * 100));
    while (performance.now() < until) {
      const answer = await send(agent, base, 'GET', '/api/Users?offset=0&limit=100', headers);
      times.push(answer.ms);
      if (answer.status !== 200) listErrors++;
    }
  };
  await Promise.all([...Array.from({ length: uploaders }, (_, i) => uploader(i)), reader()]);
  agent.destroy();
  return {
    uploads,
    uploadErrors,
    uploadSample,
    listRequests: times.length,
    listErrors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
  };
}
