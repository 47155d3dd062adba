import { integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, modifiedAt } from './columns';

/** A namespace is one provider company (an inspection business), DECISIONS section 3. */
export const namespaces = pgTable(
  'namespaces',
  {
    id: serial('id').primaryKey(),
    /** Lower-case short name used in e-mail addresses and host names, e.g. `demo`. */
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    mobile: text('mobile'),
    companyAddress: text('company_address'),
    companyWebsite: text('company_website'),
    // Customer Registration's project fields (administration document, "Customer registration").
    projectName: text('project_name'),
    projectAddress: text('project_address'),
    projectWebsite: text('project_website'),
    /** Labelled Project Office Code. */
    projectReraRegistration: text('project_rera_registration'),
    /** STRUCTURAL, FINISHING or SNAGGING (INTERIOR is listed but disabled). */
    currentProjectPhase: text('current_project_phase'),
    userDesignation: text('user_designation'),
    /** 1 Non Lite User, 0 Lite User (Customer Registration). */
    sourceType: smallint('source_type').notNull().default(1),
    /** 1 active. */
    status: smallint('status').notNull().default(1),
    logoFileId: integer('logo_file_id'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex('namespaces_name_key').on(sql`lower(${t.name})`)],
);
