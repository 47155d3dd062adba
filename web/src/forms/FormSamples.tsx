import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type JSX, useCallback, useRef } from 'react';
import { defaultFormValues, FORM_SAMPLES_TEXT, type FormDefinition, type FormValues } from '@portal/contracts';
import { FormRenderer } from './FormRenderer';
import type { Uploader } from './UploadField';
import { localToday } from './useFormFilling';

let nextKey = 1;

export interface FormSamplesProps {
  definition: FormDefinition;
  /** The form's Multiple Forms Min and Max. */
  samplesMin: number;
  samplesMax: number;
  samples: FormValues[];
  /** Absent, or readOnly: display only. */
  onChange?: (samples: FormValues[]) => void;
  readOnly?: boolean;
  showErrors?: boolean;
  upload?: Uploader;
}

/**
 * A form filled in several times (form type MULTIPLE, e.g. one load test per load case): one
 * renderer per sample, Add sample up to Max, remove down to Min. Check with validateSamples.
 */
export function FormSamples({
  definition,
  samplesMin,
  samplesMax,
  samples,
  onChange,
  readOnly,
  showErrors,
  upload,
}: FormSamplesProps): JSX.Element {
  const editable = Boolean(onChange) && !readOnly;
  const setSample = useCallback(
    (index: number, values: FormValues) => onChange?.(samples.map((sample, i) => (i === index ? values : sample))),
    [onChange, samples],
  );
  const tooFew = samples.length < samplesMin;
  // Samples have no id of their own: keys kept beside them, so that removing one keeps the
  // others' input state (touched fields, typed numbers) with the right sample.
  const ids = useRef<number[]>([]);
  while (ids.current.length < samples.length) ids.current.push(nextKey++);
  ids.current.length = samples.length;
  const keys = ids.current;
  return (
    <Box data-testid="form-samples" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {samples.map((values, index) => (
        <Paper
          key={keys[index]}
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 } }}
          data-testid={`sample-${index + 1}`}
          component="section"
          aria-label={FORM_SAMPLES_TEXT.sample(index + 1)}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
            <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
              {FORM_SAMPLES_TEXT.sample(index + 1)}
            </Typography>
            {editable && samples.length > samplesMin && (
              <IconButton
                aria-label={FORM_SAMPLES_TEXT.removeSample(index + 1)}
                onClick={() => {
                  ids.current.splice(index, 1);
                  onChange?.(samples.filter((_, i) => i !== index));
                }}
                data-testid={`sample-${index + 1}-remove`}
              >
                <DeleteOutline />
              </IconButton>
            )}
          </Box>
          <FormRenderer
            definition={definition}
            values={values}
            onChange={editable ? (next) => setSample(index, next) : undefined}
            readOnly={readOnly}
            showErrors={showErrors}
            upload={upload}
          />
        </Paper>
      ))}
      {showErrors && tooFew && <Alert severity="error">{FORM_SAMPLES_TEXT.tooFew(samplesMin)}</Alert>}
      {editable && samples.length < samplesMax && (
        <Box>
          <Button
            startIcon={<Add />}
            variant="outlined"
            onClick={() => onChange?.([...samples, defaultFormValues(definition, localToday())])}
            data-testid="sample-add"
          >
            {FORM_SAMPLES_TEXT.addSample}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The samples a new filling of a MULTIPLE form starts with: Min of them, each with the defaults. */
export const initialSamples = (definition: FormDefinition, samplesMin: number): FormValues[] =>
  Array.from({ length: Math.max(1, samplesMin) }, () => defaultFormValues(definition, localToday()));
