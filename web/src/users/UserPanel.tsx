import Box from '@mui/material/Box';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AutocompleteArrayInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { PickerInput } from '../common/OptionPicker';
import { useFormContext, useWatch } from 'react-hook-form';
import { assignableRoles, can, SHELL, USER_TYPE, USERS, UserForm, type UserRow } from '@portal/contracts';
import { HttpError } from '../api/http';
import { SidePanel } from '../common/list';
import { SchemaForm } from '../common/SchemaForm';
import {
  useClientOptions,
  useDivisionOptions,
  useLoCompanyOptions,
  useOfficeOptions,
  useRoleOptions,
  useSiteOptions,
} from '../common/options';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { saveUser } from './api';
import { SignatureField, userSignatureApi } from './SignatureField';
import { formValuesOf, toUserBody } from './userForm';

interface Props {
  open: boolean;
  user: UserRow | null;
  onClose(): void;
  onSaved(): void;
  /** The signature was uploaded or deleted (saved at once, not with the form). */
  onSignatureChange(userId: number, blobKey: string | null): void;
}

/**
 * Add/edit user (shell document 2): User Type, Name, Email, Phone, Role, Description,
 * Company, then Client Sites for client users or Primary Office, Other Offices and Divisions
 * for LO users; External Id; Signature on edit. CLIENT-ADMIN: own company, no LO type, no
 * Description, External Id or Signature. The fields validate with the contracts' UserForm,
 * the save body's rules and what each user type needs, which the server refuses a save with.
 */
export function UserPanel({ open, user, onClose, onSaved, onSignatureChange }: Props) {
  const { role, user: me } = useSession();
  // CLIENT-ADMIN: no LO users, Description, External Id or Signature (shell document 6).
  const clientAdmin = !can(role, 'users.officeFields');
  const alert = useAlert();
  const loCompanies = useLoCompanyOptions(!clientAdmin);
  const defaults = useMemo(
    () =>
      clientAdmin
        ? { type: USER_TYPE.CLIENT, companyId: me.companyId ?? ('' as const) }
        : { type: USER_TYPE.LO, companyId: loCompanies.options[0]?.id ?? ('' as const) },
    [clientAdmin, me.companyId, loCompanies.options],
  );
  const record = useMemo(() => formValuesOf(user, defaults), [user, defaults]);
  const [signature, setSignature] = useState<string | null>(user?.signature ?? null);
  useEffect(() => setSignature(user?.signature ?? null), [user]);

  const submit = async (values: UserForm) => {
    try {
      await saveUser(toUserBody(values, user?.id, clientAdmin));
      alert.success(USERS.saved);
      onSaved();
      return undefined;
    } catch (error) {
      if (error instanceof HttpError) {
        // A 409 (duplicate e-mail) or 400 names its field: the message goes under it too.
        if (error.status === 409 || error.status === 402 || (error.status === 400 && error.fields)) {
          alert.saveError(error.message);
          return error.fields;
        }
        alert.saveError(error.status === 403 ? error.message : SHELL.genericError);
      } else alert.saveError(SHELL.genericError);
      return undefined;
    }
  };

  return (
    <SidePanel open={open} title={user ? `Edit User: ${user.name}` : 'Add User'} onClose={onClose} width={560}>
      <SchemaForm
        schema={UserForm}
        record={record as never}
        onSubmit={submit}
        onCancel={onClose}
        // The panel closes as soon as the user is saved.
        finishing={false}
        saveTestId="user-save"
        key={user?.id ?? 'new'}
      >
        <UserFields editing={Boolean(user)} clientAdmin={clientAdmin} loCompanyId={defaults.companyId} />
        {user && !clientAdmin && (
          <SignatureField
            api={userSignatureApi(user.id)}
            blobKey={signature}
            onChange={(blobKey) => {
              setSignature(blobKey);
              onSignatureChange(user.id, blobKey);
            }}
          />
        )}
      </SchemaForm>
    </SidePanel>
  );
}

