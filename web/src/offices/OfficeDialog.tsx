import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form, maxLength, minValue, NumberInput, required, TextInput } from 'react-admin';
import { FormSaveButton } from '../common/FormSaveButton';
import { useWatch } from 'react-hook-form';
import { OFFICE_OBJECT_TYPE, OFFICES, type OfficeRow, type OfficeSaveBody, SHELL } from '@portal/contracts';
import { useAlert } from '../common/useAlert';
import { errorText, fieldErrors } from '../common/adminFlow';
import { saveOffice } from './api';

interface OfficeFormValues {
  id?: number;
  name: string;
  acronymCode: string;
  street: string;
  city: string;
  state: string;
  country: string;
  pin: number | null;
  phone: string;
  externalId: string;
}

function valuesOf(office: OfficeRow | null): OfficeFormValues {
  return {
    ...(office ? { id: office.id } : {}),
    name: office?.name ?? '',
    acronymCode: office?.acronymCode ?? '',
    street: office?.street ?? '',
    city: office?.city ?? '',
    state: office?.state ?? '',
    country: office?.country ?? '',
    pin: office?.pin ?? null,
    phone: office?.phone ?? '',
    externalId: office?.externalId ?? '',
  };
}

/** Pin is optional, but when given a whole number of at least 1 (spec section 5). */
const pinOk = (pin: unknown) => pin === null || pin === undefined || pin === '' || (Number.isInteger(pin) && (pin as number) >= 1);
const wholeNumber = (value: unknown) => (pinOk(value) || Number(value) < 1 ? undefined : 'Pin must be a whole number');

/** Save needs a name and a street, and a valid pin when one is typed (spec section 5). */
export function canSaveOffice(values: Partial<OfficeFormValues>): boolean {
  return Boolean(values.name?.trim() && values.street?.trim() && pinOk(values.pin));
}

function toBody(values: OfficeFormValues): OfficeSaveBody {
  return {
    ...(values.id ? { id: values.id } : {}),
    objectType: OFFICE_OBJECT_TYPE,
    name: values.name,
    acronymCode: values.acronymCode,
    street: values.street,
    city: values.city,
    state: values.state,
    country: values.country,
    pin: values.pin ?? undefined,
    phone: values.phone,
    externalId: values.externalId,
    // The spec sends the browser's time zone with every office save.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Add/Edit popup of the LO Office page: 'Add New Office' or 'Edit: {name}', Save and Cancel. */
export function OfficeDialog({
  open,
  office,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  office: OfficeRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const record = useMemo(() => valuesOf(office), [office]);
  const title = office ? OFFICES.editTitle(office.name) : OFFICES.addTitle;

  const submit = async (values: Record<string, unknown>) => {
    try {
      await saveOffice(toBody(values as unknown as OfficeFormValues));
      alert.success(OFFICES.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, SHELL.genericError));
      return fieldErrors(error);
    }
  };

  return (
    <Dialog
      open={open}
      // A stray click beside the popup must not throw away what was typed: Cancel or Escape close it.
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="office-dialog-title"
      data-testid="office-dialog"
    >
      <Form record={record} onSubmit={submit} mode="onChange" sanitizeEmptyValues={false} key={office?.id ?? 'new'}>
        <DialogTitle id="office-dialog-title" sx={{ pb: 0.5 }}>
          {title}
        </DialogTitle>
        <DialogContent dividers>
          <OfficeFields />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>{SHELL.cancel}</Button>
          <OfficeSaveButton finishing={finishing} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function OfficeSaveButton({ finishing }: { finishing: boolean }) {
  const values = useWatch() as Partial<OfficeFormValues>;
  const ok = canSaveOffice(values) && !finishing;
  return <FormSaveButton ok={ok} testId="office-save" />;
}

function OfficeFields() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
      <TextInput source="name" label="Name" validate={[required(), maxLength(200)]} />
      <TextInput
        source="acronymCode"
        label="Code"
        validate={maxLength(20)}
        helperText="Used in job and certificate numbers; empty: from the name (e.g. DUB, or DUB2 when taken)"
      />
      <Typography variant="overline" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, lineHeight: 2 }}>
        Address
      </Typography>
      <TextInput source="street" label="Street" validate={[required(), maxLength(300)]} sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="city" label="City" validate={maxLength(100)} />
      <TextInput source="state" label="State" validate={maxLength(100)} />
      <TextInput source="country" label="Country" validate={maxLength(100)} />
      <NumberInput source="pin" label="Pin" min={1} step={1} validate={[minValue(1, 'Pin must be at least 1'), wholeNumber]} />
      <Typography variant="overline" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, lineHeight: 2 }}>
        Contact
      </Typography>
      <TextInput source="phone" label="Phone" validate={maxLength(50)} />
      <TextInput source="externalId" label="External Id" validate={maxLength(100)} />
    </Box>
  );
}
