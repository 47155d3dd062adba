import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { useAlert } from '../common/useAlert';
import { changeJobDetails, documentUrl } from './api';
import { type JobDetailsForm, jobDetailsBody, jobDetailsOf, jobDetailsProblems, jobDetailsSaveEnabled } from './jobDetails';
import { DateField } from '../common/DateField';

const FIELDS: { key: keyof JobDetailsForm; label: string; required?: boolean; wide?: boolean; max: number }[] = [
  { key: 'siteName', label: 'Site Name', required: true, max: 200 },
  { key: 'street', label: 'Street', required: true, max: 300 },
  { key: 'city', label: 'City', max: 100 },
  { key: 'state', label: 'State', max: 100 },
  { key: 'country', label: 'Country', max: 100 },
  { key: 'pin', label: 'Pincode', required: true, max: 20 },
  { key: 'vendorDetails', label: 'Vendor Details', wide: true, max: 200 },
  { key: 'subVendorDetails', label: 'Sub-Vendor Details', wide: true, max: 200 },
];

/**
 * JOB DETAILS (tasks document 2.2 and 5): site and vendor data, the actual inspection date and
 * time (24-hour clock), and the job files. Editable only while the task is submitted (8);
 * Save regenerates the PDF ('Task Details Saved Successfully, PDF is getting regenerated').
 */
export function JobDetailsTab({ task, onSaved }: { task: TaskDetail; onSaved(): void }) {
  const alert = useAlert();
  const initial = useMemo(() => jobDetailsOf(task), [task]);
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const editable = task.status === 8 && task.can.editJobDetails;
  const problems = jobDetailsProblems(form);
  const shown = (key: keyof JobDetailsForm) => (editable && touched.has(key) ? problems[key] : undefined);
  const set = (key: keyof JobDetailsForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTouched((t) => new Set(t).add(key));
  };

  async function save() {
    setSaving(true);
    try {
      const answer = await changeJobDetails(jobDetailsBody(task, form));
      alert.success(answer.message || TASK_TEXT.jobDetailsSaved);
      onSaved();
    } catch (error) {
      alert.saveError((error as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }} data-testid="job-details">
      {!editable && (
        <Alert severity="info" variant="outlined">
          Job details can be changed while the task is submitted, before approval.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0,1fr)', sm: 'repeat(2, minmax(0,1fr))', lg: 'repeat(3, minmax(0,1fr))' },
          gap: 2,
        }}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            required={editable && field.required}
            value={form[field.key]}
            onChange={(e) => set(field.key, e.target.value)}
            error={Boolean(shown(field.key))}
            helperText={shown(field.key)}
            disabled={!editable}
            sx={field.wide ? { gridColumn: { sm: 'span 2', lg: 'span 3' } } : undefined}
            slotProps={{
              htmlInput: {
                maxLength: field.max,
                'data-testid': `job-${field.key}`,
                inputMode: field.key === 'pin' ? 'numeric' : undefined,
              },
            }}
          />
        ))}
        <DateField
          label="Actual Inspection Date"
          required={editable}
          value={form.date}
          onChange={(date) => set('date', date)}
          error={Boolean(shown('date'))}
          helperText={shown('date')}
          disabled={!editable}
          testId="job-date"
        />
        <TextField
          label="Actual Inspection Time"
          required={editable}
          placeholder="HH:mm"
          value={form.time}
          onChange={(e) => set('time', e.target.value)}
          error={Boolean(shown('time'))}
          helperText={shown('time') ?? (editable ? '24-hour clock, e.g. 14:30' : undefined)}
          disabled={!editable}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 5, inputMode: 'numeric', 'data-testid': 'job-time' } }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Job Files
        </Typography>
        {task.otherFiles.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No job files
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {task.otherFiles.map((file) => (
              <Box component="li" key={file.blobKey} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <AttachFile fontSize="small" color="action" />
                <Link
                  href={documentUrl(file.blobKey, task.id)}
                  target="_blank"
                  rel="noopener"
                  noWrap
                  underline="hover"
                  data-testid="job-file"
                >
                  {file.fileName}
                </Link>
              </Box>
            ))}
          </Box>
        )}
      </Box>
      {editable && (
        <Box>
          <Button
            variant="contained"
            onClick={save}
            disabled={saving || !jobDetailsSaveEnabled(task, form)}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="job-details-save"
          >
            Save
          </Button>
        </Box>
      )}
    </Box>
  );
}
