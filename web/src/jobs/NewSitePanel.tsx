import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSETS, type JobClientOption } from '@portal/contracts';
import { saveSite } from './api';
import { grid, Text } from './fields';
import { JOB_UI } from './texts';
import { useInlineSave } from './useInlineSave';

const EMPTY = { name: '', street: '', city: '', state: '', country: '', pin: '', phone: '' };

/** Inline Add New Site (shell document 3 "New site", 5): name and street, pin numeric from 0, name not a top-level site's. */
export function NewSitePanel({ client, onCancel, onSaved }: { client: JobClientOption; onCancel(): void; onSaved(id: number): void }) {
  const [site, setSite] = useState(EMPTY);
  const [copy, setCopy] = useState(false);
  const queryClient = useQueryClient();
  const { error, saving, save } = useInlineSave(
    () => saveSite(client.id, site, copy),
    ASSETS.newSiteSaved,
    async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['options', '/Location/Client'] });
      onSaved(saved.id);
    },
  );
  const set = (patch: Partial<typeof EMPTY>) => setSite({ ...site, ...patch });
  const nameTaken = client.sites.some((s) => s.name.trim().toLowerCase() === site.name.trim().toLowerCase());
  const pinBad = site.pin !== '' && !/^\d+$/.test(site.pin);
  const ok = site.name.trim() !== '' && (copy || site.street.trim() !== '') && !nameTaken && !pinBad;
  const copyAddress = (checked: boolean) => {
    setCopy(checked);
    if (checked) {
      setSite({
        ...site,
        street: client.street ?? '',
        city: client.city ?? '',
        state: client.state ?? '',
        country: client.country ?? '',
        pin: client.pin === null ? '' : String(client.pin),
        phone: client.phone ?? '',
      });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: '#f8fafc' }} data-testid="new-site-panel">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {JOB_UI.addNewSite}
      </Typography>
      <Box sx={grid}>
        <Text
          label="Site Name"
          required
          value={site.name}
          onChange={(name) => set({ name })}
          testId="site-name"
          error={nameTaken}
          helperText={nameTaken ? ASSETS.duplicateTopLevelSite : undefined}
        />
        <Text
          label="Street"
          required={!copy}
          value={site.street}
          onChange={(street) => set({ street })}
          testId="site-street"
          disabled={copy}
        />
        <Text label="City" value={site.city} onChange={(city) => set({ city })} testId="site-city" disabled={copy} />
        <Text label="State" value={site.state} onChange={(state) => set({ state })} testId="site-state" disabled={copy} />
        <Text label="Country" value={site.country} onChange={(country) => set({ country })} testId="site-country" disabled={copy} />
        <Text
          label="Pin"
          value={site.pin}
          onChange={(pin) => set({ pin })}
          testId="site-pin"
          disabled={copy}
          error={pinBad}
          helperText={pinBad ? 'Pin must be a whole number of at least 0' : undefined}
        />
        <Text label="Phone" value={site.phone} onChange={(phone) => set({ phone })} testId="site-phone" disabled={copy} />
        <FormControlLabel
          control={<Checkbox checked={copy} onChange={(e) => copyAddress(e.target.checked)} data-testid="site-copy-address" />}
          label={JOB_UI.copyClientAddress}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="new-site-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!ok || saving} onClick={save} data-testid="site-save">
          Save
        </Button>
      </Box>
    </Paper>
  );
}
