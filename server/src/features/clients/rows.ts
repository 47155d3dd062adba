import type { AuthUser } from '../../lib/sessions';
import { type ClientRow, clientCan, LOCATION_OBJECT_TYPE, type LocationOption, type SiteRow, siteCan } from '@portal/contracts';
import type { ClientRecord, SiteRecord } from './clients.queries';

interface Address {
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  pin: number | null;
}

/** The Address column: street, city, state, country and pin on one line. */
export function formatAddress(a: Address): string {
  return [a.street, a.city, a.state, a.country, a.pin === null ? null : String(a.pin)]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

const dates = (r: { createdAt: Date; modifiedAt: Date }) => ({
  createdDate: r.createdAt.toISOString(),
  modifiedDate: r.modifiedAt.toISOString(),
});

export function toClientRow(record: ClientRecord, actor: AuthUser): ClientRow {
  const [officeIds, officeNames] = record.offices ?? [null, null];
  const { offices: _offices, logoFileId, createdAt, modifiedAt, ...fields } = record;
  return {
    ...fields,
    objectType: LOCATION_OBJECT_TYPE.CLIENT_COMPANY,
    address: formatAddress(record),
    officeIds: officeIds ?? '',
    officeNames: officeNames ?? '',
    hasLogo: logoFileId !== null,
    ...dates({ createdAt, modifiedAt }),
    can: clientCan(actor.role, record),
  };
}

export function toSiteRow(record: SiteRecord, actor: AuthUser): SiteRow {
  const { createdAt, modifiedAt, ...fields } = record;
  return {
    ...fields,
    objectType: LOCATION_OBJECT_TYPE.SITE,
    address: formatAddress(record),
    ...dates({ createdAt, modifiedAt }),
    can: siteCan(actor.role, record),
  };
}

export function toClientOption(record: Omit<ClientRecord, 'offices'>): LocationOption & Address & { phone: string | null } {
  return {
    id: record.id,
    name: record.name,
    objectType: LOCATION_OBJECT_TYPE.CLIENT_COMPANY,
    acronymCode: record.acronymCode,
    address: formatAddress(record),
    street: record.street,
    city: record.city,
    state: record.state,
    country: record.country,
    pin: record.pin,
    phone: record.phone,
  };
}

export function toSiteOption(record: SiteRecord): LocationOption & Address & { phone: string | null } {
  return {
    id: record.id,
    name: record.name,
    objectType: LOCATION_OBJECT_TYPE.SITE,
    acronymCode: record.acronymCode,
    companyId: record.companyId,
    parentId: record.parentId,
    address: formatAddress(record),
    street: record.street,
    city: record.city,
    state: record.state,
    country: record.country,
    pin: record.pin,
    phone: record.phone,
  };
}
