import type { InventoryField, InventoryRow } from '@portal/contracts';

/** The search box of each column (administration document 5): text contains, any case; quantity and tonne exact. */
export type InventorySearch = Record<InventoryField, string>;

export const EMPTY_SEARCH: InventorySearch = {
  productCategory: '',
  description: '',
  quantity: '',
  tonne: '',
  manufacturer: '',
  location: '',
  comments: '',
};

const NUMERIC: readonly InventoryField[] = ['quantity', 'tonne'];

/** The rows every non-empty search box matches. A number box that is not a number matches nothing. */
export function searchInventory(rows: InventoryRow[], search: InventorySearch): InventoryRow[] {
  const tests: ((row: InventoryRow) => boolean)[] = [];
  for (const field of Object.keys(search) as InventoryField[]) {
    const typed = search[field].trim();
    if (typed === '') continue;
    if (NUMERIC.includes(field)) {
      const wanted = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(typed) ? Number(typed) : Number.NaN;
      tests.push((row) => row[field] !== null && row[field] === wanted);
    } else {
      const needle = typed.toLowerCase();
      tests.push((row) => (row[field] ?? '').toString().toLowerCase().includes(needle));
    }
  }
  return tests.length === 0 ? rows : rows.filter((row) => tests.every((test) => test(row)));
}