function UserFields({ editing, clientAdmin, loCompanyId }: { editing: boolean; clientAdmin: boolean; loCompanyId: number | '' }) {
  const { role } = useSession();
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'type' }) as number;
  const companyId = useWatch({ name: 'companyId' }) as number | '';
  const officeId = useWatch({ name: 'officeId' }) as number | '';
  const lo = type === USER_TYPE.LO;

  const roles = useRoleOptions();
  const offices = useOfficeOptions();
  const divisions = useDivisionOptions();
  const loCompanies = useLoCompanyOptions(lo && !clientAdmin);
  const clients = useClientOptions(!lo);
  const sites = useSiteOptions(!lo && companyId ? companyId : null);

  // The spec's load errors (shell document 8), once per failing list.
  useLoadErrorAlert(roles.error ?? offices.error ?? divisions.error, USERS.loadDivisionRolesError);
  useLoadErrorAlert(loCompanies.error ?? clients.error, USERS.loadCompanyError);
  useLoadErrorAlert(sites.error, USERS.loadLocationsError);

  const allowed = assignableRoles(role, type);
  const roleChoices = roles.options.filter((r) => r.type === (lo ? 1 : 0) && (allowed as readonly string[]).includes(r.baseRole));

  // Cascades: a new type clears the type-specific fields; a new company clears its sites.
  const previousType = useRef(type);
  useEffect(() => {
    if (previousType.current === type) return;
    previousType.current = type;
    setValue('roleId', '');
    setValue('siteIds', []);
    setValue('officeId', '');
    setValue('secondaryOfficeIds', []);
    setValue('divisionIds', []);
    setValue('companyId', type === USER_TYPE.LO ? loCompanyId : '');
  }, [type, setValue, loCompanyId]);
  const previousCompany = useRef(companyId);
  useEffect(() => {
    if (previousCompany.current === companyId) return;
    previousCompany.current = companyId;
    setValue('siteIds', []);
  }, [companyId, setValue]);

  const typeChoices = [
    { id: USER_TYPE.LO, name: 'LO', disabled: clientAdmin },
    { id: USER_TYPE.CLIENT, name: 'CLIENT' },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <RadioButtonGroupInput
        source="type"
        label="User Type"
        choices={typeChoices}
        // The radio hands back text; the form keeps the number the rules compare with.
        parse={(value: string) => Number(value)}
        row
        disabled={editing}
        helperText={editing ? 'The user type cannot change once saved' : false}
      />
      <TextInput source="name" label="Name" isRequired />
      <TextInput source="email" label="Email" isRequired type="email" />
      <TextInput source="phone" label="Phone" />
      <PickerInput source="roleId" label="Role" choices={roleChoices} required emptyLabel={null} loading={roles.loading} />
      {!clientAdmin && <TextInput source="description" label="Description" multiline minRows={2} />}
      {lo ? (
        <>
          <PickerInput
            source="companyId"
            label="Company"
            choices={loCompanies.options}
            required
            emptyLabel={null}
            loading={loCompanies.loading}
          />
          <PickerInput
            source="officeId"
            label="Primary Office"
            choices={offices.options}
            required
            emptyLabel={null}
            loading={offices.loading}
          />
          <AutocompleteArrayInput
            source="secondaryOfficeIds"
            label="Other Offices"
            choices={offices.options.filter((o) => o.id !== officeId)}
          />
          <AutocompleteArrayInput source="divisionIds" label="Divisions" choices={divisions.options} />
        </>
      ) : (
        <>
          <PickerInput
            source="companyId"
            label="Company"
            choices={clients.options}
            required
            emptyLabel={null}
            loading={clients.loading}
            disabled={clientAdmin && clients.options.length <= 1}
          />
          <AutocompleteArrayInput source="siteIds" label="Client Sites" choices={sites.options} isRequired disabled={!companyId} />
        </>
      )}
      {!clientAdmin && <TextInput source="externalId" label="External Id" />}
    </Box>
  );
}
