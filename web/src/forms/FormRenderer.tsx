import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type JSX, memo, useCallback, useMemo, useRef, useState } from 'react';
import {
  DATA_FORM_TEXT,
  type FormDefinition,
  type FormField,
  type FormValues,
  isValueField,
  type ValueField,
  fieldValue,
} from '@portal/contracts';
import { ChoiceButtons, DateTimeInput, type InputProps, MultiSelectInput, NumberInput, SelectInput, TextInput } from './FieldInputs';
import { fieldTestId, isShortField, problemsByKey, shownFields, withValue } from './formLogic';
import { ReadOnlyValue } from './ReadOnlyValue';
import { SignatureField } from './SignaturePad';
import { type Uploader, UploadField } from './UploadField';
import { uploadFormFile } from './upload';

export interface FormRendererProps {
  definition: FormDefinition;
  /** Controlled values by field key. */
  values: FormValues;
  /** Absent, or readOnly: display only. */
  onChange?: (values: FormValues) => void;
  readOnly?: boolean;
  /** Show every problem (after a Save attempt); otherwise a field shows its problem once touched. */
  showErrors?: boolean;
  /** Stores a photo, file or signature; POST /api/Setting/formfile when absent. */
  upload?: Uploader;
}

const defaultUpload: Uploader = (file, onProgress, kind) => uploadFormFile(file, onProgress, kind);

/**
 * The one form renderer (DECISIONS 8): a data form definition rendered for filling in
 * (inspection checklists, asset attributes, LLG records) and for the builder's preview. One
 * column on a phone; short fields two to a row from 600 px. Problems are the contracts'
 * validateFormValues, the server's own check.
 */
export function FormRenderer({
  definition,
  values,
  onChange,
  readOnly,
  showErrors,
  upload = defaultUpload,
}: FormRendererProps): JSX.Element {
  const editable = Boolean(onChange) && !readOnly;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const problems = useMemo(() => problemsByKey(definition, values), [definition, values]);
  const fields = useMemo(() => shownFields(definition, values), [definition, values]);
  // Uploads finish after other changes: they apply to the values of the latest render.
  const latest = useRef(values);
  latest.current = values;

  const change = useCallback((key: string, value: unknown) => onChange?.(withValue(latest.current, key, value)), [onChange]);
  const touch = useCallback((key: string) => setTouched((set) => (set.has(key) ? set : new Set(set).add(key))), []);
  const current = useCallback((key: string) => fieldValue(latest.current, key), []);

  if (definition.fields.length === 0)
    return (
      <Typography color="text.secondary" data-testid="form-empty">
        {DATA_FORM_TEXT.noFields}
      </Typography>
    );

  return (
    <Box
      data-testid="form-renderer"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 2,
        rowGap: editable ? 2.5 : 1.5,
      }}
    >
      {fields.map((field) => (
        <FieldBlock
          key={field.id}
          field={field}
          value={isValueField(field) ? fieldValue(values, field.key) : undefined}
          error={isValueField(field) && (showErrors || touched.has(field.key)) ? problems[field.key] : undefined}
          editable={editable}
          change={change}
          touch={touch}
          upload={upload}
          current={current}
        />
      ))}
    </Box>
  );
}

interface BlockProps {
  field: FormField;
  value: unknown;
  error: string | undefined;
  editable: boolean;
  change(key: string, value: unknown): void;
  touch(key: string): void;
  upload: Uploader;
  current(key: string): unknown;
}

/** One field's block in the grid. Memoised: typing in one field re-renders that field only, however long the form. */
const FieldBlock = memo(function FieldBlock({ field, value, error, editable, change, touch, upload, current }: BlockProps) {
  return (
    <Box data-testid={fieldTestId(field)} sx={{ gridColumn: isShortField(field) ? undefined : '1 / -1', minWidth: 0 }}>
      {isValueField(field) ? (
        editable ? (
          <FieldInput
            field={field}
            value={value}
            onChange={(next) => change(field.key, next)}
            onBlur={() => touch(field.key)}
            error={error}
            upload={upload}
            latest={() => current(field.key)}
          />
        ) : (
          <ReadOnlyValue field={field} value={value} />
        )
      ) : (
        <LayoutField field={field} />
      )}
    </Box>
  );
});

function FieldInput(props: InputProps & { upload: Uploader; latest: () => unknown }) {
  const { field, upload, latest, ...input } = props;
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return <TextInput field={field} {...input} />;
    case 'number':
      return <NumberInput field={field} {...input} />;
    case 'date':
    case 'time':
      return <DateTimeInput field={field} {...input} />;
    case 'select':
      return <SelectInput field={field} {...input} />;
    case 'multiselect':
      return <MultiSelectInput field={field} {...input} />;
    case 'yesno':
    case 'passfail':
      return <ChoiceButtons field={field} {...input} />;
    case 'photo':
    case 'file':
      return <UploadField field={field} {...input} upload={upload} latest={latest} />;
    case 'signature':
      return <SignatureField field={field} {...input} upload={upload} />;
  }
}

function LayoutField({ field }: { field: Exclude<FormField, ValueField> }) {
  if (field.kind === 'heading')
    return (
      <Box sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5, mt: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {field.label}
        </Typography>
        {field.help && (
          <Typography variant="body2" color="text.secondary">
            {field.help}
          </Typography>
        )}
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
      <InfoOutlined fontSize="small" color="info" sx={{ mt: '2px' }} aria-hidden />
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {field.label}
      </Typography>
    </Box>
  );
}
