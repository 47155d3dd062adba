import { describe, expect, it } from 'vitest';
import { sortRows } from './useLocalList';

const rows = [
  { id: 1, name: 'b', client: { name: 'Zenith' }, n: 2 },
  { id: 2, name: 'a', client: { name: 'Atlas' }, n: 10 },
  { id: 3, name: 'c', client: null, n: 2 },
];

describe('sortRows: the order a list table shows its loaded rows in', () => {
  it('keeps the server order without a sort field, and does not touch the rows', () => {
    expect(sortRows(rows, { field: '', order: 'ASC' })).toBe(rows);
  });
  it('sorts by a field in either direction without changing the loaded array', () => {
    expect(sortRows(rows, { field: 'name', order: 'ASC' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { field: 'name', order: 'DESC' }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it('compares numbers as numbers and keeps equal rows in their loaded order', () => {
    expect(sortRows(rows, { field: 'n', order: 'ASC' }).map((r) => r.id)).toEqual([1, 3, 2]);
  });
  it('follows a dotted path, a missing value comparing equal to anything', () => {
    expect(sortRows(rows.slice(0, 2), { field: 'client.name', order: 'ASC' }).map((r) => r.id)).toEqual([2, 1]);
    expect(sortRows(rows, { field: 'client.name', order: 'ASC' })).toHaveLength(3);
  });
});
