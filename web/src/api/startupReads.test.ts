import { describe, expect, it } from 'vitest';
import { FRESH_MS, StartupReads } from './startupReads';

class MemoryStorage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

function setup(storage = new MemoryStorage()) {
  const sent: { url: string; filter?: string }[] = [];
  let clock = 0;
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, filter: (init.headers as Record<string, string>).filter });
    return new Response(JSON.stringify({ url }), { status: url.includes('denied') ? 403 : 200 });
  }) as unknown as typeof globalThis.fetch;
  const make = (path: string) => new StartupReads(path, { storage: storage as unknown as Storage, fetch, now: () => clock });
  return { storage, sent, make, tick: (ms: number) => (clock += ms), setClock: (ms: number) => (clock = ms) };
}

describe("start-up reads: a screen's opening calls sent again at the start of its next load", () => {
  it('records the calls of a young page load and sends them first on the next load of that path', async () => {
    const s = setup();
    const first = s.make('/resources/users');
    first.start();
    expect(s.sent).toHaveLength(0);
    first.record({ url: '/api/Users?offset=0&limit=100', filter: '%7B%7D' }, '/resources/users');
    first.record({ url: '/api/Users/count' }, '/resources/users');
    first.record({ url: '/api/Users/count' }, '/resources/users'); // the same call once

    const next = s.make('/resources/users');
    next.start();
    expect(s.sent).toEqual([
      { url: '/api/Users?offset=0&limit=100', filter: '%7B%7D' },
      { url: '/api/Users/count', filter: undefined },
    ]);
    // The screen's call takes the early answer once; a second identical call makes its own.
    const answer = await next.take({ url: '/api/Users?offset=0&limit=100', filter: '%7B%7D' });
    expect(answer).toEqual({ ok: true, status: 200, text: JSON.stringify({ url: '/api/Users?offset=0&limit=100' }) });
    expect(next.take({ url: '/api/Users?offset=0&limit=100', filter: '%7B%7D' })).toBeNull();
    // Another filter is another call.
    expect(next.take({ url: '/api/Users/count', filter: 'x' })).toBeNull();
  });

  it('passes an error answer on as it came', async () => {
    const s = setup();
    s.make('/a').record({ url: '/api/denied' }, '/a');
    const next = s.make('/a');
    next.start();
    expect(await next.take({ url: '/api/denied' })).toMatchObject({ ok: false, status: 403 });
  });

  it('does not record once the person has acted on the page, on another path, or an export of every row', () => {
    const s = setup();
    const reads = s.make('/resources/users');
    reads.record({ url: '/api/Users' }, '/resources/clients');
    reads.record({ url: '/api/Users?offset=-1&limit=-1' }, '/resources/users');
    reads.close();
    reads.record({ url: '/api/Users/count' }, '/resources/users');
    s.make('/resources/users').start();
    expect(s.sent).toHaveLength(0);
  });

  it('gives no early answer once it is stale', () => {
    const s = setup();
    s.make('/p').record({ url: '/api/X' }, '/p');
    const next = s.make('/p');
    next.start();
    s.tick(FRESH_MS + 1);
    expect(next.take({ url: '/api/X' })).toBeNull();
  });

  it('sends nothing from a tampered or broken record but same-origin API paths', () => {
    const s = setup();
    s.storage.setItem(
      'portal.startupReads',
      JSON.stringify({
        '/p': { at: 1, calls: [{ url: 'https://evil.test/x' }, { url: '//evil.test/api/x' }, { url: '/api/ok' }, { url: 5 }] },
      }),
    );
    s.make('/p').start();
    expect(s.sent.map((c) => c.url)).toEqual(['/api/ok']);
    s.storage.setItem('portal.startupReads', '{not json');
    s.make('/p').start();
    expect(s.sent).toHaveLength(1);
  });
});
