import Business from '@mui/icons-material/BusinessOutlined';
import Close from '@mui/icons-material/Close';
import Place from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { AddClientForm, LOCATIONS, SHELL } from '@portal/contracts';
import { UnsavedScope, useDiscardGuard } from '../common/DiscardGuard';
import { SchemaFormFrame, SchemaSaveButton, useSchemaValid } from '../common/SchemaForm';
import { useOfficeOptions, useRoleOptions } from '../common/options';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useCan } from '../session/SessionContext';
import { AddClientUsers } from './AddClientUsers';
import { addNewClient, createRoleConfig } from './api';
import { addClientFieldErrors, emptyAddClient, toAddClientBody } from './clientForm';
import { CopyAddressToggle } from './CopyAddressToggle';
import { LocationFields } from './LocationFields';
import { Section } from './Section';
import { showSaveError } from './saveErrors';

/**
 * Add Client (administration document 2): one step, three sections (client details, the first
 * site, the first users) saved together with POST /api/Location/addNewClient, all or nothing.
 * Afterwards the client's role-licence configuration is asked for in the background; its
 * failure is only logged (document 4). The fields validate with the contracts' AddClientForm,
 * the request's rules (with the Clients screens' site pin). Typed input is kept by the discard
 * guard (common/DiscardGuard) on Escape, a click outside, the close icon and leaving the page.
 */
export function AddClientDialog({
  open,
  onClose,
  onSaved,
  finishing = false,
}: {
  open: boolean;
  onClose(): void;
  onSaved(): void;
  /** Saved: the dialog stays 2 s with the success alert, Save disabled, then closes. */
  finishing?: boolean;
}) {
  const alert = useAlert();
  const record = useMemo(() => emptyAddClient(), []);
  // The dialog's pickers (LO offices, client roles): without them it cannot be filled in.
  const offices = useOfficeOptions();
  const roles = useRoleOptions();
  const canAddUsers = useCan('users.write');
  useLoadErrorAlert(open ? (offices.error ?? roles.error) : null, LOCATIONS.loadAddClientError);

  const submit = async (values: AddClientForm) => {
    try {
      const saved = await addNewClient(toAddClientBody(values));
      alert.success(LOCATIONS.newClientSaved);
      createRoleConfig(saved.Client.name).catch((error: unknown) => console.warn('Role License Config was not created', error));
      onSaved();
      return undefined;
    } catch (error) {
      return showSaveError(error, alert.saveError, addClientFieldErrors);
    }
  };

  const { dismiss, confirm, report } = useDiscardGuard({ open, onClose });
  return (
    <Dialog
      open={open}
      // Escape, a click beside the popup or the close icon ask first once something was typed
      // (a picker's own Escape closes only the picker); Cancel closes it.
      onClose={dismiss}
      maxWidth="lg"
      fullWidth
      scroll="paper"
      aria-labelledby="add-client-title"
      slotProps={{ paper: { 'data-testid': 'add-client-dialog' } as object }}
    >
      <UnsavedScope report={report}>
        <SchemaFormFrame schema={AddClientForm} record={record} onSubmit={submit} className="add-client-form">
          <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, maxHeight: 'calc(100vh - 64px)' }}>
            <DialogTitle id="add-client-title" sx={{ display: 'flex', alignItems: 'center', bgcolor: '#f8fafc', py: 1.5 }}>
              <Box component="span" sx={{ flex: 1 }}>
                Add Client
              </Box>
              <IconButton aria-label="Close" onClick={dismiss} edge="end">
                <Close />
              </IconButton>
            </DialogTitle>
            <DialogContent dividers sx={{ display: 'grid', gap: 2.5, py: 2.5 }}>
              <Section icon={<Business fontSize="small" />} title="Client Details">
                <LocationFields prefix="Client." kind="client" columns={4} nameLabel="Client Name" />
              </Section>
              <Section icon={<Place fontSize="small" />} title="Site Details" action={<CopyAddressToggle />}>
                <LocationFields prefix="Site." kind="site" columns={4} nameLabel="Site Name" />
              </Section>
              {canAddUsers && <AddClientUsers />}
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 1.5 }}>
              <SaveHint withUsers={canAddUsers} />
              <Button onClick={onClose}>{SHELL.cancel}</Button>
              <SchemaSaveButton finishing={finishing} testId="add-client-save" />
            </DialogActions>
          </Box>
        </SchemaFormFrame>
      </UnsavedScope>
      {confirm}
    </Dialog>
  );
}

/** Says why Save is disabled, so a user does not have to guess. */
function SaveHint({ withUsers }: { withUsers: boolean }) {
  const ok = useSchemaValid();
  return (
    <Typography variant="caption" color="text.secondary" sx={{ flex: 1, pl: 1 }} data-testid="add-client-hint">
      {ok
        ? ''
        : `Client Name, LO Office, Street and Site Name are required${withUsers ? '; every user needs a role, name and email' : ''}.`}
    </Typography>
  );
}
