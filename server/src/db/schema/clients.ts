import { type AnyPgColumn, index, integer, pgTable, primaryKey, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { addressColumns, createdAt, locationId, modifiedAt, recordStatus } from './columns';
import { files } from './files';
import { namespaces } from './namespaces';
import { offices } from './offices';

/** Client companies (Location objectType CLIENT_COMPANY). */
export const clientCompanies = pgTable(
  'client_companies',
  {
    id: locationId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    ...addressColumns(),
    acronymCode: text('acronym_code'),
    externalId: text('external_id'),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: recordStatus(),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('client_companies_namespace_idx').on(t.namespaceId, t.status, t.name),
    // The Reports dashboard grouped by client walks the clients in this order (reports.queries.ts).
    index('client_companies_name_order_idx').on(sql`lower(${t.name})`),
    index('client_companies_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('client_companies_code_trgm').using('gin', sql`lower(${t.acronymCode}) gin_trgm_ops`),
    // The clients' duplicate checks (features/clients, defineLocationType): active names and codes,
    // whatever their case. A save repeating both is refused for the name: PostgreSQL checks a
    // table's unique indexes in the order they were made, and these names sort in that order too
    // (a dump restores indexes by name), hence "code_active" rather than "active_code".
    uniqueIndex('client_companies_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
    uniqueIndex('client_companies_code_active_key').on(t.namespaceId, sql`lower(${t.acronymCode})`).where(sql`${t.status} = 1`),
  ],
);

/** The LO offices that serve a client (the client's office multi-select). */
export const clientOffices = pgTable(
  'client_offices',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.officeId] }), index('client_offices_office_idx').on(t.officeId)],
);

/** Sites and their sub-locations (Location objectType SITE). Top-level sites have no parent. */
export const sites = pgTable(
  'sites',
  {
    id: locationId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id),
    parentId: integer('parent_id').references((): AnyPgColumn => sites.id),
    name: text('name').notNull(),
    ...addressColumns(),
    acronymCode: text('acronym_code'),
    externalId: text('external_id'),
    locationLevel: smallint('location_level').notNull().default(0),
    type: smallint('type').notNull().default(1),
    status: recordStatus(),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('sites_company_idx').on(t.companyId, t.status, t.name),
    index('sites_namespace_idx').on(t.namespaceId, t.status, t.name),
    index('sites_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // What a row naming a site, its client and namespace refers to (client_inventory): one key, one check per row.
    unique('sites_id_company_namespace_key').on(t.id, t.companyId, t.namespaceId),
    // The sites' duplicate check (features/clients, defineLocationType): active siblings (same
    // client, same parent; a top-level site's parent is none, 0 here) never share a name, whatever its case.
    uniqueIndex('sites_active_name_key')
      .on(t.companyId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.status} = 1`),
  ],
);
