import { type ClientRow, LOCATION_OBJECT_TYPE, parseIdList, type SiteRow } from '@portal/contracts';
import type { AddNewClientInput } from './api';

/**
 * Form values of the Add Client dialog and the edit panel, and the rules that enable Save
 * (administration document 5, "Clients"). Field names of Add Client follow the request body
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

/**
 * Pin minimums on the Clients screens: 1 for clients and sites (administration document 3 and
 * 5). The server also takes 0 for sites, which the job form's inline site allows (shell
 * document), so this is the screen's own rule.
 */
export const CLIENT_PIN_MIN = 1;
export const SITE_PIN_MIN = 1;

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

const filled = (text: string | null | undefined) => Boolean(text?.trim());

/** The same shape the server accepts (zod's email check is stricter; it answers 400 under the input). */
export const looksLikeEmail = (text: string | null | undefined) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test((text ?? '').trim());

export const validPin = (pin: unknown, min: number) =>
  pin === null || pin === undefined || pin === '' || (Number.isInteger(Number(pin)) && Number(pin) >= min && Number(pin) <= 2_147_483_647);

/** Add Client: Client Name, LO Office, client street; Site Name; every user row's role, name and email. */
export function canSaveNewClient(values: Partial<AddClientValues>): boolean {
  const { Client: client, Site: site, Users: users = [] } = values;
  if (!client || !site) return false;
  if (!filled(client.name) || !filled(client.street) || (client.officeIds ?? []).length === 0) return false;
  if (!validPin(client.pin, CLIENT_PIN_MIN)) return false;
  if (!filled(site.name) || !validPin(site.pin, SITE_PIN_MIN)) return false;
  return users.every((user) => Boolean(user.roleId) && filled(user.name) && looksLikeEmail(user.email));
}

/** Edit client: name, street and office. */
export const canSaveClient = (values: Partial<ClientValues>) =>
  filled(values.name) && filled(values.street) && (values.officeIds ?? []).length > 0 && validPin(values.pin, CLIENT_PIN_MIN);

/** Edit or add site: name only. */
export const canSaveSite = (values: Partial<LocationValues>) => filled(values.name) && validPin(values.pin, SITE_PIN_MIN);

/** The browser's time zone, sent on client and site saves (administration document 1). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function toAddClientBody(values: AddClientValues, timeZone = browserTimeZone()): AddNewClientInput {
  return {
    Client: { ...values.Client, timeZone },
    Site: { ...values.Site, timeZone },
    Users: values.Users.map((user) => ({ ...user, roleId: user.roleId === '' ? undefined : user.roleId })),
  };
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

export function toClientBody(values: ClientValues, timeZone = browserTimeZone()): Record<string, unknown> {
  return { ...values, objectType: LOCATION_OBJECT_TYPE.CLIENT_COMPANY, timeZone };
}

/** A site keeps its parent (sub-locations are not edited here); a new one is a top-level site of the client. */
export function toSiteBody(values: LocationValues, companyId: number, parentId: number | null, timeZone = browserTimeZone()) {
  return {
    ...values,
    objectType: LOCATION_OBJECT_TYPE.SITE,
    companyId,
    ...(parentId ? { parentId } : {}),
    timeZone,
  };
}
