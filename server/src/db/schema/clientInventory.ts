import { index, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { clientCompanies, sites } from './clients';
import { createdAt, modifiedAt } from './columns';
import { namespaces } from './namespaces';

/**
 * The client inventory (administration document 3 "Client inventory row"; DECISIONS 10): a
 * client's site's rows. Status 1 active; a delete archives (0), as every delete of the
 * administration document.
 */
export const clientInventory = pgTable(
  'client_inventory',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clientCompanies.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
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
    index('client_inventory_site_idx').on(t.namespaceId, t.siteId, t.status, t.id),
    index('client_inventory_client_idx').on(t.clientId),
  ],
);
