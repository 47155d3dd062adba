import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { NumberInput, TextInput } from 'react-admin';
import { SEQUENCES, SequenceNumberFrom, type SequenceRow, SHELL } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { saveSequence } from './api';

/**
 * Edit panel 'Sequence: {name}' (administration document 2): Office Name, Division and
 * Sequence Name read only, Current Number editable but never below its value: the contracts'
 * `SequenceNumberFrom`, the rule the server refuses a save with. Save waits for a change. A
 * 400 (lower than stored) or 409 (a job took a number meanwhile) shows the server's text.
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
  const current = sequence?.sequenceNumber ?? 0;
  const schema = useMemo(() => SequenceNumberFrom(current), [current]);
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

  const submit = async ({ sequenceNumber }: { sequenceNumber: number }) => {
    if (!sequence) return undefined;
    try {
      await saveSequence({ id: sequence.id, sequenceNumber });
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
        <SchemaForm
          schema={schema}
          saveTestId="sequence-save"
          record={record}
          requireChanges
          onSubmit={submit}
          key={sequence.id}
          onCancel={onClose}
          finishing={finishing}
        >
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <TextInput source="officeName" label="Office Name" readOnly helperText={false} />
            <TextInput source="divisionName" label="Division" readOnly helperText={false} placeholder="None" />
            <TextInput source="sequenceName" label="Sequence Name" readOnly helperText={false} />
            <NumberInput
              source="sequenceNumber"
              label="Current Number"
              min={sequence.sequenceNumber}
              step={1}
              helperText={`The last number given (now ${sequence.sequenceNumber}). It can only go up.`}
              autoFocus
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The next job or certificate of this sequence gets the Current Number + 1. Raise it to continue after numbers issued outside the
            portal.
          </Typography>
        </SchemaForm>
      )}
    </SidePanel>
  );
}
