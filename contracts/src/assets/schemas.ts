import { z } from 'zod';
import { DEFAULT_DISALLOWED_ASSET_CHARS, LOCKED_DISALLOWED_ASSET_CHARS } from '../features';
import { can, rolesWith } from '../permissions';
import type { Role } from '../roles';
import { Id, MAX_ID } from '../common/schemas';
import { clearableText, optionalId, requiredId, UserOption } from '../users/schemas';
import { ASSETS } from './messages';

/**
 * Assets (Location objectType ASSET) and what the job wizard picks or creates besides the job
 * itself: assets of a site, a new top-level site, clients with their sites, and the user
 * pickers (inspectors, sales persons, users of a site). Shell document 3 ("New asset",
 * "New site"), 5 (option filters) and 7 (calls); tasks document 2.6 and 3.
 */
export const ASSET_OBJECT_TYPE = 'ASSET';
/** Status of an asset: 1 ACTIVE, 0 INACTIVE (tasks document 4). */
export const ASSET_STATUS = { ACTIVE: 1, INACTIVE: 0 } as const;
/** Assets sit one level below their site (shell document 3 "New asset"). */
export const ASSET_LOCATION_LEVEL = 1;

const isControlChar = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 32 || code === 127;
};

/**
 * The characters the server refuses in an asset name for a role. The Configuration panel,
 * where the disallowed list can be changed, is LO-ADMIN's alone (`configuration.local`): those
 * users are held only to the characters no one may allow (#); everyone else to the default list.
 */
export function serverDisallowedAssetChars(role: Role): readonly string[] {
  return can(role, 'configuration.local') ? LOCKED_DISALLOWED_ASSET_CHARS : DEFAULT_DISALLOWED_ASSET_CHARS;
}

/**
 * The asset name rule (shell document 5): mandatory after trimming, no character of the
 * disallowed list (and no control character). Returns the spec's message, or null when fine.
 */
export function assetNameError(name: string | null | undefined, disallowed: readonly string[]): string | null {
  const trimmed = (name ?? '').trim();
  if (trimmed === '') return ASSETS.nameMandatory;
  if ([...trimmed].some((char) => isControlChar(char) || disallowed.includes(char))) return ASSETS.invalidCharacters;
  return null;
}

/** An asset name as sent: text, trimmed; the character rule is the server's (it depends on the role). */
const AssetName = z
  .string({ error: ASSETS.nameMandatory })
  .max(200, 'Asset Name is too long')
  .transform((s) => s.trim())
  .refine((s) => s !== '', ASSETS.nameMandatory);

/**
 * `POST /api/Location` with objectType ASSET: creates (no id) or edits an asset. The spec's
 * payload: assetTypeId, companyId, parentId (the site), objectType ASSET, name, type 1,
 * status 1, locationLevel 1, timeZone; serialNumber is ours (the assets area uses it).
 */
export const AssetBody = z.object({
  objectType: z.string().max(50),
  id: optionalId('id').optional(),
  assetTypeId: requiredId('Asset Type'),
  companyId: requiredId('Client'),
  /** The site. */
  parentId: requiredId('Site'),
  name: AssetName,
  serialNumber: clearableText(100, 'Serial Number'),
  externalId: clearableText(100, 'External Id'),
  acronymCode: clearableText(50, 'Acronym Code'),
  endUserName: clearableText(200, 'End User Name'),
  endUserAddress: clearableText(500, 'End User Address'),
  type: z.coerce.number().int().min(0).max(100).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  locationLevel: z.coerce.number().int().min(0).max(100).optional(),
  timeZone: z.string().max(64).nullish(),
  tenantId: z.coerce.number().int().nullish(),
});
export type AssetBody = z.output<typeof AssetBody>;
export type AssetBodyInput = z.input<typeof AssetBody>;

