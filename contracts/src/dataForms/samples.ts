import { type FieldProblem, type FormDefinition, type FormValues, validateFormValues } from './definition';
import { FORM_SAMPLES_TEXT } from './messages';

/** A problem of one sample of a MULTIPLE form (sample is 0-based), or of their count (sample -1). */
export interface SampleProblem extends FieldProblem {
  sample: number;
}

/**
 * Checks the samples of a form filled in several times (form type MULTIPLE): between min and
 * max samples, each one valid against the definition. The renderer and the server use it alike.
 */
export function validateSamples(def: FormDefinition, samples: FormValues[], min: number, max: number): SampleProblem[] {
  const problems: SampleProblem[] = [];
  if (samples.length < min) problems.push({ sample: -1, key: '', message: FORM_SAMPLES_TEXT.tooFew(min) });
  if (samples.length > max) problems.push({ sample: -1, key: '', message: FORM_SAMPLES_TEXT.tooMany(max) });
  samples.forEach((values, sample) => {
    for (const problem of validateFormValues(def, values)) problems.push({ sample, ...problem });
  });
  return problems;
}
