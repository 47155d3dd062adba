/**
 * The spec's deliberate pauses after a change: a panel closes and its list reloads 2 s after a
 * save (administration document 4), task details reload 2 s after a status change, a job panel
 * closes 2 s after its save. Each is given through `specPause(ms)`. (Sign-out's 1.5 s "Logging
 * out..." is something to read, so it keeps its time.)
 *
 * The browser tests shorten them to a tenth (e2e/fixtures.ts sets localStorage
 * `portal.shortPauses`), so the suite's flows keep the same order of events without spending
 * minutes waiting on purpose; nothing else reads the key, and alerts keep their full times.
 */
export const SHORT_PAUSES_KEY = 'portal.shortPauses';

export function specPause(ms: number): number {
  try {
    return window.localStorage.getItem(SHORT_PAUSES_KEY) === '1' ? Math.round(ms / 10) : ms;
  } catch {
    return ms;
  }
}
