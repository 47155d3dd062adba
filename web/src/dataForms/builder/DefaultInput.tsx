import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ValueField } from '@portal/contracts/dataForms/definition';
import { type Change, type Equals, NumberInput, set } from './propertyInputs';

export const NONE = '__none__';

export function DefaultInput({ field, onChange, error }: { field: ValueField; onChange: Change; error?: string }) {
  const common = { label: 'Default', size: 'small' as const, error: Boolean(error), helperText: error, fullWidth: true };
  const testId = { htmlInput: { 'data-testid': 'prop-default' } };
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return (
        <TextField
          {...common}
          value={field.default ?? ''}
          onChange={(e) => onChange(set(field, { default: e.target.value || undefined }), 'default')}
          slotProps={testId}
        />
      );
    case 'number':
      return (
        <NumberInput
          label="Default"
          value={field.default}
          onChange={(v) => onChange(set(field, { default: v }), 'default')}
          error={error}
          testId="prop-default"
        />
      );
    case 'date':
      return (
        <TextField
          {...common}
          value={field.default ?? ''}
          onChange={(e) => onChange(set(field, { default: e.target.value || undefined }), 'default')}
          placeholder="today or YYYY-MM-DD"
          helperText={error ?? 'today, or a date as YYYY-MM-DD'}
          slotProps={testId}
        />
      );
    case 'time':
      return (
        <TextField
          {...common}
          type="time"
          value={field.default ?? ''}
          onChange={(e) => onChange(set(field, { default: e.target.value || undefined }), 'default')}
          slotProps={{ ...testId, inputLabel: { shrink: true } }}
        />
      );
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={field.default ?? NONE}
          onChange={(e) => onChange(set(field, { default: e.target.value === NONE ? undefined : e.target.value }))}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'prop-default' } as object } }}
        >
          <MenuItem value={NONE}>(none)</MenuItem>
          {field.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiselect':
      return (
        <ValueChecks
          label="Default"
          choices={field.options.map((o) => ({ value: o.value, label: o.label }))}
          value={field.default ?? []}
          onChange={(values) => onChange(set(field, { default: values.length ? (values as string[]) : undefined }))}
          error={error}
        />
      );
    case 'yesno':
    case 'passfail': {
      const choices = CHOICES_OF[field.kind];
      const current = field.default === undefined ? NONE : String(field.default);
      return (
        <TextField
          {...common}
          select
          value={current}
          onChange={(e) => {
            const picked = choices.find((c) => String(c.value) === e.target.value);
            onChange(set(field, { default: picked?.value }));
          }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'prop-default' } as object } }}
        >
          <MenuItem value={NONE}>(none)</MenuItem>
          {choices.map((c) => (
            <MenuItem key={String(c.value)} value={String(c.value)}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    default:
      return null;
  }
}

export const CHOICES_OF = {
  yesno: [
    { value: true, label: 'Yes' },
    { value: false, label: 'No' },
  ],
  passfail: [
    { value: 'pass', label: 'Pass' },
    { value: 'fail', label: 'Fail' },
    { value: 'na', label: 'Not applicable' },
  ],
} as const;

export function ValueChecks({
  label,
  choices,
  value,
  onChange,
  error,
}: {
  label: string;
  choices: readonly { value: string | number | boolean; label: string }[];
  value: Equals;
  onChange(values: Equals): void;
  error?: string;
}) {
  return (
    <Box>
      <FormLabel component="legend" sx={{ fontSize: 13 }} error={Boolean(error)}>
        {label} {error ? `(${error})` : ''}
      </FormLabel>
      <FormGroup row>
        {choices.map((c) => (
          <FormControlLabel
            key={String(c.value)}
            label={c.label}
            control={
              <Checkbox
                size="small"
                checked={value.includes(c.value)}
                onChange={(e) => onChange(e.target.checked ? [...value, c.value] : value.filter((v) => v !== c.value))}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
