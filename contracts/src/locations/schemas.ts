import { z } from 'zod';
import { Email, IdList, requiredText } from '../common/schemas';
import { clearableText, optionalId, requiredId, UserRow } from '../users/schemas';
import { OfficeOption, OfficeRow } from '../offices/schemas';
import { AssetRow } from '../assets/schemas';

/** Clients and locations dashboards page size (administration document 9). */
export const CLIENTS_PAGE_SIZE = 50;

/** Location object types of the clients area (the API shape; the tables are client_companies and sites). */
export const LOCATION_OBJECT_TYPE = {
  LO_COMPANY: 'LO_COMPANY',
  LO_OFFICE: 'LO_OFFICE',
  CLIENT_COMPANY: 'CLIENT_COMPANY',
  SITE: 'SITE',
} as const;

/**
 * The pin minimum of clients and of sites on the Clients screens (administration document 3
 * and 5). The API takes 0 for sites, which the job form's inline site allows.
 */
export const CLIENTS_PIN_MIN = 1;

/** A pin: a whole number (or numeric string) of at least `min`; blank or null clears it. */
const pin = (min: number) =>
  z
    .union([z.number(), z.string().max(12), z.null()], { error: 'Pin must be a number' })
    .transform((value, ctx): number | null => {
      if (value === null || value === '') return null;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: `Pin must be a whole number of at least ${min}` });
        return z.NEVER;
      }
      return n;
    })
    .optional();

const addressFields = (pinMin: number) => ({
  street: clearableText(300, 'Street'),
  city: clearableText(100, 'City'),
  state: clearableText(100, 'State'),
  country: clearableText(100, 'Country'),
  pin: pin(pinMin),
  phone: clearableText(50, 'Phone'),
  acronymCode: clearableText(50, 'Code'),
  externalId: clearableText(100, 'External Id'),
  timeZone: z.string().max(64).nullish(),
  tenantId: z.coerce.number().int().nullish(),
});

/** Required street: the client's street is mandatory (administration document 5). */
const requiredStreet = requiredText(300, 'Street');

/**
 * `POST /api/Location` with objectType CLIENT_COMPANY: edits a client (id required; new
 * clients come through addNewClient). Name, street and at least one LO office are required.
 */
export const ClientBody = z.object({
  objectType: z.string().max(50),
  id: requiredId('id'),
  name: requiredText(200, 'Client Name'),
  ...addressFields(CLIENTS_PIN_MIN),
  street: requiredStreet,
  officeIds: IdList.refine((ids) => ids.length > 0, 'LO Office is required'),
});
export type ClientBody = z.output<typeof ClientBody>;

/** `POST /api/Location` with objectType SITE: creates (no id) or edits a client's location. */
export const SiteBody = z.object({
  objectType: z.string().max(50),
  id: optionalId('id').optional(),
  name: requiredText(200, 'Site Name'),
  companyId: requiredId('Client'),
  /** A parent site for a sub-location; absent, or the client's own id, means a top-level site. */
  parentId: optionalId('parentId').optional(),
  ...addressFields(0),
});
export type SiteBody = z.output<typeof SiteBody>;

/** Add Client, section "client details". */
export const NewClientDetails = z.object({
  name: requiredText(200, 'Client Name'),
  ...addressFields(CLIENTS_PIN_MIN),
  street: requiredStreet,
  officeIds: IdList.refine((ids) => ids.length > 0, 'LO Office is required'),
});

/** Add Client, section "site details" (the first site). */
export const NewSiteDetails = z.object({
  name: requiredText(200, 'Site Name'),
  ...addressFields(0),
});

/** Add Client, one row of section "users": role, name, email, phone. */
export const NewClientUser = z.object({
  roleId: requiredId('Role'),
  name: requiredText(200, 'Name'),
  email: Email,
  phone: clearableText(50, 'Phone'),
});

/** `POST /api/Location/addNewClient`: one client, its first site and its first users, all or nothing. */
export const AddNewClientBody = z.object({
  Client: NewClientDetails,
  Site: NewSiteDetails,
  Users: z.array(NewClientUser).max(200).default([]),
});
export type AddNewClientBody = z.output<typeof AddNewClientBody>;

/** The Clients screens' site: the request's fields with the screens' pin minimum. */
export const ClientsScreenSite = NewSiteDetails.extend({ pin: pin(CLIENTS_PIN_MIN) });

/**
 * The forms of the Clients screens (administration document 5), which Save waits for: Add
 * Client is the addNewClient request with the screens' site; the edit panel's client is the
 * client save without the fields the panel does not show, its site the screens' site.
 */
