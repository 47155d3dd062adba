import { index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clientCompanies, sites } from './clients';
import { createdAt, modifiedAt } from './columns';
import { divisions } from './divisions';
import { files } from './files';
import { namespaces } from './namespaces';
import { offices } from './offices';
import { roles } from './roles';

/** Users of a namespace: LO users (type 0) and client users (type 1). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    /** Lower case; unique across the platform (DECISIONS 2). */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    description: text('description'),
    externalId: text('external_id'),
    /** 0 LO user, 1 client user. */
    type: smallint('type').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** The client company of a client user. */
    companyId: integer('company_id').references(() => clientCompanies.id),
    /** Primary LO office of an LO user. */
    officeId: integer('office_id').references(() => offices.id),
    /** 1 active, -1 removed, -2 archived, -3 suspended. */
    status: smallint('status').notNull().default(1),
    passwordHash: text('password_hash'),
    /** Qualifications printed under the name on certificates (DECISIONS 9, at most 200). */
    qualifications: text('qualifications'),
    signatureFileId: integer('signature_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_namespace_status_name_idx').on(t.namespaceId, t.status, t.name, t.id),
    // The unfiltered page (every status, by name): without it a page of 100 sorted all the namespace's users.
    index('users_namespace_name_idx').on(t.namespaceId, t.name, t.id),
    index('users_role_idx').on(t.roleId, t.status),
    index('users_company_idx').on(t.companyId, t.status),
    index('users_office_idx').on(t.officeId),
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Other (secondary) offices of an LO user. */
export const userOffices = pgTable(
  'user_offices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.officeId] }), index('user_offices_office_idx').on(t.officeId)],
);

export const userDivisions = pgTable(
  'user_divisions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.divisionId] }), index('user_divisions_division_idx').on(t.divisionId)],
);

/** Client sites a client user may see. */
export const userSites = pgTable(
  'user_sites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_sites_site_idx').on(t.siteId)],
);
