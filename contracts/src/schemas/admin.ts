import { z } from 'zod';
import { optionalText, requiredText, TimeZone } from './common';

/**
 * Admin screens of issue 3: LO offices, divisions, roles with licences, sequence numbering.
 * Request schemas are what the server validates (and the web forms can reuse); row schemas
 * describe what the server answers. Unknown body fields are dropped, so a form may send back
 * a row it received (with `can`, dates...) unchanged.
 */

const MAX_INT = 2_147_483_647;

/** Object types of these areas as the spec writes them (matched case-insensitively). */
export const OFFICE_OBJECT_TYPE = 'LO_OFFICE';
export const DIVISION_OBJECT_TYPE = 'Division';
export const ROLE_OBJECT_TYPE = 'ROLE';

/** Page sizes of the spec (section 9). The office list answers every office in one go. */
export const ADMIN_PAGE_SIZE = { divisions: 15, roles: 15, offices: 50 } as const;

/** Names of the sequences the portal allocates from (DECISIONS 6). */
export const SEQUENCE_NAME = { JOB: 'JOB', CERTIFICATE: 'CERTIFICATE' } as const;

/** Highest Current Number a user may set: leaves room for allocations without overflow. */
export const SEQUENCE_NUMBER_MAX = 2_000_000_000;

/** Licence count -1 means unlimited (administration document, section 5). */
export const LICENCE_UNLIMITED = -1;

/** An id in a save body: absent, null, 0 or -1 mean "new"; a positive id updates. */
const SaveId = z
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .min(-1, 'id is not valid')
  .max(MAX_INT, 'id is not valid')
  .nullish();

/** "<label> is required" when absent, "<label> must be a number" otherwise. */
const numberError = (label: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
});

/** A number field that a form may send as a numeric string; '' and null mean "not given". */
const numberFromForm = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return value;
  }, schema);

const objectTypeOf = (expected: string, aliases: string[] = []) =>
  z
    .string()
    .max(50)
    .refine((v) => [expected, ...aliases].some((name) => name.toLowerCase() === v.trim().toLowerCase()), `must be ${expected}`);

// ---------------------------------------------------------------- LO offices

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
      .max(MAX_INT, 'Pin is too large')
      .optional(),
  ),
  phone: optionalText(50),
  acronymCode: optionalText(20),
  externalId: optionalText(100),
  timeZone: TimeZone,
});
export type OfficeSaveBody = z.input<typeof OfficeSaveBody>;

/** Record-level rights the UI reads instead of guessing. */
export const RowRights = z.object({ edit: z.boolean(), delete: z.boolean() });

