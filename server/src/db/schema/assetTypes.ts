import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { dataForms } from './dataForms';
import { namespaces } from './namespaces';

/** Asset types (Setting objectType AssetType), e.g. Mobile Crane; category LLG is loose lifting gear. */
export const assetTypes = pgTable(
  'asset_types',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    displayName: text('display_name'),
    acronymCode: text('acronym_code'),
    externalId: text('external_id'),
    category: text('category'),
    description: text('description'),
    /** A data form of the namespace whose form object is ASSET TYPE (checked by the service). */
    attributeForm: integer('attribute_form').references(() => dataForms.id),
    certificateReference: text('certificate_reference'),
    /** Field keys of the attribute form holding manufacturer, model, serial, year and SWL (DECISIONS 9). */
    identification: jsonb('identification').$type<Partial<Record<string, string>>>().notNull().default({}),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('asset_types_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active asset types of a namespace never share a name (any case).
    uniqueIndex('asset_types_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
    check('asset_types_category_check', sql`${t.category} is null or ${t.category} in ('MACHINERY', 'BTH&PPE', 'TRAINEE', 'LLG')`),
  ],
);
