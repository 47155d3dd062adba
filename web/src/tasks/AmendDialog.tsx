import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REVISION_COMMENTS_MAX, SHELL, TASK_TEXT } from '@portal/contracts';
import { useDiscardGuard } from '../common/DiscardGuard';
import { OptionPicker } from '../common/OptionPicker';
import { useLoadErrorAlert } from '../common/useAlert';
import { loadInspectors } from './api';

/**
 * Amend (tasks document 4): revision comments (at most 500) and an optional new inspector
 * from GET /api/Users/tasktype/{id}; the inspector is sent only when it differs from the current one.
 */
export function AmendDialog({
  open,
  taskId,
  inspectorId,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  taskId: number;
  inspectorId: number | null;
  busy: boolean;
  onConfirm(options: { revisionComments: string; newInspector?: number }): void;
  onClose(): void;
}) {
  const [comments, setComments] = useState('');
  const [inspector, setInspector] = useState<string>(inspectorId ? String(inspectorId) : '');
  const inspectors = useQuery({
    queryKey: ['task-inspectors', taskId],
    queryFn: () => loadInspectors(taskId),
    enabled: open,
    staleTime: 60_000,
  });
  useLoadErrorAlert(inspectors.error, TASK_TEXT.loadInspectorsError);
  const tooLong = comments.length > REVISION_COMMENTS_MAX;
  const chosen = inspector === '' ? undefined : Number(inspector);
  // Escape or a click outside asks first once comments were typed or another inspector chosen.
  const { dismiss, confirm } = useDiscardGuard({
    open,
    onClose,
    dirty: comments.trim() !== '' || (chosen !== undefined && chosen !== inspectorId),
  });
  return (
    <Dialog open={open} onClose={busy ? undefined : dismiss} maxWidth="sm" fullWidth data-testid="amend-dialog">
      <DialogTitle>Amend Task</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="Revision Comments"
          multiline
          minRows={3}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          error={tooLong}
          helperText={tooLong ? TASK_TEXT.revisionCommentsTooLong : `${comments.length} / ${REVISION_COMMENTS_MAX}`}
          slotProps={{ htmlInput: { maxLength: REVISION_COMMENTS_MAX, 'data-testid': 'amend-comments' } }}
        />
        <OptionPicker<string>
          label="Inspector"
          value={inspector || null}
          options={(inspectors.data ?? []).map((user) => ({ id: String(user.id), name: `${user.name} (${user.role})` }))}
          onChange={(next) => setInspector(next ?? '')}
          emptyLabel="Keep the current inspector"
          helperText="Optional: reassign the task to another inspector"
          fieldTestId="amend-inspector"
          disabled={inspectors.isLoading}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="confirm-cancel">
          {SHELL.no}
        </Button>
        <Button
          variant="contained"
          disabled={busy || tooLong}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() =>
            onConfirm({
              revisionComments: comments.trim(),
              newInspector: chosen !== undefined && chosen !== inspectorId ? chosen : undefined,
            })
          }
          data-testid="confirm-yes"
        >
          Amend
        </Button>
      </DialogActions>
      {confirm}
    </Dialog>
  );
}
