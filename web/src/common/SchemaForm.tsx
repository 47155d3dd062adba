import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { Form } from 'react-admin';
import { type FieldValues, type Resolver, useFormState, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { SHELL } from '@portal/contracts';
import { FormSaveButton } from './FormSaveButton';
import { PanelFooter } from './PanelFooter';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/** The schema of the surrounding SchemaFormFrame, for a Save that waits for part of it only. */
const SchemaContext = createContext<AnySchema | null>(null);

interface FrameProps<S extends AnySchema> {
  schema: S;
  record: z.input<S>;
  /** Gets the schema's output (trimmed texts...); answers field errors of a refused save. */
  onSubmit(values: z.output<S>): Promise<Record<string, string> | undefined>;
  className?: string;
  children: ReactNode;
}

/**
 * A form validated by the same zod schema the server validates the request with
 * (contracts/src/<area>/schemas.ts): a rule is written once. The messages show under the
 * fields as the user types, and a server 400/409 naming a field (returned by `onSubmit`) shows
 * under that field too. The frame alone, for a form with its own layout (a dialog's actions):
 * place `SchemaSaveButton`s in it, and read `useSchemaValid()` for what depends on Save.
 */
export function SchemaFormFrame<S extends AnySchema>({ schema, record, onSubmit, className, children }: FrameProps<S>) {
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver<FieldValues>, [schema]);
  return (
    <SchemaContext.Provider value={schema}>
      <Form
        record={record as FieldValues}
        onSubmit={(values: FieldValues) => onSubmit(values as z.output<S>)}
        resolver={resolver}
        mode="onChange"
        sanitizeEmptyValues={false}
        className={className}
        // The schema is the rule: no browser check of `required` or `min` inputs before it, and no
        // "form is not valid" alert (a lenient Save's click shows the messages under the fields).
        noValidate
        disableInvalidFormNotification
      >
        {children}
      </Form>
    </SchemaContext.Provider>
  );
}

/**
 * A side panel's form on the schema (SchemaFormFrame) ending in Cancel and Save. Save stays
 * disabled while the schema refuses the values (but for `lenientSave` fields).
 */
export function SchemaForm<S extends AnySchema>({
  onCancel,
  finishing,
  saveTestId,
  requireChanges = false,
  lenientSave,
  children,
  ...frame
}: Omit<FrameProps<S>, 'className'> & {
  onCancel(): void;
  finishing: boolean;
  saveTestId: string;
  /** Save only once something changed (a form on a page, which stays open after saving; a sequence's one number). */
  requireChanges?: boolean;
  /** See SchemaSaveButton's `lenient`. */
  lenientSave?: readonly string[];
}) {
  return (
    <SchemaFormFrame {...frame}>
      {children}
      <PanelFooter>
        <Button onClick={onCancel}>{SHELL.cancel}</Button>
        <SchemaSaveButton finishing={finishing} testId={saveTestId} requireChanges={requireChanges} lenient={lenientSave} />
      </PanelFooter>
    </SchemaFormFrame>
  );
}

const NONE: readonly string[] = [];

/**
 * Whether the schema takes the form's values. With `lenient` fields, whether it refuses
 * nothing else (their own messages still stop a click: handleSubmit validates everything).
 */
export function useSchemaValid(lenient: readonly string[] = NONE): boolean {
  const { isValid } = useFormState();
  const schema = useContext(SchemaContext);
  const values = useWatch();
  const lenientValid = useMemo(() => {
    if (lenient.length === 0 || !schema) return false;
    const issues = schema.safeParse(values).error?.issues ?? [];
    return issues.every((issue) => lenient.includes(String(issue.path[0])));
  }, [schema, values, lenient]);
  return isValid || lenientValid;
}

/**
 * A Save of a SchemaFormFrame (a form may have more than one: the task type panel's top and
 * bottom). `lenient` names fields it does not wait for: enabled while only they are refused,
 * as the task type panel's bottom Save and the validity (administration document 5).
 */
export function SchemaSaveButton({
  finishing,
  testId,
  requireChanges = false,
  lenient = NONE,
}: {
  finishing: boolean;
  testId: string;
  requireChanges?: boolean;
  lenient?: readonly string[];
}) {
  const valid = useSchemaValid(lenient);
  const { isDirty, isSubmitting } = useFormState();
  // Disabled while a save is under way, so a second click does not send it twice.
  return <FormSaveButton ok={valid && !finishing && !isSubmitting && (isDirty || !requireChanges)} testId={testId} ignoring={lenient} />;
}