export const AddClientForm = AddNewClientBody.extend({ Site: ClientsScreenSite });
export type AddClientForm = z.output<typeof AddClientForm>;
export const ClientPanelForm = ClientBody.omit({ objectType: true, id: true });
export type ClientPanelForm = z.output<typeof ClientPanelForm>;
export const SitePanelForm = ClientsScreenSite;
export type SitePanelForm = z.output<typeof SitePanelForm>;

/** What the caller may do with a client row of the dashboard. */
export const ClientActions = z.object({
  edit: z.boolean(),
  /** Open the client's locations list. */
  expand: z.boolean(),
  /** Upload a logo (only for the four privileged roles). */
  logo: z.boolean(),
  addLocation: z.boolean(),
});
export type ClientActions = z.infer<typeof ClientActions>;

/** The fields clients and sites share (their rows send them first, in this order). */
const placeFields = {
  id: z.number(),
  name: z.string(),
  acronymCode: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  pin: z.number().nullable(),
  phone: z.string().nullable(),
  externalId: z.string().nullable(),
  timeZone: z.string().nullable(),
  status: z.number(),
};
/** street, city, state, country and pin on one line. */
const address = z.string();
const dateFields = { createdDate: z.string(), modifiedDate: z.string() };

/** One row of `GET /api/Location/view?objectType=CLIENT_COMPANY` (and `GET /api/Location/{id}` of a client). */
export const ClientRow = z.object({
  ...placeFields,
  objectType: z.literal('CLIENT_COMPANY'),
  address,
  officeIds: z.string(),
  officeNames: z.string(),
  hasLogo: z.boolean(),
  ...dateFields,
  can: ClientActions,
});
export type ClientRow = z.infer<typeof ClientRow>;

/** One row of `GET /api/Location/view?objectType=SITE&companyId=` (and `GET /api/Location/{id}` of a site). */
export const SiteRow = z.object({
  ...placeFields,
  companyId: z.number(),
  companyName: z.string(),
  parentId: z.number().nullable(),
  locationLevel: z.number(),
  type: z.number(),
  objectType: z.literal('SITE'),
  address,
  ...dateFields,
  can: z.object({ edit: z.boolean() }),
});
export type SiteRow = z.infer<typeof SiteRow>;

/** `POST /api/Location/addNewClient`: the client, its first site and its first users as saved. */
export const AddNewClientAnswer = z.object({ Client: ClientRow, Site: SiteRow, Users: z.array(UserRow) });

/**
 * `POST /api/Location/RoleConfig/{clientName}`: the client's licence rows were made; callers
 * who may manage licences also get them.
 */
export const RoleConfigAnswer = z.object({
  message: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  licences: z
    .array(z.object({ roleId: z.number(), roleName: z.string(), licenceCount: z.number(), allUsersActive: z.boolean() }))
    .optional(),
});

/** `GET /api/Location/getImage/{companyId}` and `POST /api/Location/uploadImage/{id}`: the logo in base64. */
export const ClientLogoAnswer = z.object({ clientLogoType: z.string().nullable(), clientLogoFile: z.string().nullable() });

/** One row of `GET /api/Location/Object` (pickers). */
export interface LocationOption {
  id: number;
  name: string;
  objectType: string;
  acronymCode?: string | null;
  companyId?: number;
  parentId?: number | null;
  address?: string;
}

/**
 * The answers of the generic location calls (`/api/Location...`), which dispatch on the
 * objectType (or the id) to the types of server/src/features/locations/types.ts. As for the
 * settings calls (settings/schemas.ts): the types' rows as `anyOf`, each keeping keys it does
 * not name, then any other object. (ours)
 */
const OtherLocationObject = z.looseObject({}).meta({ description: 'A record of another location object type' });
export const LocationRecordAnswer = z.union([OfficeRow.loose(), ClientRow.loose(), SiteRow.loose(), AssetRow.loose(), OtherLocationObject]);
/** `GET /api/Location/view`: a page of offices, clients or sites. */
export const LocationViewAnswer = z.array(LocationRecordAnswer);
/** `GET /api/Location/view/count`: how many match the filter. */
export const LocationCountAnswer = z.number().int();
/** `GET /api/Location/Object`: the pickers' records (offices, clients, sites, LO companies, assets). */
export const LocationObjectsAnswer = z.array(z.union([OfficeOption.loose(), LocationRecordAnswer]));
/** `POST /api/Location`: the saved record. */
export const LocationSaveAnswer = LocationRecordAnswer;
