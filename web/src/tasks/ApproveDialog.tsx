import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { loadChecklist, loadProfile } from './api';
import { DefectList, ResultChip } from './inspect/InspectionBar';
import { useLlgApproval } from './llg/LlgApproveSummary';
import { TASK_UI } from './texts';

/**
 * Approve (or Generate) as DECISIONS 9 wants it: before the approver acts, the dialog shows
 * the result the certificate will state, its defects or observations and who performed the
 * inspection; without a signature on file it says so and links to My profile (the server
 * refuses such an approval too), and an incomplete inspection cannot be approved.
 */
export function ApproveDialog({
  task,
  label,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  task: TaskDetail;
  label: string;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  // An LLG task's records carry the inspections: the dialog lists them instead of the task's own checklist.
  const llg = useLlgApproval(task, task.isLlg);
  const checklist = useQuery({
    queryKey: ['task-checklist', task.id],
    queryFn: () => loadChecklist(task.id),
    staleTime: 0,
    enabled: !task.isLlg,
  });
  const profile = useQuery({ queryKey: ['profile'], queryFn: loadProfile, staleTime: 0 });
  const summary = checklist.data?.inspection;
  const noSignature = profile.data ? profile.data.signature === null : error === TASK_TEXT.signatureRequired;
  const ready = Boolean((summary || task.isLlg) && profile.data && llg.ready);
  const blocked = noSignature || (task.isLlg ? llg.blocked : summary ? !summary.complete : true);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="approve-dialog">
      <DialogTitle id={titleId}>{TASK_UI.approveTitle}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {!ready && !checklist.error && !task.isLlg && <CircularProgress size={24} aria-label="Loading the inspection" />}
        {checklist.error && <Alert severity="error">{TASK_TEXT.loadByIdError}</Alert>}
        {llg.content}
        {summary && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography>{TASK_UI.approveIntro}</Typography>
              <ResultChip result={summary.result} testId="approve-result" />
              {summary.defects.some((d) => d.danger === 1) && (
                <Typography color="error" sx={{ fontWeight: 700 }} data-testid="approve-not-safe">
                  {TASK_UI.notSafe}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" data-testid="approve-performers">
              <strong>{TASK_UI.performedBy}:</strong> {task.performedBy.map((p) => p.name).join(', ') || '—'}
            </Typography>
            <Typography variant="subtitle2">{summary.result === 2 ? TASK_UI.defectsFound : TASK_UI.observations}</Typography>
            <DefectList defects={summary.defects} />
            {!summary.complete && (
              <Alert severity="warning" data-testid="approve-incomplete">
                {TASK_TEXT.incomplete(summary.incomplete)}. {TASK_UI.approveIncomplete}
              </Alert>
            )}
          </>
        )}
        {noSignature && (
          <Alert
            severity="error"
            data-testid="approve-no-signature"
            action={
              <Button component={RouterLink} to={ROUTES.profile.path} color="inherit" size="small" data-testid="approve-add-signature">
                {TASK_UI.addSignature}
              </Button>
            }
          >
            {TASK_TEXT.signatureRequired}
          </Alert>
        )}
        {error && !noSignature && (
          <Alert severity="error" data-testid="approve-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={busy || !ready || blocked}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-yes"
        >
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
