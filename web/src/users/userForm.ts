import { parseIdList, type UserBodyInput, type UserRow, USER_TYPE } from '@portal/contracts';

/** The panel's form values: comma lists as id arrays. */
export interface UserFormValues {
  id?: number;
  type: number;
  name: string;
  email: string;
  phone: string;
  roleId: number | '';
  description: string;
  companyId: number | '';
  siteIds: number[];
  officeId: number | '';
  secondaryOfficeIds: number[];
  divisionIds: number[];
  externalId: string;
}

export function formValuesOf(user: UserRow | null, defaults: { type: number; companyId: number | '' }): UserFormValues {
  if (!user) {
    return {
      type: defaults.type,
      name: '',
      email: '',
      phone: '',
      roleId: '',
      description: '',
      companyId: defaults.companyId,
      siteIds: [],
      officeId: '',
      secondaryOfficeIds: [],
      divisionIds: [],
      externalId: '',
    };
  }
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    roleId: user.roleId,
    description: user.description ?? '',
    companyId: user.companyId ?? '',
    siteIds: parseIdList(user.siteIds),
    officeId: user.officeId ?? '',
    secondaryOfficeIds: parseIdList(user.secondaryOfficeIds),
    divisionIds: parseIdList(user.divisionIds),
    externalId: user.externalId ?? '',
  };
}

/**
 * Save is enabled once Name, Email, Role and Company are set; an LO user also needs a
 * Primary Office, a client user Client Sites (shell document 5).
 */
export function canSaveUser(values: Partial<UserFormValues>): boolean {
  if (!values.name?.trim() || !values.email?.trim() || !values.roleId || !values.companyId) return false;
  if (values.type === USER_TYPE.LO) return Boolean(values.officeId);
  return (values.siteIds ?? []).length > 0;
}

/** The POST /api/Users body; fields hidden from CLIENT-ADMIN are not sent at all. */
export function toUserBody(values: UserFormValues, clientAdmin: boolean): UserBodyInput {
  // A radio group hands its value back as text ("1"): compare numbers.
  const lo = Number(values.type) !== USER_TYPE.CLIENT;
  return {
    ...(values.id ? { id: values.id } : {}),
    type: lo ? USER_TYPE.LO : USER_TYPE.CLIENT,
    tenantId: 2,
    name: values.name,
    email: values.email,
    phone: values.phone,
    roleId: values.roleId === '' ? undefined : values.roleId,
    companyId: values.companyId === '' ? undefined : values.companyId,
    officeId: lo && values.officeId !== '' ? values.officeId : undefined,
    secondaryOfficeIds: lo ? values.secondaryOfficeIds.filter((id) => id !== values.officeId) : [],
    divisionIds: lo ? values.divisionIds : [],
    siteIds: lo ? [] : values.siteIds,
    ...(clientAdmin ? {} : { description: values.description, externalId: values.externalId }),
  };
}
