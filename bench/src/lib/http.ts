import autocannon from 'autocannon';

/** An endpoint the bench could not measure (not written yet, or failing). */
export class Unavailable extends Error {}

/** Signs in through POST /api/weblogin and returns the session id for `Authorization: Bearer`. */
export async function signIn(base: string, email: string, password = 'demo1234'): Promise<string> {
  // A server still busy with its start (the documents worker on a fresh database) may answer
  // 503 with Retry-After: tried again after it, as a client honouring Retry-After would, up to
  // five times.
  let response: Response;
  let text: string;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${base}/api/weblogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    text = await response.text();
    if (response.status !== 503 || attempt === 5) break;
    const seconds = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}: ${text.slice(0, 200)}`);
  const sessionId = (JSON.parse(text) as { sessionId?: string }).sessionId;
  if (!sessionId) throw new Error(`sign-in as ${email} answered no sessionId`);
  return sessionId;
}

/** The nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/**
 * One GET that must answer 200. 404 and 5xx mean "not available" (an endpoint still being
 * written); any other status is an error worth showing.
 */
export async function get(url: string, headers: Record<string, string>): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status === 404 || response.status >= 500) throw new Unavailable(`not available (${response.status})`);
  if (response.status !== 200) {
    let message = body.slice(0, 120);
    try {
      message = (JSON.parse(body) as { error?: string }).error ?? message;
    } catch {
      // not JSON
    }
    throw new Error(`answered ${response.status}: ${message}`);
  }
  return { ms, body };
}

/** Latencies of `count` sequential GETs (after `warmup` unmeasured ones). */
export async function sequential(url: string, headers: Record<string, string>, count: number, warmup = 5) {
  for (let i = 0; i < warmup; i++) await get(url, headers);
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < count; i++) {
    const { ms, body } = await get(url, headers);
    times.push(ms);
    last = body;
  }
  return { p50: median(times), p95: percentile(times, 95), body: last };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  failures: number;
}

/**
 * autocannon for `seconds` with `connections`, p95 computed from every response time
 * (autocannon's own summary has no p95). Non-2xx answers and errors count as failures.
 */
export function load(options: {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.total / (result.duration || options.seconds),
          p50: median(times),
          p95: percentile(times, 95),
          requests: result.requests.total,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
    });
  });
}
