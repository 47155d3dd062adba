import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { TextInput } from 'react-admin';
import { DIVISIONS, type DivisionRow, DivisionSaveBody } from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { saveDivision } from './api';

/** The panel's fields, validated by the server's own schema of the save. */
const FormSchema = DivisionSaveBody.pick({ name: true, acronymCode: true });

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
  const record = useMemo(() => ({ name: division?.name ?? '', acronymCode: division?.acronymCode ?? '' }), [division]);

  const submit = async ({ name, acronymCode }: { name: string; acronymCode?: string | null }) => {
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
      <SchemaForm
        schema={FormSchema}
        record={record}
        onSubmit={submit}
        onCancel={onClose}
        finishing={finishing}
        saveTestId="division-save"
        key={division?.id ?? 'new'}
      >
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <TextInput source="name" label="Name" autoFocus />
          <TextInput
            source="acronymCode"
            label="Code"
            helperText="A short code, e.g. LFT; used in certificate numbers; empty: from the name"
          />
        </Box>
      </SchemaForm>
    </SidePanel>
  );
}
