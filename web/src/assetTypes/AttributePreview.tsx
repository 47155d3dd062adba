import { useMemo } from 'react';
import { defaultFormValues, type FormDefinition } from '@portal/contracts';
import { FormRenderer } from '../forms/FormRenderer';

/** The attribute form's fields as an asset of this type will show them, read-only, with their defaults. */
export function AttributePreview({ definition }: { definition: FormDefinition }) {
  const values = useMemo(() => defaultFormValues(definition, new Date().toISOString().slice(0, 10)), [definition]);
  return <FormRenderer definition={definition} values={values} readOnly />;
}
