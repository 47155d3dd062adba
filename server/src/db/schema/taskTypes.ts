import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Checklist, ReportTemplate } from '@portal/contracts';
import { assetTypes } from './assetTypes';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { divisions } from './divisions';
import { namespaces } from './namespaces';

/**
 * Task types (Setting objectType TaskType): what an inspection of an asset type checks, by
 * which standard and method, how long its certificate is valid (months) and its checklist.
 */
export const taskTypes = pgTable(
  'task_types',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    acronymCode: text('acronym_code'),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id),
    /** The asset type it inspects (not a loose gear one). */
    assetTypeId: integer('asset_type_id').references(() => assetTypes.id),
    /** Read-only: set by an integration, never by the panel. */
    externalId: text('external_id'),
    referenceStandard: text('reference_standard'),
    inspectionMethod: text('inspection_method'),
    /** Months (DECISIONS 8); metadata in the spec's envelope. */
    validity: integer('validity').notNull(),
    /** The EIAC flag; metadata in the spec's envelope. */
    eiac: boolean('eiac').notNull().default(false),
    description: text('description'),
    reportTemplate: text('report_template').$type<ReportTemplate>(),
    /** The checklist (contracts taskTypes/checklist.ts), checked by its zod schema on every save. */
    checklist: jsonb('checklist').$type<Checklist>().notNull().default({ sections: [] }),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('task_types_namespace_idx').on(t.namespaceId, t.status, t.name),
    index('task_types_division_idx').on(t.divisionId),
    index('task_types_asset_type_idx').on(t.assetTypeId),
    // Two active task types of a namespace never share a name (any case), however saves race.
    uniqueIndex('task_types_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);
