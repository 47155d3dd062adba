import AttachFile from '@mui/icons-material/AttachFile';
import Description from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { can, JOB_DETAILS_MAX, JOB_FILE_EXTENSIONS } from '@portal/contracts';
import { useSession } from '../session/SessionContext';
import { Pick, PickMany, Text } from './fields';
import type { JobFormState } from './jobForm';
import { useInspectors } from './pickers';
import { JOB_UI } from './texts';

const ACCEPT = JOB_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Step 2, Site Details: comments, main and other inspectors, vendor and sub-vendor, job files. */
export function StaffStep({
  form,
  set,
  locked,
  pendingFiles,
  onAddFiles,
  onRemovePending,
  uploadProgress,
  fileError,
}: {
  form: JobFormState;
  set(patch: Partial<JobFormState>): void;
  locked: boolean;
  pendingFiles: File[];
  onAddFiles(files: File[]): void;
  onRemovePending(index: number): void;
  uploadProgress: number | null;
  fileError: string | null;
}) {
  const { role } = useSession();
  const existing = Boolean(form.id);
  const inspectorsLocked = locked || (existing && !can(role, 'jobs.editInspectors'));
  const inspectors = useInspectors(form.officeId, form.savedInspectors);
  const people = inspectors.data ?? [];
  const vendorLong = form.vendorDetails.length > JOB_DETAILS_MAX;
  const subVendorLong = form.subVendorDetails.length > JOB_DETAILS_MAX;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Text
        label="Comments"
        multiline
        minRows={2}
        value={form.comments}
        onChange={(comments) => set({ comments })}
        disabled={locked}
        testId="job-comments"
      />
      <Pick
        label="Main Inspector"
        required
        value={form.mainInspectorId}
        choices={people}
        onChange={(mainInspectorId) =>
          set({
            mainInspectorId,
            inspectorIds: form.inspectorIds.filter((id) => id !== mainInspectorId),
            // New task rows follow the main inspector until one is chosen for them.
            tasks: form.tasks.map((t) =>
              t.isNew && (t.inspectorId === null || t.inspectorId === form.mainInspectorId) ? { ...t, inspectorId: mainInspectorId } : t,
            ),
          })
        }
        disabled={inspectorsLocked || !form.officeId}
        loading={inspectors.isLoading}
        testId="job-main-inspector"
        helperText={
          form.officeId && !inspectors.isLoading && people.length === 0
            ? 'No FIELD-ENGG or FIELD-JUNIOR user of this office shares your divisions'
            : undefined
        }
      />
      <PickMany
        label="Other Inspectors"
        value={form.inspectorIds}
        choices={people.filter((p) => p.id !== form.mainInspectorId)}
        onChange={(inspectorIds) => set({ inspectorIds })}
        disabled={inspectorsLocked || !form.officeId}
        testId="job-other-inspectors"
      />
      <Text
        label="Vendor Name & Address"
        multiline
        minRows={2}
        value={form.vendorDetails}
        onChange={(vendorDetails) => set({ vendorDetails })}
        disabled={locked}
        testId="job-vendor"
        error={vendorLong}
        helperText={`${form.vendorDetails.length}/${JOB_DETAILS_MAX}`}
      />
      <Text
        label="Sub-Vendor Name & Address"
        multiline
        minRows={2}
        value={form.subVendorDetails}
        onChange={(subVendorDetails) => set({ subVendorDetails })}
        disabled={locked}
        testId="job-sub-vendor"
        error={subVendorLong}
        helperText={`${form.subVendorDetails.length}/${JOB_DETAILS_MAX}`}
      />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Job Files
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="job-files">
          {form.otherFiles.map((file) => (
            <Chip
              key={file.blobKey}
              icon={<Description />}
              variant="outlined"
              label={
                <Link href={`/api/filedownload?id=${encodeURIComponent(file.blobKey)}`} target="_blank" rel="noopener">
                  {file.fileName}
                </Link>
              }
            />
          ))}
          {pendingFiles.map((file, index) => (
            <Chip
              key={`${file.name}-${file.size}-${file.lastModified}`}
              icon={<AttachFile />}
              label={file.name}
              onDelete={() => onRemovePending(index)}
              color="primary"
              variant="outlined"
            />
          ))}
          {form.otherFiles.length === 0 && pendingFiles.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No files yet
            </Typography>
          )}
        </Box>
        <Button component="label" variant="outlined" startIcon={<AttachFile />} disabled={locked}>
          {JOB_UI.uploadFiles}
          <input
            hidden
            type="file"
            multiple
            accept={ACCEPT}
            data-testid="job-files-input"
            onChange={(e) => {
              onAddFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {JOB_UI.filesHelp}
          {existing ? '' : ' (uploaded when the job is saved)'}
        </Typography>
        {uploadProgress !== null && (
          <LinearProgress variant="determinate" value={uploadProgress * 100} sx={{ mt: 1 }} data-testid="upload-progress" />
        )}
        {fileError && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }} data-testid="job-files-error">
            {fileError}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
