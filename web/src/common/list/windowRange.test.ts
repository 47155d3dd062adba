import { describe, expect, it } from 'vitest';
import { windowRange } from './WindowedBody';

describe('windowRange', () => {
  it('renders the first screen and the overscan below it while the table top is in view', () => {
    // The body starts 200 px down a 900 px viewport: 700 px of 40 px rows = 18 rows, +25 overscan.
    expect(windowRange(200, 900, 40)).toEqual({ start: 0, end: 50 });
  });

  it('follows the scroll: rows above the viewport are left out, in steps of ten', () => {
    // Scrolled 40,000 px into the body: row 1,000 is at the top of the viewport.
    expect(windowRange(-40_000, 900, 40)).toEqual({ start: 970, end: 1050 });
    // A small scroll inside the same step keeps the same range (no re-render).
    expect(windowRange(-40_100, 900, 40)).toEqual({ start: 970, end: 1050 });
  });

  it('never starts below row 0, even when the body is far below the viewport', () => {
    expect(windowRange(5_000, 900, 40)).toEqual({ start: 0, end: 0 });
  });
});