export const OfficeRow = z.object({
  id: z.number(),
  objectType: z.literal(OFFICE_OBJECT_TYPE),
  locationLevel: z.literal(0),
  name: z.string(),
  acronymCode: z.string().nullable(),
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

// ---------------------------------------------------------------- Divisions

/** POST /api/Setting with objectType Division: create (no id) or update (id). */
export const DivisionSaveBody = z.object({
  objectType: objectTypeOf(DIVISION_OBJECT_TYPE, ['DIVISION', 'Divisions']),
  id: SaveId,
  name: requiredText(200, 'Name'),
  displayName: optionalText(200),
  acronymCode: optionalText(20),
  /** The spec's spelling; acronymCode wins when both are sent. */
  acronym_code: optionalText(20),
  description: optionalText(2000),
  attributeForm: optionalText(200_000),
  attribute_form: optionalText(200_000),
  tenantId: z.number().optional(),
});
export type DivisionSaveBody = z.input<typeof DivisionSaveBody>;

export const DivisionRow = z.object({
  id: z.number(),
  objectType: z.literal(DIVISION_OBJECT_TYPE),
  tenantId: z.literal(2),
  name: z.string(),
  displayName: z.string().nullable(),
  acronymCode: z.string().nullable(),
  description: z.string().nullable(),
  attributeForm: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope (section 3) serialised: snake_case fields plus metadata []. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type DivisionRow = z.infer<typeof DivisionRow>;

export const DivisionOption = z.object({ id: z.number(), name: z.string(), acronymCode: z.string().nullable() });
export type DivisionOption = z.infer<typeof DivisionOption>;

// ---------------------------------------------------------------- Roles and licences

/** One client's licence of a client role. clientName is answered and ignored on save. */
export const RoleLicence = z.object({
  clientId: z
    .number(numberError('clientId'))
    .int('clientId is not valid')
    .positive('clientId is not valid')
    .max(MAX_INT, 'clientId is not valid'),
  clientName: z.string().max(300).nullish(),
  clientLicense: numberFromForm(
    z
      .number(numberError('Licence count'))
      .int('Licence count must be a whole number')
      .min(LICENCE_UNLIMITED, 'Licence count must be -1 (unlimited) or more')
      .max(1_000_000, 'Licence count is too large'),
  ),
  /** true: saving re-activates the client's suspended users of the role, as far as the licence allows. */
  isAllUserActive: z.boolean({ error: 'isAllUserActive must be true or false' }).default(false),
});
export type RoleLicence = z.input<typeof RoleLicence>;

/** metaValue: the licences as a JSON string (the spec's form) or as an array. */
export const RoleLicences = z.preprocess((value, ctx) => {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'metaValue is not valid JSON' });
    return z.NEVER;
  }
}, z.array(RoleLicence, { error: 'metaValue must be a list of client licences' }).max(10_000).optional());

/** POST /api/Setting/Others[?isNewConfig=true]: create (no id) or update (id) a role. */
export const RoleSaveBody = z.object({
  id: SaveId,
  objectType: objectTypeOf(ROLE_OBJECT_TYPE, ['Role', 'Roles']).optional(),
  name: requiredText(200, 'Name'),
  acronymCode: optionalText(20),
  description: optionalText(1000),
  /** 0 client role, 1 LO role. Required on create; cannot change afterwards. */
  type: numberFromForm(z.literal([0, 1], { error: 'Type must be 0 (client) or 1 (LO)' }).optional()),
  /**
   * The portal role constant (contracts ROLES, e.g. CLIENT-USER) that decides what users of
   * this role may do. Required on create, of the same type; cannot change afterwards.
   */
  baseRole: z.string().max(50).nullish(),
  metaKey: z.string().max(50).nullish(),
  /** Licences; only CONFIG_ADMIN (roles.licences) may send them. */
  metaValue: RoleLicences,
  tenantId: z.number().optional(),
});
export type RoleSaveBody = z.input<typeof RoleSaveBody>;

export const RoleSaveQuery = z.object({ isNewConfig: z.enum(['true', 'false']).optional() });

/** GET /api/Setting/Namespace?objectType=ROLE[&name=] */
export const RoleListQuery = z.object({
  objectType: objectTypeOf(ROLE_OBJECT_TYPE, ['Role', 'Roles']),
  name: z.string().max(200).optional(),
  tenantId: z.coerce.number().int().optional(),
});

export const RoleLicenceRow = z.object({
  clientId: z.number(),
  clientName: z.string(),
  clientLicense: z.number(),
  isAllUserActive: z.boolean(),
});
export type RoleLicenceRow = z.infer<typeof RoleLicenceRow>;

export const RoleRow = z.object({
  id: z.number(),
  objectType: z.literal(ROLE_OBJECT_TYPE),
  name: z.string(),
  acronymCode: z.string().nullable(),
  description: z.string().nullable(),
  type: z.number(),
  baseRole: z.string(),
  /** The namespace's company name: the screen's Customer column. */
  namespace: z.string(),
  tenantId: z.literal(2),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** Only for roles.licences (CONFIG_ADMIN): 'licence' and a JSON string of RoleLicenceRow[] (client roles; '[]' for LO roles). */
  metaKey: z.string().optional(),
  metaValue: z.string().optional(),
  can: RowRights.extend({ licences: z.boolean() }),
});
export type RoleRow = z.infer<typeof RoleRow>;

export const RoleOption = z.object({ id: z.number(), name: z.string(), type: z.number(), baseRole: z.string() });
export type RoleOption = z.infer<typeof RoleOption>;

// ---------------------------------------------------------------- Sequence numbering

/** POST /api/sequence: only sequenceNumber (Current Number) changes; other fields are ignored. */
export const SequenceSaveBody = z.object({
  id: z.number(numberError('id')).int('id is not valid').positive('id is not valid').max(MAX_INT, 'id is not valid'),
  sequenceNumber: numberFromForm(
    z
      .number(numberError('Current Number'))
      .int('Current Number must be a whole number')
      .min(0, 'Current Number can not be negative')
      .max(SEQUENCE_NUMBER_MAX, `Current Number can not exceed ${SEQUENCE_NUMBER_MAX}`),
  ),
});
export type SequenceSaveBody = z.input<typeof SequenceSaveBody>;

export const SequenceRow = z.object({
  id: z.number(),
  sequenceName: z.string(),
  officeId: z.number(),
  officeName: z.string(),
  divisionId: z.number().nullable(),
  divisionName: z.string().nullable(),
  /** The last number taken; the next allocation answers sequenceNumber + 1. */
  sequenceNumber: z.number(),
  modifiedDate: z.string(),
});
export type SequenceRow = z.infer<typeof SequenceRow>;
