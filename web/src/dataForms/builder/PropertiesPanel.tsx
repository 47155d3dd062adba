import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormField, isValueField } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';
import { keyFromLabel } from './builderState';
import { DefaultInput } from './DefaultInput';
import { type Change, NumberInput, OptionsEditor, Row, set } from './propertyInputs';
import { VisibleWhenEditor } from './VisibleWhenEditor';

/**
 * A pass/fail field marked (or no longer marked) as a result field (DECISIONS 9): a Fail in it
 * fails its checklist item. Unmarked, the property is left out of the saved JSON.
 */
export function withResult<F extends Extract<FormField, { kind: 'passfail' }>>(field: F, result: boolean): F {
  return set(field, { result: result || undefined });
}

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
