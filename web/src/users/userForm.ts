import { parseIdList, type UserBodyInput, type UserForm, type UserRow, USER_TYPE } from '@portal/contracts';

/** The panel's form values (UserForm's input): comma lists as id arrays, '' for no id. */
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
 * The POST /api/Users body from the panel's values as UserForm reads them (trimmed, blanks
 * null); fields hidden from CLIENT-ADMIN are not sent at all.
 */
export function toUserBody(values: UserForm, id: number | undefined, clientAdmin: boolean): UserBodyInput {
  const lo = values.type !== USER_TYPE.CLIENT;
  return {
    ...(id ? { id } : {}),
    type: lo ? USER_TYPE.LO : USER_TYPE.CLIENT,
    tenantId: 2,
    name: values.name,
    email: values.email,
    phone: values.phone,
    roleId: values.roleId,
    companyId: values.companyId,
    officeId: lo ? (values.officeId ?? undefined) : undefined,
    secondaryOfficeIds: lo ? (values.secondaryOfficeIds ?? []).filter((other) => other !== values.officeId) : [],
    divisionIds: lo ? (values.divisionIds ?? []) : [],
    siteIds: lo ? [] : (values.siteIds ?? []),
    ...(clientAdmin ? {} : { description: values.description, externalId: values.externalId }),
  };
}
