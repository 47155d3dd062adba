import PersonAdd from '@mui/icons-material/PersonAddAlt';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from 'react-admin';
import { PickerInput } from '../common/OptionPicker';
import { useFieldArray } from 'react-hook-form';
import { assignableRoles, LOCATIONS, ROLE_TYPE, USER_TYPE } from '@portal/contracts';
import { useRoleOptions } from '../common/options';
import { useSession } from '../session/SessionContext';
import { emptyUser } from './clientForm';
import { Section } from './Section';

const ROW = { display: 'grid', gridTemplateColumns: '28px 1.1fr 1fr 1.3fr 0.8fr', columnGap: 2, alignItems: 'start', mb: 1 } as const;

/**
 * Section "users" of Add Client (only for roles with users.write): rows of Role (the client
 * roles the caller may give), Name, Email and Phone,
 * grown with 'Add New User' and shrunk with 'Remove Last User'. Rows are optional.
 */
export function AddClientUsers() {
  const { fields, append, remove } = useFieldArray({ name: 'Users' });
  const roles = useRoleOptions();
  const { role } = useSession();
  // The client roles this caller may give anywhere (the server refuses others with 403).
  const allowed: readonly string[] = assignableRoles(role, USER_TYPE.CLIENT);
  const roleChoices = roles.options
    .filter((r) => r.type === ROLE_TYPE.CLIENT && allowed.includes(r.baseRole))
    .map((r) => ({ id: r.id, name: r.name }));
  const buttons = (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<PersonAdd />} onClick={() => append(emptyUser())} data-testid="add-user">
        {LOCATIONS.addNewUser}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<PersonRemove />}
        onClick={() => remove(fields.length - 1)}
        disabled={fields.length === 0}
        data-testid="remove-user"
      >
        {LOCATIONS.removeLastUser}
      </Button>
    </Box>
  );
  return (
    <Section icon={<People fontSize="small" />} title="Users" action={buttons}>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="no-users">
          No users yet. {LOCATIONS.addNewUser} creates the client's first users together with the client.
        </Typography>
      ) : (
        fields.map((field, index) => (
          <Box key={field.id} sx={ROW} data-testid={`user-row-${index}`}>
            <Typography variant="body2" color="text.secondary" sx={{ pt: 2.25, textAlign: 'right' }}>
              {index + 1}.
            </Typography>
            <PickerInput
              source={`Users.${index}.roleId`}
              label="Role"
              choices={roleChoices}
              loading={roles.loading}
              required
              emptyLabel={null}
            />
            <TextInput source={`Users.${index}.name`} label="Name" isRequired fullWidth helperText={false} />
            <TextInput source={`Users.${index}.email`} label="Email" type="email" isRequired fullWidth helperText={false} />
            <TextInput source={`Users.${index}.phone`} label="Phone" fullWidth helperText={false} />
          </Box>
        ))
      )}
    </Section>
  );
}
