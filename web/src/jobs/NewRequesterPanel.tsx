import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ASSETS } from '@portal/contracts';
import { useSession } from '../session/SessionContext';
import { saveRequester } from './api';
import { grid, Text } from './fields';
import { JOB_UI } from './texts';
import { useInlineSave } from './useInlineSave';

/** A placeholder address for a job user who has none yet (shell document 3 "New requester"). */
function placeholderEmail(name: string, userEmail: string): string {
  const domain = userEmail.split('@')[1] ?? 'example.com';
  const slug =
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'requester';
  return `${slug}.${Date.now().toString(36).slice(-5)}@${domain}`;
}

/** Inline Add New Requester: name and email required; saved with POST /api/Users?isJob=true for the site. */
export function NewRequesterPanel({
  companyId,
  siteId,
  onCancel,
  onSaved,
}: {
  companyId: number;
  siteId: number;
  onCancel(): void;
  onSaved(id: number): void;
}) {
  const { user } = useSession();
  const [value, setValue] = useState({ name: '', email: '', phone: '' });
  const ok = value.name.trim() !== '' && /^\S+@\S+\.\S+$/.test(value.email.trim());
  const { error, saving, save } = useInlineSave(
    () => saveRequester(companyId, siteId, value),
    ASSETS.newUserSaved,
    (saved) => onSaved(saved.id),
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: '#f8fafc' }} data-testid="new-requester-panel">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {JOB_UI.addNewRequester}
      </Typography>
      <Box sx={grid}>
        <Text label="Name" required value={value.name} onChange={(name) => setValue({ ...value, name })} testId="requester-name" />
        <Text label="Phone" value={value.phone} onChange={(phone) => setValue({ ...value, phone })} testId="requester-phone" />
        <Box sx={{ display: 'flex', gap: 1, gridColumn: { sm: '1 / span 2' } }}>
          <Text label="Email" required value={value.email} onChange={(email) => setValue({ ...value, email })} testId="requester-email" />
          <Button
            size="small"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            onClick={() => setValue({ ...value, email: placeholderEmail(value.name, user.email) })}
            data-testid="requester-suggest-email"
          >
            Suggest e-mail
          </Button>
        </Box>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="new-requester-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!ok || saving} onClick={save} data-testid="requester-save">
          Save
        </Button>
      </Box>
    </Paper>
  );
}
