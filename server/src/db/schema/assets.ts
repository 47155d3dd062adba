import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assetTypes } from './assetTypes';
import { clientCompanies, sites } from './clients';
import { createdAt, locationId, modifiedAt, recordStatus } from './columns';
import { files } from './files';
import { namespaces } from './namespaces';

/**
 * Assets (Location objectType ASSET): the equipment under inspection, on a site of a client
 * company. They share the locations' id space (`GET /api/Location/{id}`). Created by the job
 * wizard's Add Asset (`POST /api/Location`); the assets area extends this table later
 * (end user, files, history). Status 1 active, 0 inactive.
 */
export const assets = pgTable(
  'assets',
  {
    id: locationId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id),
    /** The site (the payload's parentId). */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    assetTypeId: integer('asset_type_id')
      .notNull()
      .references(() => assetTypes.id),
    name: text('name').notNull(),
    serialNumber: text('serial_number'),
    /** The asset panel's External Id (ours: at most 100 characters). */
    externalId: text('external_id'),
    /** Short code shown on the dashboard and certificates. */
    acronymCode: text('acronym_code'),
    /** End user of the equipment (max 200) and their address (max 500), tasks document 2.6. */
    endUserName: text('end_user_name'),
    endUserAddress: text('end_user_address'),
    /** The attribute form revision `attributes` was filled against (null: not filled in the panel). */
    attributesFormId: integer('attributes_form_id'),
    attributesFormRevision: integer('attributes_form_revision'),
    /** Values of the asset type's attribute form (filled in the assets area). */
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    timeZone: text('time_zone'),
    /** The result of the last approved task (DECISIONS 5: 1 Pass, 2 Fail, 3 Pending), set at approval. */
    lastResult: smallint('last_result'),
    /** The actual inspection date of the last approved task. */
    lastInspectionDate: timestamp('last_inspection_date', { withTimezone: true, mode: 'date' }),
    /** The next due date: last inspection plus the task type's validity months (DECISIONS 8). */
    dueDate: timestamp('due_date', { withTimezone: true, mode: 'date' }),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    // The wizard's asset options: assets of one type on one site, by name.
    index('assets_site_type_idx').on(t.siteId, t.assetTypeId, t.status, t.name),
    index('assets_company_idx').on(t.companyId, t.status, t.name),
    // The asset dashboard: one client's active assets of some sites, by name.
    index('assets_dashboard_idx').on(t.siteId, t.status, t.name),
    index('assets_namespace_idx').on(t.namespaceId, t.status),
    // The Compliance overview's overdue and due-soon lists: a namespace's active assets by due date (issue 23).
    index('assets_due_idx').on(t.namespaceId, t.status, t.dueDate),
    index('assets_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Two active assets of one client company never share a name (any case): 409 on save.
    uniqueIndex('assets_active_name_key').on(t.companyId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);

/**
 * Files of an asset (the panel's Files tab): rows of `files` (owner type asset-file) in a
 * section: 1 Primary Photo, 2 Other Photos, 3 Attribute Photos, 4 File Attachments. Archiving
 * sets `archived_at`; an archived file leaves the tab (its row and bytes stay for the audit).
 */
export const assetFiles = pgTable(
  'asset_files',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    section: smallint('section').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.fileId] }), index('asset_files_file_idx').on(t.fileId)],
);

/**
 * The Compliance overview's counts of active assets (issue 23), kept by triggers on `assets`
 * in the transaction of every write (migration compliance_due_counts), so the overview sums a
 * few rows per site instead of reading every asset. Per namespace, client, site, whether the
 * last result is Fail, and the UTC due day at two grains: `grain` 'd' one row per due day,
 * 'm' one row per month (`due_day` the month's first day; null: no due date, 'm' only). An
 * asset counts once in each grain; the overview reads months away from today and days near it.
 * Rows whose count falls to 0 are deleted.
 */
export const complianceDueCounts = pgTable(
  'compliance_due_counts',
  {
    namespaceId: integer('namespace_id').notNull(),
    companyId: integer('company_id').notNull(),
    siteId: integer('site_id').notNull(),
    failed: boolean('failed').notNull(),
    grain: text('grain').notNull(),
    dueDay: date('due_day', { mode: 'string' }),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('compliance_due_counts_key').on(t.siteId, t.companyId, t.namespaceId, t.failed, t.grain, t.dueDay).nullsNotDistinct(),
    index('compliance_due_counts_namespace_idx').on(t.namespaceId, t.grain, t.dueDay),
    // The triggers delete the rows whose count fell to 0 (only those are in this index).
    index('compliance_due_counts_empty_idx').on(t.siteId).where(sql`${t.n} = 0`),
  ],
);
