import { sql } from 'drizzle-orm';
import type { TaskChecklist, TestEquipment } from '@portal/contracts';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { assetTypes } from './assetTypes';
import { clientCompanies, sites } from './clients';
import { createdAt, modifiedAt } from './columns';
import { divisions } from './divisions';
import { files } from './files';
import { namespaces } from './namespaces';
import { offices } from './offices';
import { taskTypes } from './taskTypes';
import { users } from './users';

/**
 * Jobs (the spec's "schedule"): planned work for a client's top-level site, from an LO office,
 * with a main inspector. Type 1 job, 2 job lite. Status per DECISIONS 5; it follows the tasks.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    /** `<office code>-<yyyy>-<5 digits>` from the JOB sequence of the office (DECISIONS 6). */
    jobNumber: text('job_number').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(1),
    status: smallint('status').notNull().default(1),
    customerId: integer('customer_id')
      .notNull()
      .references(() => clientCompanies.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    duration: integer('duration').notNull().default(1),
    requesterId: integer('requester_id').references(() => users.id),
    /** The assigned office (Lo Office for Job): the spec's officeId and secondaryOfficeId. */
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    salesPersonId: integer('sales_person_id').references(() => users.id),
    price: doublePrecision('price'),
    currency: text('currency'),
    poNumber: text('po_number'),
    quotationNumber: text('quotation_number'),
    comments: text('comments'),
    mainInspectorId: integer('main_inspector_id')
      .notNull()
      .references(() => users.id),
    vendorDetails: text('vendor_details'),
    subVendorDetails: text('sub_vendor_details'),
    isDayJob: boolean('is_day_job').notNull().default(false),
    isDayJobClosed: boolean('is_day_job_closed').notNull().default(false),
    timeZone: text('time_zone'),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('jobs_number_key').on(t.namespaceId, t.jobNumber),
    // The dashboards: a namespace's jobs (or job lites) of a status set, newest start first.
    index('jobs_list_idx').on(t.namespaceId, t.type, t.status, t.startDate.desc(), t.id.desc()),
    index('jobs_list_start_idx').on(t.namespaceId, t.type, t.startDate.desc(), t.id.desc()),
    index('jobs_customer_idx').on(t.customerId),
    index('jobs_site_idx').on(t.siteId),
    index('jobs_main_inspector_idx').on(t.mainInspectorId, t.status),
    index('jobs_number_trgm').using('gin', sql`lower(${t.jobNumber}) gin_trgm_ops`),
    index('jobs_quotation_trgm').using('gin', sql`lower(${t.quotationNumber}) gin_trgm_ops`),
  ],
);

/** Other inspectors of a job (the main inspector is on the job row). */
export const jobInspectors = pgTable(
  'job_inspectors',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] }), index('job_inspectors_user_idx').on(t.userId)],
);

/** Client Users of a job (users of its site). */
export const jobClientUsers = pgTable(
  'job_client_users',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] }), index('job_client_users_user_idx').on(t.userId)],
);

/** Job files: rows of `files` (owner type job-file) kept on the job, in upload order. */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.fileId] }), index('job_files_file_idx').on(t.fileId)],
);

