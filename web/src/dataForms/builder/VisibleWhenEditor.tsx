import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type FormField, isValueField, type ValueField } from '@portal/contracts/dataForms/definition';
import { CHOICES_OF, NONE, ValueChecks } from './DefaultInput';
import { type Change, type Equals, set } from './propertyInputs';

/** "Visible when": another, earlier field holds one of some values. */
export function VisibleWhenEditor({
  field,
  fields,
  onChange,
  error,
}: {
  field: FormField;
  fields: readonly FormField[];
  onChange: Change;
  error?: string;
}) {
  const index = fields.findIndex((f) => f.id === field.id);
  const sources = fields.slice(0, index).filter(isValueField);
  const condition = field.visibleWhen;
  const source = condition ? sources.find((f) => f.key === condition.key) : undefined;
  const setCondition = (key: string | null, equals: Equals = []) =>
    onChange(set(field, { visibleWhen: key === null ? undefined : { key, equals } }), key === null ? undefined : 'visibleWhen');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <TextField
        select
        size="small"
        label="Visible when"
        value={condition?.key ?? NONE}
        onChange={(e) => setCondition(e.target.value === NONE ? null : e.target.value)}
        error={Boolean(error) && !source}
        helperText={
          !condition ? 'Always shown' : !source ? (error ?? 'Pick a field above this one') : `${source.label} has one of these values`
        }
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'prop-visible-key' } as object } }}
        disabled={sources.length === 0 && !condition}
      >
        <MenuItem value={NONE}>Always</MenuItem>
        {condition && !source && <MenuItem value={condition.key}>{condition.key}</MenuItem>}
        {sources.map((f) => (
          <MenuItem key={f.id} value={f.key}>
            {f.label} ({f.key})
          </MenuItem>
        ))}
      </TextField>
      {condition && source && (
        <ConditionValues source={source} equals={condition.equals} onChange={(equals) => setCondition(source.key, equals)} error={error} />
      )}
    </Box>
  );
}

function ConditionValues({
  source,
  equals,
  onChange,
  error,
}: {
  source: ValueField;
  equals: Equals;
  onChange(v: Equals): void;
  error?: string;
}) {
  if (source.kind === 'select' || source.kind === 'multiselect')
    return <ValueChecks label="Values" choices={source.options} value={equals} onChange={onChange} error={error} />;
  if (source.kind === 'yesno' || source.kind === 'passfail')
    return <ValueChecks label="Values" choices={CHOICES_OF[source.kind]} value={equals} onChange={onChange} error={error} />;
  return <CommaValues numeric={source.kind === 'number'} equals={equals} onChange={onChange} error={error} />;
}

/** Free values as text; the text is kept as typed so that "a, " can go on to "a, b". */
function CommaValues({
  numeric,
  equals,
  onChange,
  error,
}: {
  numeric: boolean;
  equals: Equals;
  onChange(v: Equals): void;
  error?: string;
}) {
  const [text, setText] = useState(() => equals.join(', '));
  return (
    <TextField
      size="small"
      label="Values (comma separated)"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const parts = e.target.value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        onChange(numeric ? parts.map(Number).filter(Number.isFinite) : parts);
      }}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': 'prop-visible-values' } }}
    />
  );
}
