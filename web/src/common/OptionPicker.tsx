import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';

/** One choice of a picker: what is saved (`id`) and what is read (`name`). */
export interface PickerOption<V extends number | string = number | string> {
  id: V;
  name: string;
  disabled?: boolean;
}

/** Lists longer than this get a search box (issue 20: "one option picker that searches any list longer than 10"). */
export const SEARCH_ABOVE = 10;

export interface OptionPickerProps<V extends number | string> {
  label: string;
  value: V | null;
  options: readonly PickerOption<V>[];
  onChange(value: V | null): void;
  onBlur?(): void;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** On the input (the select's value holder, or the search box). */
  testId?: string;
  /** On the field around it; `<testId>-field` by default. */
  fieldTestId?: string;
  /** The empty first choice that clears the value; null for a picker that cannot be cleared. */
  emptyLabel?: string | null;
  size?: 'small' | 'medium';
  /** The search box even for a short list (a list that grows, such as users). */
  search?: boolean;
  loading?: boolean;
}

/**
 * The one option picker of the web: a plain select for a short list, a search box over the
 * options for a list longer than ten (clients, sales persons, inspectors...). Either way the
 * field is a combobox named by its label and the choices are options, so a user (or a test)
 * picks the same way. A saved value that is no longer among the options still shows, by its
 * id, rather than as blank.
 */
export function OptionPicker<V extends number | string>(props: OptionPickerProps<V>) {
  const { label, value, options, onChange, onBlur, required, disabled, readOnly, error, helperText, testId, size = 'small' } = props;
  const fieldTestId = props.fieldTestId ?? (testId ? `${testId}-field` : undefined);
  const emptyLabel = props.emptyLabel === undefined ? 'None' : props.emptyLabel;
  // A label the screen chose for "nothing picked" ('All clients', 'All Roles'...) is shown in the
  // empty field, as a filter's current choice; the default 'None' only among the options.
  const showEmpty = typeof props.emptyLabel === 'string' && (value === null || value === '');
  const known = value === null || value === '' || options.some((o) => o.id === value);
  const unknown: PickerOption<V> | null = known || value === null ? null : { id: value, name: `#${value}` };

  if (props.search || options.length > SEARCH_ABOVE) {
    const all = unknown ? [unknown, ...options] : options;
    const selected = value === null || value === '' ? null : (all.find((o) => o.id === value) ?? null);
    return (
      <Autocomplete<PickerOption<V>, false, boolean>
        fullWidth
        size={size}
        options={all}
        value={selected}
        disabled={disabled}
        readOnly={readOnly}
        loading={props.loading}
        disableClearable={emptyLabel === null}
        getOptionLabel={(o) => o.name}
        getOptionDisabled={(o) => !!o.disabled}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, next) => onChange(next ? next.id : null)}
        onBlur={onBlur}
        renderOption={({ key, ...rest }, o) => (
          <li key={`${key}-${o.id}`} {...rest}>
            {o.name}
          </li>
        )}
        slotProps={{ listbox: { sx: { maxHeight: 360 } } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={required}
            error={error}
            helperText={helperText}
            placeholder={showEmpty ? (emptyLabel ?? undefined) : undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
              ...(showEmpty ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            }}
          />
        )}
        data-testid={fieldTestId}
      />
    );
  }

  return (
    <TextField
      select
      fullWidth
      size={size}
      label={label}
      required={required}
      // Still loading its first choices: a list longer than ten becomes a search box when it
      // arrives, and a select opened before that would vanish unopened; so it waits, disabled.
      disabled={disabled || (props.loading === true && options.length === 0)}
      value={value ?? ''}
      onChange={(e) => {
        const raw = e.target.value as string | number;
        if (raw === '') return onChange(null);
        const picked = options.find((o) => String(o.id) === String(raw));
        onChange(picked ? picked.id : (raw as V));
      }}
      onBlur={onBlur}
      helperText={helperText}
      error={error}
      slotProps={{
        htmlInput: { 'data-testid': testId, readOnly },
        select: { displayEmpty: showEmpty, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
        ...(showEmpty ? { inputLabel: { shrink: true } } : {}),
      }}
      data-testid={fieldTestId}
    >
      {emptyLabel !== null && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {unknown && <MenuItem value={unknown.id}>{unknown.name}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} disabled={o.disabled}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The picker inside a react-admin form (a SchemaForm or a `Form` panel), bound to `source`:
 * react-admin's SelectInput, searching above ten choices. Choices are `{ id, name }`.
 */
export function PickerInput<V extends number | string>({
  source,
  label,
  choices,
  validate,
  required,
  disabled,
  readOnly,
  testId,
  emptyLabel,
  helperText,
  loading,
}: {
  source: string;
  label: string;
  choices: readonly PickerOption<V>[];
  validate?: Validator | Validator[];
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  testId?: string;
  emptyLabel?: string | null;
  helperText?: ReactNode;
  loading?: boolean;
}) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const message = fieldState.invalid && fieldState.isTouched ? fieldState.error?.message : undefined;
  return (
    <OptionPicker<V>
      label={label}
      value={(field.value ?? null) as V | null}
      options={choices}
      onChange={(next) => field.onChange(next)}
      onBlur={field.onBlur}
      required={required ?? isRequired}
      disabled={disabled}
      readOnly={readOnly}
      error={!!message}
      helperText={message || helperText ? <InputHelperText error={message} helperText={helperText} /> : undefined}
      testId={testId}
      emptyLabel={emptyLabel}
      loading={loading}
      size="small"
    />
  );
}
