import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useId, useState } from 'react';
import { DATA_FORM_TEXT, type ValueField } from '@portal/contracts';
import { numberText, parseNumberText, rangeHint } from './formLogic';

/** What every input of the renderer gets. */
export interface InputProps<F extends ValueField = ValueField> {
  field: F;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  /** The problem to show now (after a change or a save attempt), if any. */
  error?: string;
}

type Of<K extends ValueField['kind']> = Extract<ValueField, { kind: K }>;

const helper = (error: string | undefined, ...hints: (string | undefined)[]) => error ?? (hints.filter(Boolean).join(' · ') || undefined);

export function TextInput({ field, value, onChange, onBlur, error }: InputProps<Of<'text' | 'textarea'>>) {
  const long = field.kind === 'textarea';
  return (
    <TextField
      fullWidth
      label={field.label}
      required={field.required}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      multiline={long}
      minRows={long ? 3 : undefined}
      error={Boolean(error)}
      helperText={helper(error, field.help)}
      slotProps={{ htmlInput: { maxLength: field.maxLength } }}
    />
  );
}

export function NumberInput({ field, value, onChange, onBlur, error }: InputProps<Of<'number'>>) {
  // The text as typed ("1." or "-"), kept while it means the stored value.
  const [text, setText] = useState(() => numberText(value));
  useEffect(() => {
    setText((current) =>
      parseNumberText(current) === value || (value === undefined && current.trim() === '') ? current : numberText(value),
    );
  }, [value]);
  return (
    <TextField
      fullWidth
      label={field.label}
      required={field.required}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseNumberText(e.target.value));
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={helper(error, field.help, rangeHint(field))}
      slotProps={{
        htmlInput: { inputMode: field.decimals === 0 ? 'numeric' : 'decimal' },
        input: field.unit ? { endAdornment: <InputAdornment position="end">{field.unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

export function DateTimeInput({ field, value, onChange, onBlur, error }: InputProps<Of<'date' | 'time'>>) {
  return (
    <TextField
      fullWidth
      type={field.kind}
      label={field.label}
      required={field.required}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={helper(error, field.help)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

export function SelectInput({ field, value, onChange, onBlur, error }: InputProps<Of<'select'>>) {
  return (
    <TextField
      select
      fullWidth
      label={field.label}
      required={field.required}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={helper(error, field.help)}
    >
      <MenuItem value="">
        <em>—</em>
      </MenuItem>
      {field.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function MultiSelectInput({ field, value, onChange, onBlur, error }: InputProps<Of<'multiselect'>>) {
  const picked = Array.isArray(value) ? value : [];
  return (
    <FormControl component="fieldset" required={field.required} error={Boolean(error)} onBlur={onBlur} fullWidth>
      <FormLabel component="legend">{field.label}</FormLabel>
      <FormGroup row>
        {field.options.map((option) => (
          <FormControlLabel
            key={option.value}
            sx={{ minWidth: 160 }}
            control={
              <Checkbox
                checked={picked.includes(option.value)}
                onChange={(e) =>
                  onChange(field.options.map((o) => o.value).filter((v) => (v === option.value ? e.target.checked : picked.includes(v))))
                }
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
      {helper(error, field.help) && <FormHelperText>{helper(error, field.help)}</FormHelperText>}
    </FormControl>
  );
}

const CHOICES = {
  yesno: [
    { value: true, label: DATA_FORM_TEXT.yes, color: 'primary' },
    { value: false, label: DATA_FORM_TEXT.no, color: 'primary' },
  ],
  passfail: [
    { value: 'pass', label: DATA_FORM_TEXT.pass, color: 'success' },
    { value: 'fail', label: DATA_FORM_TEXT.fail, color: 'error' },
    { value: 'na', label: DATA_FORM_TEXT.na, color: 'standard' },
  ],
} as const;

/** Yes/no and pass/fail/not applicable: big buttons, easy to hit on a tablet; a second tap clears. */
export function ChoiceButtons({ field, value, onChange, onBlur, error }: InputProps<Of<'yesno' | 'passfail'>>) {
  const labelId = useId();
  const hint = helper(error, field.help);
  return (
    <FormControl component="fieldset" required={field.required} error={Boolean(error)} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {field.label}
      </FormLabel>
      <Box>
        <ToggleButtonGroup
          exclusive
          aria-labelledby={labelId}
          value={value ?? null}
          onChange={(_, next) => {
            onChange(next === null ? undefined : next);
            onBlur();
          }}
          size="medium"
          // Across the whole width on a phone: big targets for a thumb.
          sx={{ display: { xs: 'flex', sm: 'inline-flex' } }}
        >
          {CHOICES[field.kind].map((choice) => (
            <ToggleButton
              key={String(choice.value)}
              value={choice.value}
              color={choice.color}
              sx={{ minWidth: 76, px: 2, fontWeight: 600, flex: { xs: 1, sm: 'none' } }}
              data-testid={`field-${field.key}-${String(choice.value)}`}
            >
              {choice.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {hint && <FormHelperText>{hint}</FormHelperText>}
    </FormControl>
  );
}
