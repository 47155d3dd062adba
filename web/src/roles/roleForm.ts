import { z } from 'zod';
import {
  ROLE_TYPE,
  RoleLicence,
  type RoleLicenceRow,
  RoleNewFields,
  type RoleRow,
  RoleSaveBody,
  ROLES,
  roleTypeOf,
} from '@portal/contracts';
import { licencesOf } from './api';

/**
 * The panel's fields, validated by the server's own schemas: the save body's name, code and
 * description with the licence rows (the body's metaValue), and on create also the type and
 * base role a new role needs. Save stays disabled while they refuse the values.
 */
export const RoleEditSchema = RoleSaveBody.pick({ name: true, acronymCode: true, description: true }).extend({
  licences: z.array(RoleLicence),
});
export const RoleAddSchema = RoleEditSchema.extend(RoleNewFields.shape);

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
