import { HttpError } from './http';

/** The text of an upload that never reached the server. */
export const UNREACHABLE = 'The server cannot be reached. Check your connection and try again';

export interface UploadOptions<T> {
  /** The API path, `/api/...`, with its query. */
  url: string;
  /** The multipart parts: one `[part, file]` per file, in order. */
  files: [part: string, file: File][];
  /** Text parts sent before the files (a JSON description of where they go). */
  fields?: [part: string, value: string][];
  /** Gets 0..1 while the body goes up, and 1 once the server has answered. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
  /** The answer's body when the server took the files; undefined when it is not what the caller expects. */
  accept(body: Record<string, unknown>, status: number): T | undefined;
  /** The text of a refusal without an `error` in its body. */
  failText?: (status: number) => string;
}

/**
 * One multipart upload with progress and abort: `fetch` reports no upload progress, so this
 * goes through XMLHttpRequest. Refusals reject with an HttpError carrying the server's
 * `error` text (and its `fields`), an unreachable server with status 0 and UNREACHABLE.
 */
export function uploadFiles<T>({
  url,
  files,
  fields = [],
  onProgress,
  signal,
  accept,
  failText = (status) => `Request failed (${status})`,
}: UploadOptions<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    request.onerror = () => {
      done();
      reject(new HttpError(0, UNREACHABLE));
    };
    request.onload = () => {
      done();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText || '{}');
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      const answer = request.status >= 200 && request.status < 300 ? accept(body, request.status) : undefined;
      if (answer !== undefined) {
        onProgress?.(1);
        resolve(answer);
      } else {
        const error = typeof body.error === 'string' ? body.error : failText(request.status);
        reject(new HttpError(request.status, error, body.fields as Record<string, string> | undefined, body));
      }
    };
    const data = new FormData();
    for (const [part, value] of fields) data.append(part, value);
    for (const [part, file] of files) data.append(part, file, file.name);
    request.send(data);
  });
}
