import {
  type AddClientForm,
  type ClientPanelForm,
  type ClientRow,
  LOCATION_OBJECT_TYPE,
  parseIdList,
  type SitePanelForm,
  type SiteRow,
} from '@portal/contracts';
import type { AddNewClientInput } from './api';

/**
 * Form values of the Add Client dialog and the edit panel, and the bodies sent from what their
 * schemas read (contracts AddClientForm, ClientPanelForm, SitePanelForm: the rules that enable
 * Save, administration document 5). Field names of Add Client follow the request body
 * (Client.*, Site.*, Users.N.*) so the server's 400 `fields` land under the right inputs.
 */

/** The address part shared by clients and sites. */
export interface AddressValues {
  street: string;
  city: string;
  state: string;
  country: string;
  /** NumberInput gives a number, or null when blank. */
  pin: number | null;
}

export interface LocationValues extends AddressValues {
  id?: number;
  name: string;
  acronymCode: string;
  phone: string;
  externalId: string;
}

export interface ClientValues extends LocationValues {
  officeIds: number[];
}

export interface NewUserValues {
  roleId: number | '';
  name: string;
  email: string;
  phone: string;
}

export interface AddClientValues {
  Client: ClientValues;
  Site: LocationValues;
  Users: NewUserValues[];
}

const ADDRESS_KEYS = ['street', 'city', 'state', 'country', 'pin'] as const;

const blankLocation = (): LocationValues => ({
  name: '',
  acronymCode: '',
  street: '',
  city: '',
  state: '',
  country: '',
  pin: null,
  phone: '',
  externalId: '',
});

export const emptyUser = (): NewUserValues => ({ roleId: '', name: '', email: '', phone: '' });

/** A new client starts without user rows: they are optional, and Add New User adds one. */
export function emptyAddClient(): AddClientValues {
  return { Client: { ...blankLocation(), officeIds: [] }, Site: blankLocation(), Users: [] };
}

/** 'Copy Client Address': the client's street, city, state, country and pin into the site. */
export function copiedAddress(client: Partial<AddressValues>): AddressValues {
  return {
    street: client.street ?? '',
    city: client.city ?? '',
    state: client.state ?? '',
    country: client.country ?? '',
    pin: client.pin ?? null,
  };
}

/** 'Reset Site Address': the same fields blank. */
export const blankAddress = (): AddressValues => copiedAddress({});

export const addressKeys = ADDRESS_KEYS;

/** The browser's time zone, sent on client and site saves (administration document 1). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function toAddClientBody(values: AddClientForm, timeZone = browserTimeZone()): AddNewClientInput {
  return { Client: { ...values.Client, timeZone }, Site: { ...values.Site, timeZone }, Users: values.Users };
}

/** Server refusals of Add Client that name a field without its section (duplicate name or code) belong to the client. */
export function addClientFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, message]) => [/^(Client|Site|Users)\b/.test(key) ? key : `Client.${key}`, message]),
  );
}

const locationValuesOf = (row: ClientRow | SiteRow): LocationValues => ({
  id: row.id,
  name: row.name,
  acronymCode: row.acronymCode ?? '',
  street: row.street ?? '',
  city: row.city ?? '',
  state: row.state ?? '',
  country: row.country ?? '',
  pin: row.pin,
  phone: row.phone ?? '',
  externalId: row.externalId ?? '',
});

export const clientValuesOf = (row: ClientRow): ClientValues => ({ ...locationValuesOf(row), officeIds: parseIdList(row.officeIds) });

export const siteValuesOf = (row: SiteRow | null): LocationValues => (row ? locationValuesOf(row) : blankLocation());

export function toClientBody(values: ClientPanelForm, id: number, timeZone = browserTimeZone()): Record<string, unknown> {
  return { ...values, id, objectType: LOCATION_OBJECT_TYPE.CLIENT_COMPANY, timeZone };
}

/** A site keeps its parent (sub-locations are not edited here); a new one is a top-level site of the client. */
export function toSiteBody(
  values: SitePanelForm & { id?: number },
  companyId: number,
  parentId: number | null,
  timeZone = browserTimeZone(),
) {
  return {
    ...values,
    objectType: LOCATION_OBJECT_TYPE.SITE,
    companyId,
    ...(parentId ? { parentId } : {}),
    timeZone,
  };
}
