import { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { percentile } from './lib/http';
import { sleep } from './lib/processes';
import { type Answer, drive, type EditableUser, type LoadFigures, send } from './load';

// Figures h measures while sessions are busy: a final certificate (approval to certificate status 33)
// and the users list during big uploads. The sessions themselves are in load.ts.

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
