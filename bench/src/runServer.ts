import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lighthousePerformance, scriptWeight } from './lib/browser';
import { get, load, median, signIn } from './lib/http';
import { freePort, type PortalServer, spawnNode, startPortal, waitFor200 } from './lib/processes';
import { count, kb, ms } from './lib/table';
import { add, failed, settings } from './runState';

// Figures a to e and o on a fresh embedded database: start, login under load, weblogin, QR stickers, script weight and Lighthouse.

export async function figureA(dataDir: string): Promise<PortalServer> {
  console.log('\n[a] server start on an existing embedded database');
  const first = await startPortal(dataDir);
  add({ id: 'a', figure: 'first start (creates the database, seeds the demo data)', result: ms(first.startMs), target: '' });
  await first.stop();
  const times: number[] = [];
  let server: PortalServer | null = null;
  for (let i = 0; i < settings.restarts; i++) {
    if (server) await server.stop();
    server = await startPortal(dataDir);
    times.push(server.startMs);
  }
  const value = median(times);
  add({
    id: 'a',
    figure: `server start, existing embedded database (median of ${settings.restarts})`,
    result: ms(value),
    target: '< 3 s',
    ok: value < 3000,
    detail: `spawn to first 200 of GET /api/loginBranding; runs ${times.map(ms).join(', ')}`,
  });
  return server as PortalServer;
}

export async function figureB(server: PortalServer, tmp: string) {
  console.log(`\n[b] GET /api/login, 50 connections, ${settings.loadSeconds} s, beside a bare Fastify route`);
  const token = await signIn(server.base, 'scheduler@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const { body } = await get(`${server.base}/api/login`, headers);
  const bodyFile = path.join(tmp, 'login-body.json');
  await writeFile(bodyFile, body);

  const barePort = await freePort();
  const bare = spawnNode([path.join('bench', 'src', 'lib', 'bare-server.mjs')], {
    ...process.env,
    PORT: String(barePort),
    BODY_FILE: bodyFile,
  });
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/api/login`;
    await waitFor200(bareUrl, bare, performance.now(), 30_000);
    const same = (await get(bareUrl, headers)).body === body;

    const ourUrl = `${server.base}/api/login`;
    await load({ url: ourUrl, connections: 50, seconds: settings.warmupSeconds, headers });
    const ours = await load({ url: ourUrl, connections: 50, seconds: settings.loadSeconds, headers });
    await load({ url: bareUrl, connections: 50, seconds: settings.warmupSeconds, headers });
    const yardstick = await load({ url: bareUrl, connections: 50, seconds: settings.loadSeconds, headers });
    const failures = ours.failures ? `, ${count(ours.failures)} failed requests` : '';
    add({
      id: 'b',
      figure: 'GET /api/login (portal, signed in as scheduler)',
      result: `${count(ours.rps)} req/s`,
      target: '',
      detail: `p95 ${ms(ours.p95)}, p50 ${ms(ours.p50)}${failures}; body ${count(body.length)} bytes`,
    });
    add({
      id: 'b',
      figure: 'same body from a bare Fastify route',
      result: `${count(yardstick.rps)} req/s`,
      target: '',
      detail: `p95 ${ms(yardstick.p95)}, p50 ${ms(yardstick.p50)}${same ? '' : '; WARNING: body differs'}`,
    });
    const ratio = ours.rps / yardstick.rps;
    add({
      id: 'b',
      figure: 'portal / bare req/s',
      result: `${Math.round(ratio * 100)}%`,
      target: '>= 50%',
      ok: ratio >= 0.5 && ours.failures === 0,
    });
  } finally {
    await bare.stop();
  }
}

export async function figureC(server: PortalServer) {
  console.log(`\n[c] POST /api/weblogin, 10 connections, ${settings.loadSeconds} s`);
  const result = await load({
    url: `${server.base}/api/weblogin`,
    connections: 10,
    seconds: settings.loadSeconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'scheduler@demo.test', password: 'demo1234' }),
  });
  if (result.requests === 0 || result.failures === result.requests) throw new Error('every sign-in failed');
  add({
    id: 'c',
    figure: 'POST /api/weblogin p95 (valid password, hash included)',
    result: ms(result.p95),
    target: '',
    detail: `${count(result.rps)} sign-ins/s, p50 ${ms(result.p50)}${result.failures ? `, ${count(result.failures)} failed` : ''}`,
  });
}

/** m. QR stickers (issue 11): a sheet of 480 labels (serials, PDF, file and mail in the request), each size. */
export async function figureStickers(server: PortalServer) {
  console.log('\n[o] POST /api/QRCodeWithImage, 480 stickers');
  const token = await signIn(server.base, 'scheduler@demo.test');
  for (const size of ['25mm', '38mm', '50mm']) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/QRCodeWithImage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ size, color: 'Black', quantity: 480 }),
      });
      const body = await response.text();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${response.status} ${body.slice(0, 200)}`);
      bytes = body.length;
    }
    const value = median(times);
    add({
      id: 'o',
      figure: `QR sticker sheet of 480 labels, ${size} (median of 3)`,
      result: ms(value),
      target: '< 5 s',
      ok: value < 5000,
      detail: `runs ${times.map(ms).join(', ')}; answer ${bytes} bytes`,
    });
  }
}

export async function figuresDE(server: PortalServer, webProblem: string | null) {
  console.log('\n[d, e] the /login page in Chromium');
  const url = `${server.base}/login`;
  let problem = webProblem;
  if (!problem) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200 || !String(response.headers.get('content-type')).includes('text/html')) {
      problem = `web not built (GET /login answered ${response.status})`;
    }
  }
  if (problem) {
    add({ id: 'd', figure: 'gzipped JavaScript loaded by /login', result: problem, target: '< 200 KB' });
    add({ id: 'e', figure: 'Lighthouse mobile performance of /login', result: problem, target: '>= 0.9' });
    return;
  }
  try {
    const weight = await scriptWeight(url);
    add({
      id: 'd',
      figure: 'gzipped JavaScript loaded by /login',
      result: kb(weight.gzipBytes),
      target: '< 200 KB',
      ok: weight.gzipBytes < 200 * 1024,
      detail: `${weight.scripts} script${weight.scripts === 1 ? '' : 's'}, ${kb(weight.rawBytes)} uncompressed, gzip -9 each`,
    });
  } catch (error) {
    failed('d', 'gzipped JavaScript loaded by /login', '< 200 KB', error);
  }
  try {
    const lh = await lighthousePerformance(url);
    add({
      id: 'e',
      figure: 'Lighthouse mobile performance of /login',
      result: lh.score.toFixed(2),
      target: '>= 0.9',
      ok: lh.score >= 0.9,
      detail: `LCP ${ms(lh.lcpMs)}, TBT ${ms(lh.tbtMs)} (simulated mobile)`,
    });
  } catch (error) {
    failed('e', 'Lighthouse mobile performance of /login', '>= 0.9', error);
  }
}
