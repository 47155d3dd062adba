import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { LICENCE_UNLIMITED, ROLES_TEXT } from '@portal/contracts';
import { SearchBox } from '../common/list';
import type { LicenceFormRow } from './roleForm';

/**
 * Licence management of a client role, CONFIG_ADMIN only (administration document 6): every
 * client with its licence count (-1 unlimited) and 'activate all users' flag, and Create
 * License Config, which adds an unlimited licence for the clients that have none yet.
 * Rows hidden by the client search stay in the form (hidden, not unmounted), so a save
 * still sends them.
 */
export function LicenceTable({ onCreateConfig, creating }: { onCreateConfig(): void; creating: boolean }) {
  const licences = (useWatch({ name: 'licences' }) as LicenceFormRow[] | undefined) ?? [];
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const shown = licences.filter((l) => !wanted || l.clientName.toLowerCase().includes(wanted)).length;

  return (
    <Box data-testid="licences">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        How many active users of this role each client may have. -1 means unlimited. With 'Activate all users' ticked, saving re-activates
        the client's suspended users of the role, as far as the licence allows.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <SearchBox label="Client name" value={search} onChange={setSearch} width={220} delay={150} />
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Adds an unlimited licence (-1) for every active client that has none for this role; saves the role as it is now">
          <span>
            <Button
              variant="outlined"
              startIcon={creating ? <CircularProgress size={16} /> : <PlaylistAdd />}
              onClick={onCreateConfig}
              disabled={creating}
              data-testid="create-licence-config"
            >
              {ROLES_TEXT.createLicenceConfig}
            </Button>
          </span>
        </Tooltip>
      </Box>
      {licences.length === 0 ? (
        <Alert severity="info" variant="outlined">
          No client has a licence for this role yet. Create License Config adds one for every client.
        </Alert>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>Client</TableCell>
                <TableCell sx={{ width: 200 }}>Licences</TableCell>
                <TableCell sx={{ width: 110 }} align="center">
                  Activate all users
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {licences.map((licence, index) => (
                <LicenceRow
                  key={licence.clientId}
                  index={index}
                  licence={licence}
                  hidden={Boolean(wanted) && !licence.clientName.toLowerCase().includes(wanted)}
                />
              ))}
              {shown === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                    No client matches '{search}'
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function LicenceRow({ index, licence, hidden }: { index: number; licence: LicenceFormRow; hidden: boolean }) {
  // The count's message comes from the form's schema (contracts RoleLicence).
  const count = useController({ name: `licences.${index}.clientLicense` });
  const flag = useController({ name: `licences.${index}.isAllUserActive` });
  const error = count.fieldState.error?.message;
  const unlimited = !error && String(count.field.value ?? '').trim() !== '' && Number(count.field.value) === LICENCE_UNLIMITED;
  return (
    <TableRow data-testid="licence-row" data-client={licence.clientName} sx={hidden ? { display: 'none' } : undefined}>
      <TableCell sx={{ fontWeight: 500 }}>{licence.clientName}</TableCell>
      <TableCell sx={{ py: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <TextField
            type="number"
            value={count.field.value ?? ''}
            onChange={(e) => count.field.onChange(e.target.value)}
            onBlur={count.field.onBlur}
            inputRef={count.field.ref}
            error={Boolean(error)}
            size="small"
            margin="none"
            sx={{ width: 96, '& input': { py: 0.75 } }}
            slotProps={{ htmlInput: { min: LICENCE_UNLIMITED, step: 1, 'aria-label': `Licences of ${licence.clientName}` } }}
          />
          {(error || unlimited) && (
            // The schema's message takes a line of its own under the count; Unlimited fits beside it.
            <Typography
              variant="caption"
              color={error ? 'error' : 'text.secondary'}
              sx={error ? { flexBasis: '100%' } : { whiteSpace: 'nowrap' }}
            >
              {error ?? 'Unlimited'}
            </Typography>
          )}
        </Box>
      </TableCell>
      <TableCell align="center" sx={{ py: 0 }}>
        <Checkbox
          size="small"
          checked={Boolean(flag.field.value)}
          onChange={(e) => flag.field.onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Activate all users of ${licence.clientName}` } }}
        />
      </TableCell>
    </TableRow>
  );
}
