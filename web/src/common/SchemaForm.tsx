import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo } from 'react';
import { Form } from 'react-admin';
import { type FieldValues, type Resolver, useFormState } from 'react-hook-form';
import type { z } from 'zod';
import { SHELL } from '@portal/contracts';
import { FormSaveButton } from './FormSaveButton';
import { PanelFooter } from './PanelFooter';

/**
 * A side panel's form validated by the same zod schema the server validates the request with
 * (contracts/src/<area>/schemas.ts): a rule is written once. The messages show under the
 * fields as the user types; Save stays disabled while the schema refuses the values, and a
 * server 400/409 naming a field (returned by `onSubmit`) shows under that field too.
 */
export function SchemaForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  record,
  onSubmit,
  onCancel,
  finishing,
  saveTestId,
  requireChanges = false,
  children,
}: {
  schema: S;
  record: z.input<S>;
  /** Gets the schema's output (trimmed texts...); answers field errors of a refused save. */
  onSubmit(values: z.output<S>): Promise<Record<string, string> | undefined>;
  onCancel(): void;
  finishing: boolean;
  saveTestId: string;
  /** Save only once something changed (a form on a page, which stays open after saving; a sequence's one number). */
  requireChanges?: boolean;
  children: ReactNode;
}) {
  const resolver = useMemo(() => zodResolver(schema) as unknown as Resolver<FieldValues>, [schema]);
  return (
    <Form
      record={record as FieldValues}
      onSubmit={(values: FieldValues) => onSubmit(values as z.output<S>)}
      resolver={resolver}
      mode="onChange"
      sanitizeEmptyValues={false}
    >
      {children}
      <PanelFooter>
        <Button onClick={onCancel}>{SHELL.cancel}</Button>
        <SchemaSaveButton finishing={finishing} testId={saveTestId} requireChanges={requireChanges} />
      </PanelFooter>
    </Form>
  );
}

function SchemaSaveButton({ finishing, testId, requireChanges }: { finishing: boolean; testId: string; requireChanges: boolean }) {
  const { isValid, isDirty, isSubmitting } = useFormState();
  // Disabled while a save is under way, so a second click does not send it twice.
  return <FormSaveButton ok={isValid && !finishing && !isSubmitting && (isDirty || !requireChanges)} testId={testId} />;
}
