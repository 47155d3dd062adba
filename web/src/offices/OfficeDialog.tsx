import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { NumberInput, TextInput } from 'react-admin';
import type { z } from 'zod';
import { UnsavedScope, useDiscardGuard } from '../common/DiscardGuard';
import { SchemaForm } from '../common/SchemaForm';
import { OFFICE_OBJECT_TYPE, OFFICES, type OfficeRow, OfficeSaveBody, SHELL } from '@portal/contracts';
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

/** The popup's fields, validated by the server's own schema of the save (contracts/src/offices/schemas.ts). */
export const OfficeFormSchema = OfficeSaveBody.pick({
  name: true,
  acronymCode: true,
  street: true,
  city: true,
  state: true,
  country: true,
  pin: true,
  phone: true,
  externalId: true,
});

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

  const submit = async (values: z.output<typeof OfficeFormSchema>) => {
    try {
      await saveOffice(toBody({ ...values, id: office?.id } as OfficeFormValues));
      alert.success(OFFICES.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, SHELL.genericError));
      return fieldErrors(error);
    }
  };

  const { dismiss, confirm, report } = useDiscardGuard({ open, onClose });
  return (
    <Dialog
      open={open}
      // Escape or a click beside the popup asks first once something was typed; Cancel closes it.
      onClose={dismiss}
      maxWidth="sm"
      fullWidth
      aria-labelledby="office-dialog-title"
      data-testid="office-dialog"
    >
      <DialogTitle id="office-dialog-title" sx={{ pb: 0.5 }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        <UnsavedScope report={report}>
          <SchemaForm
            schema={OfficeFormSchema}
            saveTestId="office-save"
            record={record}
            onSubmit={submit}
            onCancel={onClose}
            finishing={finishing}
            key={office?.id ?? 'new'}
          >
            <OfficeFields />
          </SchemaForm>
        </UnsavedScope>
      </DialogContent>
      {confirm}
    </Dialog>
  );
}

function OfficeFields() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
      <TextInput source="name" label="Name" />
      <TextInput
        source="acronymCode"
        label="Code"
        helperText="Used in job and certificate numbers; empty: from the name (e.g. DUB, or DUB2 when taken)"
      />
      <Typography variant="overline" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, lineHeight: 2 }}>
        Address
      </Typography>
      <TextInput source="street" label="Street" sx={{ gridColumn: '1 / -1' }} />
      <TextInput source="city" label="City" />
      <TextInput source="state" label="State" />
      <TextInput source="country" label="Country" />
      <NumberInput source="pin" label="Pin" min={1} step={1} />
      <Typography variant="overline" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: 1, lineHeight: 2 }}>
        Contact
      </Typography>
      <TextInput source="phone" label="Phone" />
      <TextInput source="externalId" label="External Id" />
    </Box>
  );
}
