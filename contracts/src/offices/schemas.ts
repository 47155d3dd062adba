import { z } from 'zod';
import { MAX_ID, RowRights, SaveId, TimeZone, numberFromForm, objectTypeOf, optionalText, requiredText } from '../common/schemas';

/** LO offices (administration document, "LO Office"). */
export const OFFICE_OBJECT_TYPE = 'LO_OFFICE';

/** Filter of GET /api/Location/view/loOffice (query parameter or header `filter`). */
export const OfficeFilter = z
  .object({
    name: z.string().max(200).optional(),
    code: z.string().max(100).optional(),
    acronym_code: z.string().max(100).optional(),
  })
  .strict();
export type OfficeFilter = z.infer<typeof OfficeFilter>;

/** POST /api/Location/addNewLoOffice: create (no id) or update (id). */
export const OfficeSaveBody = z.object({
  id: SaveId,
  objectType: objectTypeOf(OFFICE_OBJECT_TYPE).optional(),
  name: requiredText(200, 'Name'),
  street: requiredText(300, 'Street'),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  pin: numberFromForm(
    z
      .number({ error: 'Pin must be a number' })
      .int('Pin must be a whole number')
      .min(1, 'Pin must be at least 1')
      .max(MAX_ID, 'Pin is too large')
      .optional(),
  ),
  phone: optionalText(50),
  acronymCode: optionalText(20),
  externalId: optionalText(100),
  timeZone: TimeZone,
});
export type OfficeSaveBody = z.input<typeof OfficeSaveBody>;

export const OfficeRow = z.object({
  id: z.number(),
  objectType: z.literal(OFFICE_OBJECT_TYPE),
  locationLevel: z.literal(0),
  name: z.string(),
  acronymCode: z.string().nullable(),
  /** The code job and certificate numbers print: the acronym, else derived from the name (DUB, DUB2...). */
  code: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  pin: z.number().nullable(),
  phone: z.string().nullable(),
  externalId: z.string().nullable(),
  /** 1 active, 0 archived. The list shows both; edit and delete only for 1. */
  status: z.number(),
  timeZone: z.string().nullable(),
  /** The full address on one line, for the Address tooltip. */
  address: z.string(),
  /** ISO 8601; the screen shows them in UTC as D-MMM-YY HH:mm (formatUtcShort). */
  createdDate: z.string(),
  modifiedDate: z.string(),
  can: RowRights,
});
export type OfficeRow = z.infer<typeof OfficeRow>;

/** GET /api/Location/Object?objectType=LO_OFFICE: active offices for pickers. */
export const OfficeOption = z.object({
  id: z.number(),
  name: z.string(),
  acronymCode: z.string().nullable(),
  city: z.string().nullable(),
  timeZone: z.string().nullable(),
  objectType: z.literal(OFFICE_OBJECT_TYPE),
});
export type OfficeOption = z.infer<typeof OfficeOption>;
