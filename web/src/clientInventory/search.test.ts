import { describe, expect, it } from 'vitest';
import type { InventoryRow } from '@portal/contracts';
import { EMPTY_SEARCH, searchInventory } from './search';

const row = (id: number, patch: Partial<InventoryRow>): InventoryRow => ({
  id,
  productCategory: 'Shackle',
  description: null,
  quantity: null,
  tonne: null,
  manufacturer: null,
  location: null,
  comments: null,
  clientId: 1,
  siteId: 2,
  can: { edit: true, delete: true },
  ...patch,
});
const rows = [
  row(1, { productCategory: 'Bow Shackle', quantity: 12, tonne: 1.5, manufacturer: 'Crosby' }),
  row(2, { productCategory: 'Chain Sling', quantity: 1, tonne: 0.25, manufacturer: 'crosby group' }),
  row(3, { productCategory: 'Hoist', quantity: null, tonne: null }),
];
const ids = (found: InventoryRow[]) => found.map((r) => r.id);

describe('searchInventory', () => {
  it('keeps every row with no search', () => {
    expect(ids(searchInventory(rows, EMPTY_SEARCH))).toEqual([1, 2, 3]);
  });
  it('matches text columns by contains, in any case', () => {
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, manufacturer: 'CROSBY' }))).toEqual([1, 2]);
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, productCategory: 'sling' }))).toEqual([2]);
  });
  it('matches quantity and tonne exactly, and nothing for a box that is not a number', () => {
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, quantity: '1' }))).toEqual([2]);
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, tonne: '1.50' }))).toEqual([1]);
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, tonne: '.25' }))).toEqual([2]);
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, quantity: 'x' }))).toEqual([]);
  });
  it('combines the boxes', () => {
    expect(ids(searchInventory(rows, { ...EMPTY_SEARCH, manufacturer: 'crosby', quantity: '12' }))).toEqual([1]);
  });
});
