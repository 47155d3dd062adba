import { useMemo, useState } from 'react';
import { defaultFormValues, type FieldProblem, type FormDefinition, type FormValues, validateFormValues } from '@portal/contracts';

/** Today as YYYY-MM-DD in the user's time zone (the 'today' default of date fields). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface FormFilling {
  values: FormValues;
  setValues(values: FormValues): void;
  /** Every problem of the values, as the server will find them (validateFormValues). */
  problems: FieldProblem[];
  isValid: boolean;
}

/**
 * The state of one form being filled in: values that start from `initial` or the definition's
 * defaults, and their problems. Pair it with `<FormRenderer values onChange={setValues}>`.
 */
export function useFormFilling(definition: FormDefinition, initial?: FormValues): FormFilling {
  const [values, setValues] = useState<FormValues>(() => initial ?? defaultFormValues(definition, localToday()));
  const problems = useMemo(() => validateFormValues(definition, values), [definition, values]);
  return { values, setValues, problems, isValid: problems.length === 0 };
}
