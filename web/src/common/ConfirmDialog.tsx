import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SHELL } from '@portal/contracts';

/**
 * The confirm of every list: the spec's question, plain text buttons without icons, and for
 * a destructive action a red confirm button and a line saying what happens: `note`, or by
 * default that it cannot be undone (say what really happens: an archive is not permanent).
 */
export function ConfirmDialog({
  open,
  title,
  content,
  confirm = SHELL.yes,
  cancel = SHELL.no,
  destructive = false,
  note = SHELL.cannotBeUndone,
  loading = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  content: string;
  confirm?: string;
  cancel?: string;
  destructive?: boolean;
  /** The line under a destructive confirm's question. */
  note?: string;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="confirm-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{content}</DialogContentText>
        {destructive && (
          <DialogContentText sx={{ mt: 1, color: 'error.dark', fontWeight: 500 }} data-testid="confirm-permanent">
            {note}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={loading} data-testid="confirm-cancel">
          {cancel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-yes"
          autoFocus
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
