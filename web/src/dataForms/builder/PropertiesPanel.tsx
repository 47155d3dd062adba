import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { type FormField, isValueField, type ValueField } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';
import { keyFromLabel } from './builderState';

type Change = (field: FormField, coalesce?: string) => void;
type Equals = (string | number | boolean)[];

/** Drops properties set to undefined, so the saved JSON holds only what was set. */
function set<F extends FormField>(field: F, patch: Partial<Record<string, unknown>>): F {
  const next: Record<string, unknown> = { ...field, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as F;
}

/**
 * A pass/fail field marked (or no longer marked) as a result field (DECISIONS 9): a Fail in it
 * fails its checklist item. Unmarked, the property is left out of the saved JSON.
 */
export function withResult<F extends Extract<FormField, { kind: 'passfail' }>>(field: F, result: boolean): F {
  return set(field, { result: result || undefined });
}

const numberOrUndefined = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

/** The selected field's properties: label, key, required, help, default, options, range, unit, condition. */
export function PropertiesPanel({
  field,
  fields,
  errors,
  keyFollowsLabel,
  onChange,
}: {
  field: FormField | null;
  /** A field added in this session: its key is made from its label until the key is edited. */
  keyFollowsLabel: boolean;
  fields: readonly FormField[];
  /** Problems of this field by property ('label', 'key', 'options'...). */
  errors: ReadonlyMap<string, string>;
  onChange: Change;
}) {
  if (!field)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="properties-empty">
        {DATA_FORM_EDITOR.noSelection}
      </Typography>
    );
  const err = (property: string) => ({ error: errors.has(property), helperText: errors.get(property) });
  const labelChanged = (label: string) => {
    // The key follows the label while it is still the one made from the label.
    if (keyFollowsLabel && isValueField(field) && field.key === keyFromLabel(field.label, fields, field.id))
      onChange(set(field, { label, key: keyFromLabel(label, fields, field.id) }), 'label');
    else onChange(set(field, { label }), 'label');
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }} data-testid="properties" key={field.id}>
      <Typography variant="subtitle2" color="text.secondary">
        {FIELD_KIND_LABELS[field.kind]}
      </Typography>
      <TextField
        label={field.kind === 'help' ? 'Text' : 'Label'}
        value={field.label}
        onChange={(e) => labelChanged(e.target.value)}
        multiline={field.kind === 'help'}
        minRows={field.kind === 'help' ? 3 : undefined}
        required
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'prop-label' } }}
        {...err('label')}
      />
      {isValueField(field) && (
        <>
          <TextField
            label="Key"
            value={field.key}
            onChange={(e) => onChange(set(field, { key: e.target.value }), 'key')}
            required
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'prop-key', spellCheck: false } }}
            {...err('key')}
            helperText={errors.get('key') ?? 'What filled-in data is stored under'}
          />
          <FormControlLabel
            control={
              <Switch
                checked={field.required ?? false}
                onChange={(e) => onChange(set(field, { required: e.target.checked || undefined }))}
                slotProps={{ input: { 'data-testid': 'prop-required' } as object }}
              />
            }
            label="Required"
          />
          {field.kind === 'passfail' && (
            <FormControlLabel
              sx={{ mt: -1.5, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
              control={
                <Checkbox
                  size="small"
                  checked={field.result ?? false}
                  onChange={(e) => onChange(withResult(field, e.target.checked))}
                  slotProps={{ input: { 'data-testid': 'prop-result' } as object }}
                />
              }
              label={<Typography variant="body2">{DATA_FORM_EDITOR.resultField}</Typography>}
            />
          )}
        </>
      )}
      {field.kind !== 'help' && (
        <TextField
          label="Help"
          value={field.help ?? ''}
          onChange={(e) => onChange(set(field, { help: e.target.value || undefined }), 'help')}
          size="small"
          multiline
          maxRows={4}
          slotProps={{ htmlInput: { 'data-testid': 'prop-help' } }}
          {...err('help')}
        />
      )}
      {field.kind === 'select' || field.kind === 'multiselect' ? (
        <OptionsEditor field={field} onChange={onChange} error={errors.get('options')} />
      ) : null}
      {isValueField(field) && <DefaultInput field={field} onChange={onChange} error={errors.get('default')} />}
      {field.kind === 'number' && (
        <>
          <Row>
            <NumberInput
              label="Min"
              value={field.min}
              onChange={(min) => onChange(set(field, { min }), 'min')}
              error={errors.get('min')}
              testId="prop-min"
            />
            <NumberInput
              label="Max"
              value={field.max}
              onChange={(max) => onChange(set(field, { max }), 'max')}
              error={errors.get('max')}
              testId="prop-max"
            />
          </Row>
          <Row>
            <TextField
              label="Unit"
              value={field.unit ?? ''}
              onChange={(e) => onChange(set(field, { unit: e.target.value || undefined }), 'unit')}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'prop-unit' } }}
              {...err('unit')}
            />
            <NumberInput
              label="Decimals"
              value={field.decimals}
              onChange={(decimals) => onChange(set(field, { decimals }), 'decimals')}
              error={errors.get('decimals')}
              testId="prop-decimals"
            />
          </Row>
        </>
      )}
      {(field.kind === 'text' || field.kind === 'textarea') && (
        <NumberInput
          label="Max length"
          value={field.maxLength}
          onChange={(maxLength) => onChange(set(field, { maxLength }), 'maxLength')}
          error={errors.get('maxLength')}
          testId="prop-maxlength"
        />
      )}
      {(field.kind === 'photo' || field.kind === 'file') && (
        <NumberInput
          label="Max files"
          value={field.maxFiles}
          onChange={(maxFiles) => onChange(set(field, { maxFiles }), 'maxFiles')}
          error={errors.get('maxFiles')}
          testId="prop-maxfiles"
        />
      )}
      <VisibleWhenEditor field={field} fields={fields} onChange={onChange} error={errors.get('visibleWhen')} />
    </Box>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>{children}</Box>;
}

function NumberInput({
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

function OptionsEditor({
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

const NONE = '__none__';

function DefaultInput({ field, onChange, error }: { field: ValueField; onChange: Change; error?: string }) {
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

const CHOICES_OF = {
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

function ValueChecks({
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

/** "Visible when": another, earlier field holds one of some values. */
function VisibleWhenEditor({
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
