import { and, asc, eq, getTableName, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { can, type Permission, SHELL } from '@portal/contracts';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { parseBody } from '../../lib/parseBody';
import { contains } from '../../lib/search';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import type { ListQuery, SettingType } from './settingType';

/**
 * The settings-object kit: one definition per object type (its table, object type and
 * aliases, permissions, how a row is shown with its `can` flags, how a save body becomes
 * column values) gives the generic calls of the spec: list, options, get, save and archive.
 *
 * Every table it serves has `id` (from the shared settings id sequence), `namespace_id`,
 * `name`, `status` (1 active, 0 archived) and `modified_at`, and a partial unique index on
 * `(namespace_id, lower(name)) where status = 1` whose name the definition gives: two active
 * objects of a namespace cannot share a name, however many saves race.
 */
export type SettingTable = PgTable & {
  id: AnyPgColumn;
  namespaceId: AnyPgColumn;
  name: AnyPgColumn;
  status: AnyPgColumn;
  modifiedAt: AnyPgColumn;
};

type RecordOf<T extends SettingTable> = T['$inferSelect'];

export interface SettingObjectDefinition<T extends SettingTable, Row, Schema extends z.ZodType> {
  objectType: string;
  aliases?: string[];
  table: T;
  /** The partial unique index on active names (see the schema file). */
  activeNameIndex: string;
  permissions: {
    /** The screen's list (GET /api/Setting?objectType=). */
    read?: Permission;
    /** Pickers (GET /api/Setting/Objects|Others) and GET /api/Setting/{id}. */
    options?: Permission;
    /** Save and archive. */
    write?: Permission;
  };
  messages: { duplicateName: string; notActive: string; archived: string };
  /** One answer row, with the caller's `can` flags. */
  row?(record: RecordOf<T>, ctx: RequestContext): Row;
  /** Rows for several records at once (when a row needs more than its record, e.g. licences). */
  rows?(ctx: RequestContext, records: RecordOf<T>[]): Promise<Row[]>;
  /** Columns picker entries carry besides `{ id, name }` (active records, by name). */
  optionColumns?: Record<string, AnyPgColumn>;
  /** Picker entries, when they are more than columns (a filter, a visibility rule). */
  options?(ctx: RequestContext, query: Record<string, string | undefined>): Promise<unknown[]>;
  /** Whether the caller may see this record at all (GET by id); every record by default. */
  visible?(ctx: RequestContext, record: RecordOf<T>): boolean;
  save?: {
    schema: Schema;
    /** Refuses what the caller may not do with this body (403), before anything is read. */
    authorize?(ctx: RequestContext, input: z.output<Schema>, options: SaveOptions): void;
    /**
     * Column values for an insert (existing null) or an update; may refuse with a 400 (or a 409).
     * `tx` is the save's transaction, for values that depend on other records (a free code).
     */
    values(
      input: z.output<Schema>,
      existing: RecordOf<T> | null,
      tx: Db,
      ctx: RequestContext,
    ): Record<string, unknown> | Promise<Record<string, unknown>>;
    /** More work in the same transaction once the row is written (licences...). */
    after?(tx: Db, ctx: RequestContext, saved: RecordOf<T>, input: z.output<Schema>, options: SaveOptions): Promise<void>;
  };
  /** A reason to refuse archiving (e.g. still in use), checked in the archiving transaction. */
  archiveCheck?(tx: Db, ctx: RequestContext, record: RecordOf<T>): Promise<void>;
}

export type SaveOptions = Record<string, unknown>;

/** What the kit answers: the generic type plus typed entry points for a feature's own routes. */
export interface SettingObject<Row> extends SettingType {
  listRows(ctx: RequestContext, query: ListQuery): Promise<Row[]>;
  saveRow(ctx: RequestContext, body: unknown, options?: SaveOptions): Promise<Row>;
}

/** A saved body's id: absent, null, 0 or -1 mean "new". */
const idOf = (input: unknown): number | null => {
  const id = (input as { id?: unknown }).id;
  return typeof id === 'number' && id > 0 ? id : null;
};

export function defineSettingObject<T extends SettingTable, Row, Schema extends z.ZodType>(
  definition: SettingObjectDefinition<T, Row, Schema>,
): SettingObject<Row> {
  const { table, messages, permissions } = definition;
  const byName = [asc(sql`lower(${table.name})`), asc(table.id)];
  const inNamespace = (ctx: RequestContext) => eq(table.namespaceId, ctx.scope.namespaceId);

  async function rowsOf(ctx: RequestContext, records: RecordOf<T>[]): Promise<Row[]> {
    if (definition.rows) return definition.rows(ctx, records);
    if (!definition.row) throw new Error(`${definition.objectType}: define row or rows`);
    return records.map((record) => definition.row!(record, ctx));
  }

  async function find(db: Db, ctx: RequestContext, id: number): Promise<RecordOf<T> | null> {
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.id, id), inNamespace(ctx)))) as RecordOf<T>[];
    return rows[0] ?? null;
  }

  /**
   * Active records by name, one page (limit -1: all, for exports); name is "contains". With
   * `archived` the archived ones instead, each with `can.restore` for a caller who may archive.
   */
  async function listRows(ctx: RequestContext, query: ListQuery): Promise<Row[]> {
    const archived = query.archived === true || query.archived === 'true' || query.archived === '1';
    const where = [inNamespace(ctx), eq(table.status, archived ? 0 : 1)];
    const name = typeof query.name === 'string' ? query.name.trim() : '';
    if (name) where.push(contains(table.name, name));
    const select = ctx.db
      .select()
      .from(table as PgTable)
      .where(and(...where))
      .orderBy(...byName)
      .offset(Math.max(0, query.offset))
      .$dynamic();
    const records = (await (query.limit >= 0 ? select.limit(query.limit) : select)) as RecordOf<T>[];
    const rows = await rowsOf(ctx, records);
    if (!archived) return rows;
    const restore = !!permissions.write && can(ctx.user.role, permissions.write);
    return rows.map((row) => withRestore(row, restore));
  }

  /** Active records as picker entries: `{ id, name }` plus the given columns, by name. */
  async function pick(ctx: RequestContext, columns: Record<string, AnyPgColumn> = {}) {
    return ctx.db
      .select({ id: table.id, name: table.name, ...columns })
      .from(table as PgTable)
      .where(and(inNamespace(ctx), eq(table.status, 1)))
      .orderBy(...byName);
  }

  async function saveRow(ctx: RequestContext, body: unknown, options: SaveOptions = {}): Promise<Row> {
    const save = definition.save;
    if (!save) throw new Error(`${definition.objectType} cannot be saved`);
    const input = parseBody(save.schema, body);
    save.authorize?.(ctx, input, options);
    const id = idOf(input);
    try {
      const saved = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
        const existing = id === null ? null : await find(tx, ctx, id);
        if (id !== null && !existing) throw notFound(SHELL.notFound);
        if (existing && existing.status !== 1) throw conflict(messages.notActive);
        const values = await save.values(input, existing, tx, ctx);
        const [row] = (
          existing
            ? await tx
                .update(table)
                .set({ ...values, modifiedAt: sql`now()` } as Partial<T['$inferInsert']>)
                .where(and(eq(table.id, existing.id as number), inNamespace(ctx)))
                .returning()
            : await tx
                .insert(table)
                .values({ ...values, namespaceId: ctx.scope.namespaceId } as T['$inferInsert'])
                .returning()
        ) as RecordOf<T>[];
        await save.after?.(tx, ctx, row, input, options);
        return row;
      });
      const [answer] = await rowsOf(ctx, [saved]);
      return answer;
    } catch (error) {
      if (isUniqueViolation(error, definition.activeNameIndex)) throw conflict(messages.duplicateName, { name: messages.duplicateName });
      throw error;
    }
  }

  /** Delete means archive (status 0): the object leaves lists and pickers. Repeating it is harmless. */
  async function archive(ctx: RequestContext, id: number): Promise<{ message: string }> {
    await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
      const existing = await find(tx, ctx, id);
      if (!existing) throw notFound(SHELL.notFound);
      if (existing.status !== 1) return;
      await definition.archiveCheck?.(tx, ctx, existing);
      await tx
        .update(table)
        .set({ status: 0, modifiedAt: sql`now()` } as Partial<T['$inferInsert']>)
        .where(and(eq(table.id, id), inNamespace(ctx), ne(table.status, 0)));
    });
    return { message: messages.archived };
  }

  /**
   * Brings an archived record back (status 1). Refused with 409 when an active record has taken
   * its name (or another of its unique values, a division's code) meanwhile. Repeating it is harmless.
   */
  async function restore(ctx: RequestContext, id: number): Promise<{ message: string }> {
    let name = '';
    try {
      await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
        const existing = await find(tx, ctx, id);
        if (!existing) throw notFound(SHELL.notFound);
        name = String(existing.name);
        if (existing.status === 1) return;
        await tx
          .update(table)
          .set({ status: 1, modifiedAt: sql`now()` } as Partial<T['$inferInsert']>)
          .where(and(eq(table.id, id), inNamespace(ctx)));
      });
    } catch (error) {
      if (isUniqueViolation(error, definition.activeNameIndex)) throw conflict(SHELL.restoreNameTaken(name));
      if (isUniqueViolation(error)) throw conflict(SHELL.restoreCodeTaken(name));
      throw error;
    }
    return { message: SHELL.restored(name) };
  }

  return {
    objectType: definition.objectType,
    aliases: definition.aliases,
    tableName: getTableName(table),
    listRows,
    saveRow,
    ...(permissions.read ? { list: { permission: permissions.read, run: listRows } } : {}),
    ...(permissions.options
      ? {
          options: {
            permission: permissions.options,
            run: (ctx, query) => (definition.options ? definition.options(ctx, query) : pick(ctx, definition.optionColumns)),
          },
          get: {
            permission: permissions.options,
            run: async (ctx, id) => {
              const record = await find(ctx.db, ctx, id);
              if (!record || (definition.visible && !definition.visible(ctx, record))) return null;
              const [row] = await rowsOf(ctx, [record]);
              return row;
            },
          },
        }
      : {}),
    ...(permissions.write && definition.save ? { save: { permission: permissions.write, run: (ctx, body) => saveRow(ctx, body) } } : {}),
    ...(permissions.write
      ? { archive: { permission: permissions.write, run: archive }, restore: { permission: permissions.write, run: restore } }
      : {}),
  };
}

/** An archived row's flags: nothing to edit or delete, restore for who may archive. */
function withRestore<Row>(row: Row, restore: boolean): Row {
  const can = (row as { can?: Record<string, boolean> }).can;
  return can ? ({ ...row, can: { ...can, edit: false, delete: false, restore } } as Row) : row;
}
