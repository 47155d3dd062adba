import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { formatDate, type JobClientOption } from '@portal/contracts';
import { grid, Pick, PickMany, Text } from './fields';
import { endOf, type JobFormState } from './jobForm';
import { NewRequesterPanel } from './NewRequesterPanel';
import { NewSitePanel } from './NewSitePanel';
import { useSiteUsers } from './pickers';
import { JOB_UI } from './texts';
import { DateField } from '../common/DateField';

const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d$/;
export const validTime = (value: string) => TIME_24H.test(value);

/** Step 0, Client Details: client, site (with Add New Site), start, duration, end, requester (with Add New Requester), client users. */
export function ClientStep({
  form,
  set,
  clients,
  clientsLoading = false,
  locked,
  addingSite,
  setAddingSite,
  addingRequester,
  setAddingRequester,
  onSiteAdded,
}: {
  form: JobFormState;
  set(patch: Partial<JobFormState>): void;
  clients: JobClientOption[];
  /** The client list is still loading (the picker waits, disabled). */
  clientsLoading?: boolean;
  locked: boolean;
  addingSite: boolean;
  setAddingSite(open: boolean): void;
  addingRequester: boolean;
  setAddingRequester(open: boolean): void;
  onSiteAdded(siteId: number): void;
}) {
  const client = clients.find((c) => c.id === form.customerId) ?? null;
  const site = client?.sites.find((s) => s.id === form.siteId) ?? null;
  const siteUsers = useSiteUsers(form.siteId);
  const users = siteUsers.data ?? [];
  const requesters = users.filter((u) => u.role === 'REQUESTER');
  const requester = users.find((u) => u.id === form.requesterId) ?? null;
  const end = endOf(form);
  const existing = Boolean(form.id);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Pick
        label="Client Name"
        required
        value={form.customerId}
        choices={clients}
        onChange={(customerId) => set({ customerId, siteId: null, requesterId: null, clientUserIds: [] })}
        disabled={locked || existing}
        loading={clientsLoading}
        testId="job-client"
      />
      <TextField size="small" label="Client Address" value={client?.address ?? ''} disabled multiline fullWidth />
      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Pick
          label="Site Details"
          required
          value={form.siteId}
          choices={client?.sites ?? []}
          onChange={(siteId) => set({ siteId, requesterId: null, clientUserIds: [] })}
          disabled={locked || existing || !client}
          testId="job-site"
        />
        <Button
          variant="outlined"
          startIcon={<Add />}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={locked || existing || !client || addingSite}
          onClick={() => setAddingSite(true)}
          data-testid="add-site"
        >
          {JOB_UI.addNewSite}
        </Button>
      </Box>
      {addingSite && client && (
        <NewSitePanel
          client={client}
          onCancel={() => setAddingSite(false)}
          onSaved={(id) => {
            setAddingSite(false);
            onSiteAdded(id);
          }}
        />
      )}
      <TextField size="small" label="Site Address" value={site?.address ?? ''} disabled multiline fullWidth />
      <Box sx={grid}>
        <DateField
          label="Start Date"
          required
          fullWidth
          value={form.startDate}
          onChange={(startDate) => set({ startDate })}
          disabled={locked}
          testId="job-start-date"
        />
        <Text
          label="Start Time (24h)"
          value={form.startTime}
          onChange={(startTime) => set({ startTime })}
          disabled={locked}
          testId="job-start-time"
          placeholder="HH:mm"
          error={!validTime(form.startTime)}
          helperText={validTime(form.startTime) ? undefined : 'HH:mm, 00:00 to 23:59'}
        />
        <Text
          label="Duration (Days)"
          type="number"
          value={String(form.duration)}
          onChange={(value) => set({ duration: value === '' ? 0 : Number(value) })}
          disabled={locked}
          testId="job-duration"
          error={!(form.duration >= 1)}
          helperText={form.duration >= 1 ? undefined : 'At least 1 day'}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <TextField
          size="small"
          label="End Date"
          value={end ? `${formatDate(end)} ${end.toTimeString().slice(0, 5)}` : ''}
          disabled
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <Pick
          label="Requester Name"
          value={form.requesterId}
          choices={requesters}
          onChange={(requesterId) => set({ requesterId })}
          disabled={locked || !form.siteId}
          loading={siteUsers.isLoading}
          testId="job-requester"
        />
        <Button
          variant="outlined"
          startIcon={<Add />}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={locked || !form.siteId || addingRequester}
          onClick={() => setAddingRequester(true)}
          data-testid="add-requester"
        >
          {JOB_UI.addNewRequester}
        </Button>
      </Box>
      {addingRequester && client && form.siteId && (
        <NewRequesterPanel
          companyId={client.id}
          siteId={form.siteId}
          onCancel={() => setAddingRequester(false)}
          onSaved={(id) => {
            setAddingRequester(false);
            void siteUsers.refetch().then(() => set({ requesterId: id }));
          }}
        />
      )}
      <TextField
        size="small"
        label="Requester Details"
        value={requester ? [requester.email, requester.phone].filter(Boolean).join(' · ') : ''}
        disabled
        fullWidth
      />
      <PickMany
        label="Client Users"
        value={form.clientUserIds}
        choices={users}
        onChange={(clientUserIds) => set({ clientUserIds })}
        disabled={locked || !form.siteId}
        testId="job-client-users"
      />
    </Box>
  );
}
