import Card from '@mui/material/Card';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REMINDERS, type ReminderPreferenceAnswer } from '@portal/contracts';
import { errorText } from '../common/adminFlow';
import { useAlert } from '../common/useAlert';
import { loadReminders, REMINDERS_KEY, saveReminders } from './api';

/**
 * Due reminders on one's profile (issue 23): the daily mail of one's company's assets due for
 * inspection, turned on or off at once. Shown only to users whose role the namespace mails
 * (a client user of the configured roles); the mail's own link turns it off too.
 */
export function RemindersSection() {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: REMINDERS_KEY, queryFn: loadReminders });
  const [saving, setSaving] = useState(false);
  const data = query.data;
  if (!data?.applies) return null;
  const change = async (enabled: boolean) => {
    setSaving(true);
    try {
      const saved = await saveReminders(enabled);
      queryClient.setQueryData<ReminderPreferenceAnswer>(REMINDERS_KEY, saved);
      alert.success(saved.enabled ? REMINDERS.profileOn : REMINDERS.profileOff);
    } catch (error) {
      alert.saveError(errorText(error, 'Could not save the setting')); // (ours)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-label={REMINDERS.profileTitle}>
      <Box sx={{ px: 2.5, pt: 2, pb: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 1 }}>
          {REMINDERS.profileTitle}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={data.enabled}
              disabled={saving}
              onChange={(event) => void change(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'profile-reminders' } as object }}
            />
          }
          label={REMINDERS.profileSwitch}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {REMINDERS.profileHelp(data.windowDays)}
        </Typography>
      </Box>
    </Card>
  );
}