/** One asset: the answer of a save, `GET /api/Location/{id}` and the rows of `GET /api/Location/Asset`. */
export const AssetRow = z.object({
  id: z.number(),
  objectType: z.literal(ASSET_OBJECT_TYPE),
  name: z.string(),
  assetTypeId: z.number(),
  assetType: z.string(),
  companyId: z.number(),
  /** The client's name. */
  client: z.string(),
  /** The site (the spec's parentId, also as siteId). */
  parentId: z.number(),
  siteId: z.number(),
  site: z.string(),
  serialNumber: z.string().nullable(),
  externalId: z.string().nullable().optional(),
  acronymCode: z.string().nullable().optional(),
  endUserName: z.string().nullable().optional(),
  endUserAddress: z.string().nullable().optional(),
  locationLevel: z.number(),
  type: z.number(),
  status: z.number(),
  timeZone: z.string().nullable(),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type AssetRow = z.infer<typeof AssetRow>;

/**
 * `GET /api/Location/Asset?assetTypeId=`: active assets of a type the caller may see, by name;
 * `siteId` (the wizard sends the job's site) and `companyId` narrow it.
 */
export const AssetOptionsQuery = z
  .object({
    assetTypeId: Id,
    siteId: Id.optional(),
    companyId: Id.optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type AssetOptionsQuery = z.output<typeof AssetOptionsQuery>;

const pinField = z
  .union([z.number(), z.string().max(12), z.null()], { error: 'Pin must be a number' })
  .transform((value, ctx): number | null => {
    if (value === null || value === '') return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Pin must be a whole number of at least 0' });
      return z.NEVER;
    }
    return n;
  })
  .optional();

/**
 * `POST /api/Location/Job`: a new top-level site of the job's client (shell document 3 "New
 * site"; 5: Save needs name and street, pin numeric from 0). With `copyClientAddress` the
 * address (street, city, state, country, pin, phone) is the client's, whatever was sent.
 * The spec's objectType SITE, parentId (= client), locationLevel 0, type 1 and status are
 * accepted and fixed by the server.
 */
export const JobSiteBody = z
  .object({
    objectType: z.string().max(50).optional(),
    name: z
      .string({ error: 'Site Name is required' })
      .max(200, 'Site Name is too long')
      .transform((s) => s.trim())
      .refine((s) => s !== '', 'Site Name is required'),
    companyId: requiredId('Client'),
    parentId: optionalId('parentId').optional(),
    street: clearableText(300, 'Street'),
    city: clearableText(100, 'City'),
    state: clearableText(100, 'State'),
    country: clearableText(100, 'Country'),
    pin: pinField,
    phone: clearableText(50, 'Phone'),
    copyClientAddress: z.boolean().optional(),
    locationLevel: z.coerce.number().int().optional(),
    type: z.coerce.number().int().optional(),
    status: z.coerce.number().int().optional(),
    timeZone: z.string().max(64).nullish(),
    tenantId: z.coerce.number().int().nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.copyClientAddress && !body.street) {
      ctx.addIssue({ code: 'custom', path: ['street'], message: ASSETS.siteStreetRequired });
    }
  });
export type JobSiteBody = z.output<typeof JobSiteBody>;
export type JobSiteBodyInput = z.input<typeof JobSiteBody>;

const addressShape = {
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  pin: z.number().nullable(),
  phone: z.string().nullable(),
  /** street, city, state, country and pin on one line. */
  address: z.string(),
};

/** A top-level site in the job wizard (also the answer of `POST /api/Location/Job`). */
export const JobSiteOption = z.object({
  id: z.number(),
  name: z.string(),
  objectType: z.literal('SITE'),
  companyId: z.number(),
  parentId: z.number().nullable(),
  locationLevel: z.number(),
  timeZone: z.string().nullable(),
  ...addressShape,
});
export type JobSiteOption = z.infer<typeof JobSiteOption>;

/**
 * `GET /api/Location/Client?locationLevel=0`: the clients the caller may pick for a job (client
 * roles: their own company), each with its active top-level sites the caller may see
 * (SITE-USER and REQUESTER: their sites). `companyId` narrows it to one client, `name` to the
 * clients whose name contains it.
 */
export const JobClientQuery = z
  .object({
    locationLevel: z.coerce.number().int().min(0).max(0, 'Only top-level sites (locationLevel 0) are offered').optional(),
    companyId: Id.optional(),
    /** Client name contains this (any case): for a searched picker in a namespace of thousands of clients. */
    name: z.string().max(200).optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type JobClientQuery = z.output<typeof JobClientQuery>;

export const JobClientOption = z.object({
  id: z.number(),
  name: z.string(),
  objectType: z.literal('CLIENT_COMPANY'),
  acronymCode: z.string().nullable(),
  timeZone: z.string().nullable(),
  ...addressShape,
  sites: z.array(JobSiteOption),
});
export type JobClientOption = z.infer<typeof JobClientOption>;

/** A user in the wizard's pickers (inspectors, sales persons, requesters, client users). */
export const JobUserOption = UserOption.extend({ phone: z.string().nullable() });
export type JobUserOption = z.infer<typeof JobUserOption>;

/** The roles a job's main and other inspectors have (shell document 5): the registry's jobs.beInspector. */
export const inspectorRoles = (): readonly string[] => rolesWith('jobs.beInspector');

/**
 * `GET /api/Users/Inspectors?officeId=`: Main and Other Inspector options: active LO users with
 * role FIELD-ENGG or FIELD-JUNIOR who share a division with the caller and whose offices
 * (primary or other) include the job's office. A caller with no division (a platform
 * administrator) is not limited by division. `include` keeps the job's current inspectors in
 * the list while they are active LO users of the namespace, even when they no longer qualify,
 * so an existing job shows its names.
 */
export const InspectorQuery = z
  .object({
    officeId: Id,
    include: z
      .string()
      .max(2000)
      .regex(/^[0-9]+(,[0-9]+)*$/, 'must be a comma-separated list of ids')
      .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0 && n <= MAX_ID))
      .optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type InspectorQuery = z.output<typeof InspectorQuery>;

/** `GET /api/Users/SalesPersons`: Sales Person options: active LO users. */
export const SalesPersonQuery = z.object({ tenantId: z.coerce.number().int().optional() }).strict();

/**
 * `GET /api/Users/Site?siteId=`: the active client users of a site (Client Users), with their
 * role: Requester options are those whose role is REQUESTER.
 */
export const SiteUsersQuery = z
  .object({
    siteId: Id,
    role: z.enum(['REQUESTER']).optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type SiteUsersQuery = z.output<typeof SiteUsersQuery>;

/** Whether a user qualifies as an inspector of a job of `officeId` for `actor` (same rule as the server's list). */
export function isInspectorFor(
  user: Pick<JobUserOption, 'type' | 'role' | 'officeId' | 'secondaryOfficeIds' | 'divisionIds'>,
  actor: { divisionIds: number[] },
  officeId: number,
): boolean {
  if (user.type !== 0 || !inspectorRoles().includes(user.role)) return false;
  const offices = [user.officeId, ...idsOf(user.secondaryOfficeIds)];
  if (!offices.includes(officeId)) return false;
  if (actor.divisionIds.length === 0) return true;
  return idsOf(user.divisionIds).some((id) => actor.divisionIds.includes(id));
}

function idsOf(list: string): number[] {
  return list
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
