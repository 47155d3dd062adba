import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RadioButtonGroupInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LOCATIONS, ROLES_TEXT, type RoleRow } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { useCan } from '../session/SessionContext';
import { licencesOf, saveRole } from './api';
import { LicenceTable } from './LicenceTable';
import {
  baseRoleChoices,
  formValuesOf,
  RoleAddSchema,
  RoleEditSchema,
  type RoleFormValues,
  TYPE_CHOICES,
  toLicenceRows,
  toRoleBody,
  typeOf,
} from './roleForm';

interface Props {
  open: boolean;
  record: RoleRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
  /** Create License Config saved the role: the list behind should show it. */
  onChanged(): void;
}

/**
 * Add/edit role (administration document 2, "Role dashboard"): a Details tab (name, type
 * fixed after create, base role on create, code, description) and, for CONFIG_ADMIN on an
 * existing client role (type 0, id > -1), a Licences tab. MASTER_ADMIN never sees licences.
 * The fields validate with the server's own schemas (roleForm's RoleAddSchema/RoleEditSchema).
 */
export function RolePanel({ open, record: role, finishing, onClose, onSaved, onChanged }: Props) {
  const alert = useAlert();
  const manageLicences = useCan('roles.licences') && Boolean(role?.can.licences);
  const record = useMemo(() => formValuesOf(role), [role]);
  const [tab, setTab] = useState<'details' | 'licences'>('details');
  // Another role opens on its Details tab (state adjusted while rendering, as React advises).
  const [tabRole, setTabRole] = useState(role);
  if (tabRole !== role) {
    setTabRole(role);
    setTab('details');
  }

  const submit = async (values: object) => {
    try {
      await saveRole(toRoleBody(values as unknown as RoleFormValues, role, manageLicences));
      alert.success(ROLES_TEXT.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, ROLES_TEXT.saveError));
      const fields = fieldErrors(error);
      if (fields && Object.keys(fields).some((f) => !f.startsWith('metaValue'))) setTab('details');
      return fields;
    }
  };

  return (
    <SidePanel open={open} title={role ? `Edit Role: ${role.name}` : 'Add Role'} onClose={onClose} width={manageLicences ? 640 : 480}>
      <SchemaForm
        record={record}
        schema={role ? RoleEditSchema : RoleAddSchema}
        key={role?.id ?? 'new'}
        onSubmit={submit}
        saveTestId="role-save"
        onCancel={onClose}
        finishing={finishing}
      >
        <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}>
          <Tab value="details" label="Details" data-testid="role-tab-details" sx={{ minHeight: 40 }} />
          {manageLicences && <Tab value="licences" label="Licences" data-testid="role-tab-licences" sx={{ minHeight: 40 }} />}
        </Tabs>
        {/* Both tabs stay mounted, so switching keeps what was typed and Save sends both. */}
        <Box sx={{ display: tab === 'details' ? 'block' : 'none' }}>
          <RoleDetails editing={Boolean(role)} />
        </Box>
        {manageLicences && role && (
          <Box sx={{ display: tab === 'licences' ? 'block' : 'none' }}>
            <LicenceSection role={role} onChanged={onChanged} />
          </Box>
        )}
      </SchemaForm>
    </SidePanel>
  );
}

/** Create License Config saves the role as the form holds it, then shows the licences it answers. */
function LicenceSection({ role, onChanged }: { role: RoleRow; onChanged(): void }) {
  const alert = useAlert();
  const form = useFormContext();
  const [creating, setCreating] = useState(false);

  const createConfig = async () => {
    const valid = await form.trigger();
    if (!valid) {
      alert.saveError(ROLES_TEXT.saveError);
      return;
    }
    setCreating(true);
    try {
      const values = form.getValues() as RoleFormValues;
      const answer = await saveRole(toRoleBody(values, role, true), true);
      form.reset({ ...values, licences: toLicenceRows(licencesOf(answer)) });
      alert.success(LOCATIONS.licenceConfigCreated);
      onChanged();
    } catch (error) {
      alert.saveError(errorText(error, ROLES_TEXT.saveError));
    } finally {
      setCreating(false);
    }
  };

  return <LicenceTable onCreateConfig={createConfig} creating={creating} />;
}

function RoleDetails({ editing }: { editing: boolean }) {
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'type' }) as number | '';
  const baseRole = useWatch({ name: 'baseRole' }) as string;

  // A new type empties the base role: each base role belongs to one type.
  const previousType = useRef(type);
  useEffect(() => {
    if (previousType.current === type) return;
    previousType.current = type;
    setValue('baseRole', '', { shouldValidate: false });
  }, [type, setValue]);

  const baseChoices = editing ? [{ id: baseRole, name: baseRole }] : baseRoleChoices(type);
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <TextInput source="name" label="Name" isRequired />
      <RadioButtonGroupInput
        source="type"
        label="Type"
        choices={TYPE_CHOICES}
        row
        isRequired={!editing}
        disabled={editing}
        helperText={editing ? ROLES_TEXT.typeLocked : false}
      />
      <SelectInput
        source="baseRole"
        label="Base role"
        choices={baseChoices}
        isRequired={!editing}
        disabled={editing || typeOf(type) === null}
        emptyText=""
        helperText={
          editing
            ? ROLES_TEXT.baseRoleLocked
            : typeOf(type) === null
              ? 'Choose the type first'
              : 'What users of this role may do in the portal'
        }
      />
      <TextInput source="acronymCode" label="Code" />
      <TextInput source="description" label="Description" multiline minRows={2} />
    </Box>
  );
}
