/**
 * The one HTTP client of the web app: JSON in and out, the session cookie sent by the
 * browser (never a session id in storage), the spec's filter header, and errors carrying the
 * server's `{ error, fields }`. A 401 outside the sign-in calls means the session ended:
 * listeners (the root) send the user to the login page with the session-expired message.
 */
import { AUTH } from '@portal/contracts/messages';
import { startupReads } from './startupReads';

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  filter?: Record<string, unknown>;
  /** Do not treat 401 as an expired session (sign-in, logout and the start-up probe). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `/api${path}${text ? (path.includes('?') ? '&' : '?') + text : ''}`;
}

/** Drops empty values so that a blank search box does not filter. */
export function cleanFilter(filter: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!filter) return undefined;
  const entries = Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export async function http<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const filter = cleanFilter(options.filter);
  if (filter) headers.filter = encodeURIComponent(JSON.stringify(filter));
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  // A screen's opening read may already have been sent at page load (startupReads.ts).
  const read = method === 'GET' && !options.anonymous ? { url, filter: headers.filter } : null;
  const pending = read ? startupReads()?.take(read) : null;
  const early = pending ? await pending : null;
  let response: { ok: boolean; status: number; text: string };
  if (early) response = early;
  else {
    try {
      const answer = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
      response = { ok: answer.ok, status: answer.status, text: await answer.text() };
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new HttpError(0, 'The server cannot be reached. Check your connection and try again');
    }
  }
  if (read) startupReads()?.record(read, window.location.pathname);
  const text = response.text;
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const payload = (data && typeof data === 'object' ? data : {}) as { error?: string; fields?: Record<string, string> };
    if (response.status === 401 && !options.anonymous) for (const listener of expiredListeners) listener();
    throw new HttpError(response.status, payload.error ?? `Request failed (${response.status})`, payload.fields, data);
  }
  return data as T;
}

export const get = <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => http<T>(path, options);
export const post = <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  http<T>(path, { ...options, method: 'POST', body });
export const del = <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  http<T>(path, { ...options, method: 'DELETE' });

/** The spec's texts for a logo that could not be loaded (shell document 8). */
export function logoLoadError(error: unknown): string {
  return error instanceof HttpError && error.status === 401 ? AUTH.logoNotAuthorized : AUTH.logoError;
}
