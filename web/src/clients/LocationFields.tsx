import Box from '@mui/material/Box';
import { AutocompleteArrayInput, NumberInput, TextInput } from 'react-admin';
import { CLIENTS_PIN_MIN } from '@portal/contracts';
import { useOfficeOptions } from '../common/options';

/**
 * The inputs of a client or a site, shared by the Add Client dialog (with a `prefix` such as
 * 'Client.') and the edit panel. The form's schema (contracts AddClientForm, ClientPanelForm,
 * SitePanelForm) validates them; a client also has its LO offices. Four columns in the wide dialog, two in the side panel and on a phone; the order reads the same.
 * Helper texts take no room until there is an error, which keeps the dialog on one screen.
 */
export function LocationFields({
  prefix = '',
  kind,
  columns,
  nameLabel,
}: {
  prefix?: string;
  kind: 'client' | 'site';
  columns: 2 | 4;
  nameLabel: string;
}) {
  const offices = useOfficeOptions();
  const source = (name: string) => `${prefix}${name}`;
  const wide = columns === 4;
  const input = { fullWidth: true, helperText: false as const };
  return (
    <Box
      sx={{
        display: 'grid',
        // A phone gets two columns whatever the width asked for: four would cut every label.
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ gridColumn: 'span 2' }}>
        <TextInput source={source('name')} label={nameLabel} isRequired {...input} />
      </Box>
      <TextInput source={source('acronymCode')} label="Code" {...input} />
      <TextInput source={source('phone')} label="Phone" {...input} />
      {kind === 'client' && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AutocompleteArrayInput
            source={source('officeIds')}
            label="LO Office"
            choices={offices.options}
            isPending={offices.loading}
            isRequired
            {...input}
          />
        </Box>
      )}
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: wide ? 'span 3' : '1 / -1' } }}>
        <TextInput source={source('street')} label="Street" isRequired={kind === 'client'} {...input} />
      </Box>
      <TextInput source={source('city')} label="City" {...input} />
      <TextInput source={source('state')} label="State" {...input} />
      <TextInput source={source('country')} label="Country" {...input} />
      <NumberInput source={source('pin')} label="Pin" min={CLIENTS_PIN_MIN} step={1} {...input} />
      <TextInput source={source('externalId')} label="External Id" {...input} />
    </Box>
  );
}
