import type { InventoryValues } from '@portal/contracts';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import { insertInventoryRows } from '../features/clientInventory';
import type { SeededNamespace } from './demo';
import { createRandom } from './random';

/**
 * The demo's client inventory (issue 24): rows on the first two sites of the first client (the
 * demo client accounts' company), 100 on each in the full demo. Also the fixture of the
 * inventory's tests and bench.
 */
const PRODUCTS: { category: string; items: string[]; makers: string[]; tonne: [number, number] }[] = [
  {
    category: 'Shackle',
    items: ['Bow shackle G-209 3.25 t', 'Dee shackle G-210 4.75 t', 'Bow shackle G-2130 8.5 t'],
    makers: ['Crosby', 'Van Beest', 'Gunnebo'],
    tonne: [0.1, 1.2],
  },
  {
    category: 'Chain Sling',
    items: ['2-leg chain sling G80 8 mm', '4-leg chain sling G80 10 mm', '1-leg chain sling G100 13 mm'],
    makers: ['Pewag', 'RUD', 'Yoke'],
    tonne: [0.2, 2.5],
  },
  {
    category: 'Wire Rope',
    items: ['Wire rope sling 12 mm x 3 m', 'Wire rope 16 mm x 50 m reel', 'Grommet 20 mm x 2 m'],
    makers: ['Bridon', 'Teufelberger', 'Casar'],
    tonne: [0.05, 6],
  },
  {
    category: 'Web Sling',
    items: ['Flat web sling 60 mm x 4 m', 'Round sling 3 m', 'Flat web sling 90 mm x 6 m'],
    makers: ['SpanSet', 'Lift-All', 'Dolezych'],
    tonne: [0.01, 0.3],
  },
  {
    category: 'Chain Block',
    items: ['Chain block 1 t x 3 m', 'Chain block 2 t x 6 m', 'Lever hoist 1.5 t'],
    makers: ['Yale', 'Kito', 'Hitachi'],
    tonne: [0.01, 0.05],
  },
  {
    category: 'Spreader Beam',
    items: ['Spreader beam 5 t x 3 m', 'Modular spreader 12 t', 'Lifting beam 2 t'],
    makers: ['Modulift', 'Tiger', 'Bradley'],
    tonne: [0.2, 1.8],
  },
];
const LOCATIONS = ['Rigging loft', 'Container A', 'Container B', 'Workshop bay 2', 'Quayside store', 'Crane 3 locker'];
const COMMENTS = ['', '', '', 'Tagged for next examination', 'Spare', 'Quarantined: awaiting repair', 'Issued to the night shift'];

export interface SeededInventory {
  clientId: number;
  siteIds: number[];
}

/** Rows that look like a rigging store's, deterministic for a seed. */
export function inventoryRowsOf(seed: number, count: number): InventoryValues[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const product = PRODUCTS[i % PRODUCTS.length];
    const [low, high] = product.tonne;
    return {
      productCategory: product.category,
      description: random.pick(product.items),
      quantity: random.int(1, 40),
      tonne: Math.round((low + (high - low) * (random.int(0, 1000) / 1000)) * 1000) / 1000,
      manufacturer: random.pick(product.makers),
      location: random.pick(LOCATIONS),
      comments: random.pick(COMMENTS) || null,
    };
  });
}

export async function seedClientInventory(
  db: Db,
  ns: SeededNamespace,
  options: { seed: number; rowsPerSite: number },
): Promise<SeededInventory> {
  const client = ns.clients[0];
  const siteIds = client.siteIds.slice(0, 2);
  const scope = { namespaceId: ns.id, userId: null };
  await inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    for (const [index, siteId] of siteIds.entries()) {
      await insertInventoryRows(tx, scope, { clientId: client.id, siteId }, inventoryRowsOf(options.seed + index, options.rowsPerSite));
    }
  });
  return { clientId: client.id, siteIds };
}
