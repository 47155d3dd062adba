import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormDefinition } from '@portal/contracts';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';
import { users } from './users';

/**
 * Data forms (Setting objectType Form): the definition of the current revision, and the
 * spec's metadata (form object, form type, samples min and max) as columns.
 */
export const dataForms = pgTable(
  'data_forms',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    description: text('description'),
    formObject: text('form_object').notNull(),
    formType: text('form_type').notNull().default('FORM'),
    samplesMin: integer('samples_min').notNull().default(1),
    samplesMax: integer('samples_max').notNull().default(2),
    /** 1 on creation, one more on every save; data_form_revisions keeps each one's definition. */
    revision: integer('revision').notNull().default(1),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('data_forms_namespace_idx').on(t.namespaceId, t.status, t.name),
    index('data_forms_object_idx').on(t.namespaceId, t.formObject, t.status),
    // Two active data forms of a namespace never share a name (any case).
    uniqueIndex('data_forms_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);

/** Every saved revision of a form's definition: filled-in data is checked against the one it names. */
export const dataFormRevisions = pgTable(
  'data_form_revisions',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    formId: integer('form_id')
      .notNull()
      .references(() => dataForms.id),
    revision: integer('revision').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('data_form_revisions_form_revision_key').on(t.formId, t.revision)],
);