/**
 * Tasks (the spec's "observations") of a job: a task type of a division on an asset of the
 * job's site, for an inspector, planned on a date. Status per the tasks document section 4.
 * The LLG special task has the LLG task and asset types, no asset (the site is its location)
 * and no inspector; its children (llg- task types) point to it with parent_id.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(1),
    /** 1024 task; 512 service report; 256 special. */
    observationType: smallint('observation_type').notNull().default(1024),
    taskTypeId: integer('task_type_id')
      .notNull()
      .references(() => taskTypes.id),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id),
    assetTypeId: integer('asset_type_id').references(() => assetTypes.id),
    /** The asset (assets share the locations' id sequence); null for the LLG task. */
    assetId: integer('asset_id').references(() => assets.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    inspectorId: integer('inspector_id').references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => tasks.id),
    /** An LLG child task: the register item it examines (llg_items). */
    llgItemId: integer('llg_item_id').references((): AnyPgColumn => llgItems.id),
    isLlg: boolean('is_llg').notNull().default(false),
    dueDate: timestamp('due_date', { withTimezone: true, mode: 'date' }),
    timeZone: text('time_zone'),
    status: smallint('status').notNull().default(1),
    archived: smallint('archived').notNull().default(0),
    /** The checklist copied from the task type and filled in (contracts tasks/checklist.ts); null until first opened. */
    checklist: jsonb('checklist').$type<TaskChecklist>(),
    /** DECISIONS 5 results: 1 Pass, 2 Fail, 3 Pending; null none. Rolled up from the items on every checklist save. */
    result: smallint('result'),
    actualInspectionDate: timestamp('actual_inspection_date', { withTimezone: true, mode: 'date' }),
    /** DECISIONS 5: tens 1 preview / 3 final, units 1 queued, 2 generating, 3 ready, 9 failed; null before any. */
    certificateStatus: smallint('certificate_status'),
    /** `<office>-<division>-<yyyy>-<5 digits>`, allocated once at approval (DECISIONS 6). */
    certificateNumber: text('certificate_number'),
    certificateDate: timestamp('certificate_date', { withTimezone: true, mode: 'date' }),
    /** The current certificate PDF (preview before approval, final after). */
    certificateFileId: integer('certificate_file_id').references(() => files.id),
    fieldReportFileId: integer('field_report_file_id').references(() => files.id),
    fullReportFileId: integer('full_report_file_id').references(() => files.id),
    approverId: integer('approver_id').references(() => users.id),
    /** The comment of the last Amend (max 500). */
    revisionComments: text('revision_comments'),
    /** How many times the certificate was amended (0 for the first issue). */
    revision: integer('revision').notNull().default(0),
    /** DECISIONS 9: the basis of examination (contracts EXAMINATION_BASES); null: the task type's default. */
    basisOfExamination: text('basis_of_examination'),
    /** Test equipment used: name, identifier, calibration certificate and due date (contracts TestEquipment). */
    testEquipment: jsonb('test_equipment').$type<TestEquipment[]>().notNull().default([]),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('tasks_job_idx').on(t.jobId, t.id),
    index('tasks_namespace_status_idx').on(t.namespaceId, t.status),
    index('tasks_inspector_idx').on(t.inspectorId, t.status),
    index('tasks_asset_idx').on(t.assetId),
    index('tasks_parent_idx').on(t.parentId),
    index('tasks_llg_item_idx').on(t.llgItemId, t.id),
    index('tasks_task_type_idx').on(t.taskTypeId),
    // The task dashboard: a namespace's tasks of a status set, last modified first.
    index('tasks_list_idx').on(t.namespaceId, t.status, t.modifiedAt.desc(), t.id.desc()),
    uniqueIndex('tasks_certificate_number_key').on(t.namespaceId, t.certificateNumber),
    // The dashboard over a status set (Active/Inactive): last modified first without a sort.
    index('tasks_modified_idx').on(t.namespaceId, t.modifiedAt.desc(), t.id.desc()),
    index('tasks_certificate_trgm').using('gin', sql`lower(${t.certificateNumber}) gin_trgm_ops`),
  ],
);

/**
 * The Loose Gear register (tasks document 2.7): one row per item of loose lifting gear at a
 * client's site, identified by its serial number (unique per site among active items). Each
 * examination is an LLG child task (`tasks.llg_item_id`); approval copies the latest certified
 * examination's facts here (last_*, due_date, certificate_number) so the register pages by index.
 * Status 1 active, 0 inactive (withdrawn from the register).
 */
export const llgItems = pgTable(
  'llg_items',
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
    /** The llg- task type the item is examined with (its kind: shackle, chain sling...). */
    taskTypeId: integer('task_type_id')
      .notNull()
      .references(() => taskTypes.id),
    serialNumber: text('serial_number').notNull(),
    specification: text('specification'),
    acronymCode: text('acronym_code'),
    /** SWL / WLL as written on the item (e.g. "3.25 t"). */
    safeWorkingLoad: text('safe_working_load'),
    status: smallint('status').notNull().default(1),
    /** The latest certified examination (an LLG child task) and its facts. */
    lastTaskId: integer('last_task_id').references((): AnyPgColumn => tasks.id),
    lastResult: smallint('last_result'),
    lastInspectionDate: timestamp('last_inspection_date', { withTimezone: true, mode: 'date' }),
    dueDate: timestamp('due_date', { withTimezone: true, mode: 'date' }),
    certificateNumber: text('certificate_number'),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('llg_items_site_serial_key').on(t.siteId, sql`lower(${t.serialNumber})`).where(sql`${t.status} = 1`),
    index('llg_items_site_idx').on(t.namespaceId, t.siteId, t.status, t.id),
    index('llg_items_client_idx').on(t.clientId),
  ],
);
