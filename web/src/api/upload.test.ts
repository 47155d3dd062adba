import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { UNREACHABLE, uploadFiles } from './upload';

/** A stand-in XMLHttpRequest: the test plays the server through `last`. */
class FakeRequest {
  static last: FakeRequest;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  url = '';
  withCredentials = false;
  sent?: FormData;
  constructor() {
    FakeRequest.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(data: FormData) {
    this.sent = data;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

vi.stubGlobal('XMLHttpRequest', FakeRequest);
afterEach(() => vi.clearAllMocks());

const file = new File(['abc'], 'a.txt');
const accept = (body: Record<string, unknown>) => (typeof body.blobKey === 'string' ? body.blobKey : undefined);

describe('uploadFiles', () => {
  it('reports progress and answers what the caller accepts', async () => {
    const progress: number[] = [];
    const done = uploadFiles({ url: '/api/x', files: [['file', file]], onProgress: (f) => progress.push(f), accept });
    const request = FakeRequest.last;
    expect(request.url).toBe('/api/x');
    expect(request.sent?.get('file')).toMatchObject({ name: 'a.txt' });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    request.answer(200, { blobKey: 'k1' });
    await expect(done).resolves.toBe('k1');
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's text, or the caller's text for the status", async () => {
    const refused = uploadFiles({ url: '/api/x', files: [['file', file]], accept });
    FakeRequest.last.answer(400, { error: 'Too big', fields: { file: 'Too big' } });
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'Too big', fields: { file: 'Too big' } });
    const proxy = uploadFiles({ url: '/api/x', files: [['file', file]], accept, failText: (s) => `Upload failed (${s})` });
    FakeRequest.last.answer(502, '<html>');
    await expect(proxy).rejects.toMatchObject({ status: 502, message: 'Upload failed (502)' });
    const odd = uploadFiles({ url: '/api/x', files: [['file', file]], accept });
    FakeRequest.last.answer(200, {});
    await expect(odd).rejects.toMatchObject({ message: 'Request failed (200)' });
  });

  it('rejects an unreachable server and an abort', async () => {
    const offline = uploadFiles({ url: '/api/x', files: [['file', file]], accept });
    FakeRequest.last.onerror?.();
    await expect(offline).rejects.toEqual(new HttpError(0, UNREACHABLE));
    const controller = new AbortController();
    const aborted = uploadFiles({ url: '/api/x', files: [['file', file]], accept, signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
