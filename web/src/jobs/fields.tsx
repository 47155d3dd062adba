import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { OptionPicker } from '../common/OptionPicker';

export interface Choice {
  id: number;
  name: string;
}

/** A single picker: the empty choice clears it; a list longer than ten searches (common/OptionPicker). */
export function Pick({
  label,
  value,
  choices,
  onChange,
  required,
  disabled,
  testId,
  helperText,
  error,
  loading = false,
}: {
  label: string;
  value: number | null;
  choices: Choice[];
  onChange(value: number | null): void;
  required?: boolean;
  disabled?: boolean;
  testId: string;
  helperText?: ReactNode;
  error?: boolean;
  /** The choices are still loading (OptionPicker waits, disabled, until the first ones arrive). */
  loading?: boolean;
}) {
  return (
    <OptionPicker<number>
      label={label}
      value={value}
      options={choices}
      onChange={onChange}
      required={required}
      disabled={disabled}
      loading={loading}
      testId={testId}
      helperText={helperText}
      error={error}
    />
  );
}

/** A multi picker with chips. */
export function PickMany({
  label,
  value,
  choices,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: number[];
  choices: Choice[];
  onChange(value: number[]): void;
  disabled?: boolean;
  testId: string;
}) {
  const selected = choices.filter((c) => value.includes(c.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={choices}
      value={selected}
      disabled={disabled}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((c) => c.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
      data-testid={testId}
      filterSelectedOptions
    />
  );
}

/** A text input. */
export function Text({
  label,
  value,
  onChange,
  testId,
  ...rest
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  slotProps?: Record<string, unknown>;
}) {
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
      slotProps={{ ...rest.slotProps, htmlInput: { 'data-testid': testId, ...((rest.slotProps?.htmlInput as object) ?? {}) } }}
    />
  );
}

/** Two columns on a wide panel, one on a phone. */
export const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' } as const;
