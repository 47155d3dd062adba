import { LICENCE_UNLIMITED, ROLE_TYPE, type RoleLicenceRow, type RoleRow, type RoleSaveBody, ROLES, roleTypeOf } from '@portal/contracts';
import { licencesOf } from './api';

/** One licence row of the form; the count stays text while typed. */
export interface LicenceFormRow {
  clientId: number;
  clientName: string;
  clientLicense: number | string;
  isAllUserActive: boolean;
}

export interface RoleFormValues {
  name: string;
  /** 0 client, 1 LO; '' until chosen on create. */
  type: number | '';
  baseRole: string;
  acronymCode: string;
  description: string;
  licences: LicenceFormRow[];
}

export const TYPE_LABEL: Record<number, string> = { [ROLE_TYPE.LO]: 'LO', [ROLE_TYPE.CLIENT]: 'Client' };

export const TYPE_CHOICES = [
  { id: ROLE_TYPE.LO, name: 'LO' },
  { id: ROLE_TYPE.CLIENT, name: 'Client' },
];

/** The radio group may hand the type back as text ('0'); '' and absent mean "not chosen". */
export function typeOf(value: number | string | null | undefined): 0 | 1 | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return n === ROLE_TYPE.CLIENT || n === ROLE_TYPE.LO ? n : null;
}

/** The portal role constants a new role of this type may act as (docs/decisions/admin.md). */
export function baseRoleChoices(type: number | string | ''): { id: string; name: string }[] {
  const t = typeOf(type);
  if (t === null) return [];
  return ROLES.filter((r) => roleTypeOf(r) === t).map((r) => ({ id: r, name: r }));
}

export const toLicenceRows = (licences: RoleLicenceRow[]): LicenceFormRow[] => licences.map((l) => ({ ...l }));

export function formValuesOf(role: RoleRow | null): RoleFormValues {
  return {
    name: role?.name ?? '',
    type: role?.type ?? '',
    baseRole: role?.baseRole ?? '',
    acronymCode: role?.acronymCode ?? '',
    description: role?.description ?? '',
    licences: toLicenceRows(licencesOf(role)),
  };
}

/** A licence count: a whole number from -1 (unlimited) up (spec section 5). */
export function licenceError(value: number | string | null | undefined): string | undefined {
  const text = String(value ?? '').trim();
  if (text === '') return 'Required';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'Whole number';
  if (n < LICENCE_UNLIMITED) return 'At least -1';
  if (n > 1_000_000) return 'Too large';
  return undefined;
}

/** Save needs a name; a new role also its type and base role; licences must be valid counts. */
export function canSaveRole(values: Partial<RoleFormValues>, editing: boolean): boolean {
  if (!values.name?.trim()) return false;
  if (!editing && (typeOf(values.type) === null || !values.baseRole)) return false;
  return (values.licences ?? []).every((l) => !licenceError(l.clientLicense));
}

/**
 * The POST /api/Setting/Others body. Type and base role are sent on create only (fixed
 * afterwards); licences only when the caller manages them (CONFIG_ADMIN), otherwise the
 * server would refuse the save with 403.
 */
export function toRoleBody(values: RoleFormValues, role: RoleRow | null, withLicences: boolean): Omit<RoleSaveBody, 'objectType'> {
  return {
    ...(role ? { id: role.id } : { type: typeOf(values.type) ?? undefined, baseRole: values.baseRole }),
    name: values.name,
    acronymCode: values.acronymCode,
    description: values.description,
    ...(withLicences
      ? {
          metaValue: values.licences.map((l) => ({
            clientId: l.clientId,
            clientLicense: Number(l.clientLicense),
            isAllUserActive: l.isAllUserActive,
          })),
        }
      : {}),
  };
}
