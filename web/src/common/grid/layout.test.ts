import { describe, expect, it } from 'vitest';
import { addGrouping, emptyLayout, moveColumn, resolveLayout, stepColumn, toState } from './layout';
import type { GridColumn } from './types';

type Row = { a: string; b: string; c: string; d: string };
const columns: GridColumn<Row>[] = [
  { id: 'a', label: 'A', width: 100, pinned: true },
  { id: 'b', label: 'B', width: 120 },
  { id: 'c', label: 'C' },
  { id: 'd', label: 'D', hidden: true },
];

describe('grid layout', () => {
  it('defaults: the columns in order, their widths, hidden-by-default columns hidden', () => {
    const layout = resolveLayout(columns, emptyLayout());
    expect(layout.order).toEqual(['a', 'b', 'c', 'd']);
    expect(layout.widths).toEqual({ a: 100, b: 120, c: 140, d: 140 });
    expect([...layout.hidden]).toEqual(['d']);
    expect(layout.grouping).toEqual([]);
  });

  it('a saved layout is read against the current columns: unknown ids dropped, new columns at the end', () => {
    const layout = resolveLayout(columns, {
      order: ['c', 'gone', 'a'],
      widths: { c: 300, gone: 90 },
      grouping: ['gone', 'b', 'b'],
      hidden: ['b', 'a'],
      shown: ['d'],
    });
    expect(layout.order).toEqual(['c', 'a', 'b', 'd']);
    expect(layout.widths.c).toBe(300);
    expect(layout.grouping).toEqual(['b']);
    // A pinned column is never hidden; a hidden-by-default one the user picked shows.
    expect([...layout.hidden]).toEqual(['b']);
  });

  it('moves a column to where another is, from either side, and steps it among the shown ones', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumn(['a', 'b'], 'x', 'b')).toEqual(['a', 'b']);
    expect(stepColumn(['a', 'b', 'c', 'd'], new Set(['b']), 'c', -1)).toEqual(['c', 'a', 'b', 'd']);
    expect(stepColumn(['a', 'b', 'c'], new Set(), 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('adds grouping levels at the end or before another, at most four', () => {
    expect(addGrouping(['a'], 'b')).toEqual(['a', 'b']);
    expect(addGrouping(['a', 'b'], 'b', 'a')).toEqual(['b', 'a']);
    expect(addGrouping(['a', 'b', 'c', 'd'], 'e')).toHaveLength(4);
  });

  it('saves only what differs from the defaults (widths), and round-trips', () => {
    const layout = resolveLayout(columns, emptyLayout());
    layout.widths.b = 200;
    layout.hidden = new Set(['c']);
    const state = toState(columns, { ...layout, order: ['b', 'a', 'c', 'd'], grouping: ['c'] });
    expect(state).toEqual({ order: ['b', 'a', 'c', 'd'], widths: { b: 200 }, grouping: ['c'], hidden: ['c'], shown: ['d'] });
    expect(resolveLayout(columns, state).widths.b).toBe(200);
  });
});
