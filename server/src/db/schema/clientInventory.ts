import { foreignKey, index, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { sites } from './clients';
import { createdAt, modifiedAt } from './columns';

/**
 * The client inventory (administration document 3 "Client inventory row"; DECISIONS 10): a
 * client's site's rows. Status 1 active; a delete archives (0), as every delete of the
 * administration document.
 */
export const clientInventory = pgTable(
  'client_inventory',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id').notNull(),
    clientId: integer('client_id').notNull(),
    siteId: integer('site_id').notNull(),
    productCategory: text('product_category').notNull(),
    description: text('description'),
    quantity: integer('quantity'),
    tonne: numeric('tonne', { precision: 12, scale: 3 }),
    manufacturer: text('manufacturer'),
    location: text('location'),
    comments: text('comments'),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    // The site, its client and its namespace as one reference (sites never change client): one
    // check per row instead of three, which a 50,000-row import notices, and a row can no longer
    // name a site of another client.
    foreignKey({
      name: 'client_inventory_site_fk',
      columns: [t.siteId, t.clientId, t.namespaceId],
      foreignColumns: [sites.id, sites.companyId, sites.namespaceId],
    }),
    // Also what a check on a site's rows (the reference above) reads; no index on client_id alone:
    // nothing reads by client, and each index is one more insert per imported row.
    index('client_inventory_site_idx').on(t.namespaceId, t.siteId, t.status, t.id),
  ],
);
