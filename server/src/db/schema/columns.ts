import { customType, integer, pgSequence, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Offices, client companies, sites (and later assets) share one id space, and so do the
 * settings objects (roles, divisions, configurations...), because the spec's API addresses
 * them generically: `GET /api/Location/{id}`, `DELETE /api/Setting/{id}`.
 */
export const locationIdSeq = pgSequence('location_id_seq', { startWith: 1000 });
export const settingIdSeq = pgSequence('setting_id_seq', { startWith: 100 });

export const locationId = () => integer('id').primaryKey().default(sql`nextval('location_id_seq')`);
export const settingId = () => integer('id').primaryKey().default(sql`nextval('setting_id_seq')`);

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const modifiedAt = () => timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** 1 active; anything else archived (administration document, section 1). */
export const recordStatus = () => smallint('status').notNull().default(1);

/** Postal address columns shared by offices, clients and sites. */
export const addressColumns = () => ({
  street: text('street'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  pin: integer('pin'),
  phone: text('phone'),
});

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});
