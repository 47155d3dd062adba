import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { Form, maxLength, required, TextInput } from 'react-admin';
import { FormSaveButton } from '../common/FormSaveButton';
import { useWatch } from 'react-hook-form';
import { DIVISIONS, type DivisionRow, SHELL } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { errorText, fieldErrors } from '../common/adminFlow';
import { PanelFooter } from '../common/PanelFooter';
import { saveDivision } from './api';

interface DivisionFormValues {
  name: string;
  acronymCode: string;
}

/**
 * Add/edit division (administration document 2, "Division screen"): Name (required) and Code.
 * The fields the panel does not show (description, attribute form, a display name of its own)
 * are sent back as they are, because the save replaces them.
 */
export function DivisionPanel({
  open,
  record: division,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The division to edit, or null to add one. */
  record: DivisionRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const record = useMemo<DivisionFormValues>(() => ({ name: division?.name ?? '', acronymCode: division?.acronymCode ?? '' }), [division]);

  const submit = async (values: Record<string, unknown>) => {
    const { name, acronymCode } = values as unknown as DivisionFormValues;
    try {
      await saveDivision({
        ...(division
          ? {
              id: division.id,
              description: division.description,
              attributeForm: division.attributeForm,
              // A display name that merely followed the old name follows the new one (server default).
              ...(division.displayName && division.displayName !== division.name ? { displayName: division.displayName } : {}),
            }
          : {}),
        name,
        acronymCode,
      });
      alert.success(DIVISIONS.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, DIVISIONS.saveError));
      return fieldErrors(error);
    }
  };

  return (
    <SidePanel open={open} title={division ? `Edit Division: ${division.name}` : 'Add Division'} onClose={onClose} width={440}>
      <Form record={record} onSubmit={submit} mode="onChange" sanitizeEmptyValues={false} key={division?.id ?? 'new'}>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <TextInput source="name" label="Name" validate={[required(), maxLength(200)]} autoFocus />
          <TextInput
            source="acronymCode"
            label="Code"
            validate={maxLength(20)}
            helperText="A short code, e.g. LFT; used in certificate numbers"
          />
        </Box>
        <PanelButtons onCancel={onClose} finishing={finishing} />
      </Form>
    </SidePanel>
  );
}

function PanelButtons({ onCancel, finishing }: { onCancel(): void; finishing: boolean }) {
  const name = useWatch({ name: 'name' }) as string | undefined;
  const ok = Boolean(name?.trim()) && !finishing;
  return (
    <PanelFooter>
      <Button onClick={onCancel}>{SHELL.cancel}</Button>
      <FormSaveButton ok={ok} testId="division-save" />
    </PanelFooter>
  );
}
