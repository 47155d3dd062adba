import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies } from './clients';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';

/**
 * Roles of a namespace (Setting objectType ROLE). `baseRole` is one of the portal's role
 * constants and decides the permissions; `name` is what the namespace calls it.
 */
export const roles = pgTable(
  'roles',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    acronymCode: text('acronym_code'),
    /** 0 client role, 1 LO role. */
    type: smallint('type').notNull(),
    baseRole: text('base_role').notNull(),
    description: text('description'),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('roles_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active roles of a namespace never share a name (any case), however saves race.
    uniqueIndex('roles_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);

/**
 * Per-client licence of a role: how many active users of the role the client may have
 * (-1 unlimited), and whether saving re-activates the client's suspended users of the role.
 */
export const roleLicences = pgTable(
  'role_licences',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    licenceCount: integer('licence_count').notNull().default(-1),
    allUsersActive: boolean('all_users_active').notNull().default(false),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex('role_licences_role_client_key').on(t.roleId, t.clientId), index('role_licences_client_idx').on(t.clientId)],
);
