import Box from '@mui/material/Box';
import { AutocompleteArrayInput, maxLength, minValue, NumberInput, required, TextInput } from 'react-admin';
import { useOfficeOptions } from '../common/options';

/**
 * The inputs of a client or a site, shared by the Add Client dialog (with a `prefix` such as
 * 'Client.') and the edit panel. Lengths follow the shared schema; a client also has its LO
 * offices. Four columns in the wide dialog, two in the side panel; the order reads the same.
 * Helper texts take no room until there is an error, which keeps the dialog on one screen.
 */
export function LocationFields({
  prefix = '',
  kind,
  pinMin,
  columns,
  nameLabel,
}: {
  prefix?: string;
  kind: 'client' | 'site';
  pinMin: number;
  columns: 2 | 4;
  nameLabel: string;
}) {
  const offices = useOfficeOptions();
  const source = (name: string) => `${prefix}${name}`;
  const wide = columns === 4;
  const input = { fullWidth: true, helperText: false as const };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: 2, rowGap: 0.5 }}>
      <Box sx={{ gridColumn: 'span 2' }}>
        <TextInput source={source('name')} label={nameLabel} validate={[required(), maxLength(200)]} {...input} />
      </Box>
      <TextInput source={source('acronymCode')} label="Code" validate={maxLength(50)} {...input} />
      <TextInput source={source('phone')} label="Phone" validate={maxLength(50)} {...input} />
      {kind === 'client' && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AutocompleteArrayInput
            source={source('officeIds')}
            label="LO Office"
            choices={offices.options}
            isPending={offices.loading}
            validate={required('LO Office is required')}
            {...input}
          />
        </Box>
      )}
      <Box sx={{ gridColumn: wide ? 'span 3' : '1 / -1' }}>
        <TextInput
          source={source('street')}
          label="Street"
          validate={kind === 'client' ? [required(), maxLength(300)] : maxLength(300)}
          {...input}
        />
      </Box>
      <TextInput source={source('city')} label="City" validate={maxLength(100)} {...input} />
      <TextInput source={source('state')} label="State" validate={maxLength(100)} {...input} />
      <TextInput source={source('country')} label="Country" validate={maxLength(100)} {...input} />
      <NumberInput
        source={source('pin')}
        label="Pin"
        min={pinMin}
        step={1}
        validate={[minValue(pinMin, `Pin must be a whole number of at least ${pinMin}`), wholeNumber]}
        {...input}
      />
      <TextInput source={source('externalId')} label="External Id" validate={maxLength(100)} {...input} />
    </Box>
  );
}

const wholeNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : 'Pin must be a whole number';
