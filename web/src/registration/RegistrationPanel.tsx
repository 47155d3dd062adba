import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DISABLED_PROJECT_PHASES,
  namespaceAdminEmail,
  PROJECT_PHASES,
  REGISTRATION,
  RegistrationCreateBody,
  type RegistrationRow,
  SOURCE_TYPES,
} from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { PickerInput } from '../common/OptionPicker';
import { SchemaForm } from '../common/SchemaForm';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { mailDomain, registerCustomer, updateCustomer, uploadCustomerLogo } from './api';
import { LogoField, logoErrorText } from './LogoField';

const AddSchema = RegistrationCreateBody.omit({ email: true });
const EditSchema = AddSchema.extend({ currentstate: z.union([z.literal(0), z.literal(1)], { error: 'Status is required' }) });

const PHASES = PROJECT_PHASES.map((p) => ({ id: p, name: p, disabled: DISABLED_PROJECT_PHASES.includes(p) }));
const USER_TYPES = SOURCE_TYPES.map((t) => ({ id: t.value, name: t.label }));
const STATES = [
  { id: 1, name: 'Active' },
  { id: 0, name: 'Inactive' },
];

/** The read-only e-mail: the namespace's administrator, `<namespace>@<mail domain>`. */
function DerivedEmail({ domain }: { domain: string }) {
  const namespace = useWatch({ name: 'namespace' }) as string | undefined;
  const value = namespace?.trim() ? namespaceAdminEmail(namespace.trim(), domain) : '';
  return (
    <TextField
      label="Email"
      value={value}
      fullWidth
      size="small"
      helperText="The administrator's sign-in, from the NameSpace"
      slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'registration-email' }, inputLabel: { shrink: true } }}
      sx={{ mb: 2.5 }}
    />
  );
}

const text = (value: string | null | undefined) => value ?? '';

/**
 * Add/edit a customer (administration document: "Customer registration"): every field of the
 * entity, the e-mail derived from the namespace, the user type and project phase choices
 * (INTERIOR disabled), the logo, and on edit the status (Inactive signs its users out).
 */
export function RegistrationPanel({
  open,
  record: row,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: RegistrationRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const domain = useQuery({ queryKey: ['customerMailDomain'], queryFn: mailDomain, staleTime: 60 * 60_000 });
  const [pendingLogo, setPendingLogo] = useState<File | null>(null);
  const record = useMemo(
    () => ({
      name: text(row?.name),
      namespace: text(row?.namespace),
      mobilenumber: text(row?.mobilenumber),
      companyname: text(row?.companyname),
      companyaddress: text(row?.companyaddress),
      companywebsite: text(row?.companywebsite),
      projectname: text(row?.projectname),
      projectaddress: text(row?.projectaddress),
      projectwebsite: text(row?.projectwebsite),
      projectreraregistration: text(row?.projectreraregistration),
      userdesignation: text(row?.userdesignation),
      // Required choices start empty on a new customer (the schema refuses them until chosen).
      currentprojectphase: (row?.currentprojectphase ?? undefined) as 'STRUCTURAL',
      sourcetype: (row?.sourcetype ?? undefined) as 0 | 1,
      ...(row ? { currentstate: (row.currentstate === 1 ? 1 : 0) as 0 | 1 } : {}),
    }),
    [row],
  );

  const submit = async (values: z.output<typeof EditSchema> | z.output<typeof AddSchema>) => {
    try {
      if (row) {
        const state = 'currentstate' in values ? values.currentstate : row.currentstate;
        await updateCustomer({ ...values, id: row.id, currentstate: state === 1 ? 1 : 0 });
        alert.success(REGISTRATION.updated);
      } else {
        const created = await registerCustomer(values);
        if (pendingLogo) {
          try {
            await uploadCustomerLogo(created.id, pendingLogo);
          } catch (error) {
            alert.saveError(logoErrorText(error));
          }
        }
        alert.success(REGISTRATION.added);
      }
      setPendingLogo(null);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, REGISTRATION.uploadError));
      return fieldErrors(error);
    }
  };

  const close = () => {
    setPendingLogo(null);
    onClose();
  };

  return (
    <SidePanel open={open} title={row ? REGISTRATION.editTitle(row.namespace) : REGISTRATION.addTitle} onClose={close} width={560}>
      <SchemaForm
        schema={row ? EditSchema : AddSchema}
        record={record}
        onSubmit={submit}
        onCancel={close}
        finishing={finishing}
        saveTestId="registration-save"
        key={row?.id ?? 'new'}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextInput source="name" label="Customer Name" autoFocus={!row} />
          <TextInput source="userdesignation" label="Designation" />
          <TextInput
            source="namespace"
            label="NameSpace"
            readOnly={!!row}
            helperText={row ? 'Fixed once registered' : 'Lower-case letters, digits and hyphens, 3 to 30'}
            slotProps={{ htmlInput: { 'data-testid': 'registration-namespace' } }}
          />
          <DerivedEmail domain={domain.data?.domain ?? ''} />
          <TextInput source="mobilenumber" label="Mobile Number" />
          <PickerInput
            source="sourcetype"
            label="Customer User Type"
            choices={USER_TYPES}
            emptyLabel={null}
            testId="registration-sourcetype"
          />
          <TextInput source="companyname" label="Company Name" />
          <TextInput source="companywebsite" label="Company Website" />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextInput source="companyaddress" label="Company Address" multiline minRows={2} />
          </Box>
          <TextInput source="projectname" label="Project Name" />
          <TextInput source="projectwebsite" label="Project Website" />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextInput source="projectaddress" label="Project Address" multiline minRows={2} />
          </Box>
          <TextInput source="projectreraregistration" label={REGISTRATION.projectOfficeCode} />
          <PickerInput
            source="currentprojectphase"
            label="Current Project Phase"
            choices={PHASES}
            emptyLabel={null}
            testId="registration-phase"
          />
          {row && !row.operator && (
            <PickerInput
              source="currentstate"
              label="Status"
              choices={STATES}
              emptyLabel={null}
              testId="registration-state"
              helperText="Inactive signs its users out; its data stays"
            />
          )}
        </Box>
        <LogoField customerId={row?.id ?? null} pending={pendingLogo} onPending={setPendingLogo} />
      </SchemaForm>
    </SidePanel>
  );
}
