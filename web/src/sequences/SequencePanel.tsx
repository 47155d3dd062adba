import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form, NumberInput, TextInput } from 'react-admin';
import { FormSaveButton } from '../common/FormSaveButton';
import { useFormState, useWatch } from 'react-hook-form';
import { SEQUENCES, type SequenceRow, SHELL } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { errorText, fieldErrors } from '../common/adminFlow';
import { PanelFooter } from '../common/PanelFooter';
import { saveSequence } from './api';
import { currentNumberError } from './sequenceForm';

/**
 * Edit panel 'Sequence: {name}' (administration document 2): Office Name, Division and
 * Sequence Name read only, Current Number editable but never below its value. A 400 (lower
 * than stored) or 409 (a job took a number meanwhile) shows the server's text.
 */
export function SequencePanel({
  sequence,
  finishing,
  onClose,
  onSaved,
}: {
  sequence: SequenceRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const record = useMemo(
    () =>
      sequence && {
        id: sequence.id,
        officeName: sequence.officeName,
        divisionName: sequence.divisionName ?? '',
        sequenceName: sequence.sequenceName,
        sequenceNumber: sequence.sequenceNumber,
      },
    [sequence],
  );

  const submit = async (values: Record<string, unknown>) => {
    if (!sequence) return undefined;
    try {
      await saveSequence({ id: sequence.id, sequenceNumber: values.sequenceNumber as number });
      // The spec hides this success after 1000 ms.
      alert.success(SEQUENCES.saved, 1000);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, SHELL.genericError));
      return fieldErrors(error);
    }
  };

  return (
    <SidePanel open={sequence !== null} title={sequence ? SEQUENCES.title(sequence.sequenceName) : ''} onClose={onClose} width={440}>
      {sequence && record && (
        <Form record={record} onSubmit={submit} mode="onChange" sanitizeEmptyValues={false} key={sequence.id}>
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <TextInput source="officeName" label="Office Name" readOnly helperText={false} />
            <TextInput source="divisionName" label="Division" readOnly helperText={false} placeholder="None" />
            <TextInput source="sequenceName" label="Sequence Name" readOnly helperText={false} />
            <NumberInput
              source="sequenceNumber"
              label="Current Number"
              min={sequence.sequenceNumber}
              step={1}
              validate={(value: unknown) => currentNumberError(value, sequence.sequenceNumber)}
              helperText={`The last number given (now ${sequence.sequenceNumber}). It can only go up.`}
              autoFocus
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The next job or certificate of this sequence gets the Current Number + 1. Raise it to continue after numbers issued outside the
            portal.
          </Typography>
          <PanelButtons onCancel={onClose} current={sequence.sequenceNumber} finishing={finishing} />
        </Form>
      )}
    </SidePanel>
  );
}

function PanelButtons({ onCancel, current, finishing }: { onCancel(): void; current: number; finishing: boolean }) {
  const value = useWatch({ name: 'sequenceNumber' }) as unknown;
  const { isSubmitting } = useFormState();
  // Nothing to save while the number is unchanged or not valid.
  const ok = !currentNumberError(value, current) && Number(value) !== current && !finishing && !isSubmitting;
  return (
    <PanelFooter>
      <Button onClick={onCancel}>{SHELL.cancel}</Button>
      <FormSaveButton ok={ok} testId="sequence-save" />
    </PanelFooter>
  );
}
