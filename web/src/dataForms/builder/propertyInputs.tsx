import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FormField } from '@portal/contracts/dataForms/definition';

export type Change = (field: FormField, coalesce?: string) => void;
export type Equals = (string | number | boolean)[];

/** Drops properties set to undefined, so the saved JSON holds only what was set. */
export function set<F extends FormField>(field: F, patch: Partial<Record<string, unknown>>): F {
  const next: Record<string, unknown> = { ...field, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as F;
}

export const numberOrUndefined = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

export function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>{children}</Box>;
}

export function NumberInput({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  error?: string;
  testId: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      value={value ?? ''}
      onChange={(e) => onChange(numberOrUndefined(e.target.value))}
      size="small"
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

export function OptionsEditor({
  field,
  onChange,
  error,
}: {
  field: Extract<FormField, { kind: 'select' | 'multiselect' }>;
  onChange: Change;
  error?: string;
}) {
  const options = field.options;
  const setOptions = (next: typeof options, coalesce?: string) => onChange(set(field, { options: next }), coalesce);
  return (
    <Box data-testid="prop-options">
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }} error={Boolean(error)}>
        Options {error ? `(${error})` : ''}
      </FormLabel>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {options.map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; the position is what is edited
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              label="Label"
              value={option.label}
              onChange={(e) =>
                setOptions(
                  options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)),
                  `option-label-${i}`,
                )
              }
              slotProps={{ htmlInput: { 'data-testid': `option-label-${i}` } }}
            />
            <TextField
              size="small"
              label="Value"
              value={option.value}
              onChange={(e) =>
                setOptions(
                  options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)),
                  `option-value-${i}`,
                )
              }
              slotProps={{ htmlInput: { 'data-testid': `option-value-${i}`, spellCheck: false } }}
            />
            <IconButton
              size="small"
              aria-label={`Remove option ${option.label}`}
              onClick={() => setOptions(options.filter((_, j) => j !== i))}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button
        size="small"
        startIcon={<Add />}
        sx={{ mt: 1 }}
        data-testid="add-option"
        onClick={() => {
          const values = new Set(options.map((o) => o.value));
          let n = options.length + 1;
          while (values.has(`option_${n}`)) n++;
          setOptions([...options, { value: `option_${n}`, label: `Option ${n}` }]);
        }}
      >
        Add option
      </Button>
    </Box>
  );
}
