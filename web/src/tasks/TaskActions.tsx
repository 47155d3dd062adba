import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { type ActionButton, actionButtons, successText } from './actions';
import { AmendDialog } from './AmendDialog';
import { ApproveDialog } from './ApproveDialog';
import { approveTask, changeStatus, type StatusOptions } from './api';
import { TASK_UI } from './texts';

/**
 * The action bar of task details (tasks document 4): Submit, Complete, Hold, Reopen, Amend,
 * Cancel, Approve, Generate as the role and the server's flags allow; a confirm (Amend: its
 * dialog), the server's 'Task <status> successfully' (and the mail note), then `onChanged`
 * (the page reloads after 2 s). Refusals show the server's text.
 */
export function TaskActions({ task, onChanged }: { task: TaskDetail; onChanged(): void }) {
  const { role } = useSession();
  const alert = useAlert();
  const buttons = actionButtons(role, task.buttons);
  const [pending, setPending] = useState<ActionButton | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const approving = pending?.action === 'approve' || pending?.action === 'generate';

  async function run(button: ActionButton, options: StatusOptions = {}) {
    setBusy(true);
    setRefusal(null);
    try {
      if (button.action === 'approve') {
        const answer = await approveTask(task.id);
        alert.success(answer.message);
      } else {
        const answer = await changeStatus(task.id, button.to, options);
        alert.success(successText(answer.message, answer.notification, TASK_TEXT.checkEmail));
      }
      setPending(null);
      onChanged();
    } catch (error) {
      const message = (error as Error).message || TASK_TEXT.updateError;
      alert.saveError(message);
      // An approval refused stays open with the reason (a missing signature links to the profile).
      if (button.action === 'approve' || button.action === 'generate') setRefusal(message);
      else setPending(null);
    } finally {
      setBusy(false);
    }
  }

  if (buttons.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="task-actions">
      {buttons.map((button) => (
        <Button
          key={button.action}
          variant={button.action === 'approve' || button.action === 'submit' ? 'contained' : 'outlined'}
          color={button.action === 'cancel' ? 'error' : 'primary'}
          size="small"
          disabled={!button.enabled || busy}
          onClick={() => setPending(button)}
          data-testid={`task-${button.action}`}
        >
          {button.label}
        </Button>
      ))}
      {pending && approving && (
        <ApproveDialog
          task={task}
          label={pending.label}
          busy={busy}
          error={refusal}
          onConfirm={() => run(pending)}
          onClose={() => {
            setPending(null);
            setRefusal(null);
          }}
        />
      )}
      {pending && pending.action !== 'amend' && !approving && (
        <ConfirmDialog
          open
          title={pending.label}
          content={TASK_UI.confirm(pending.label.toLowerCase())}
          destructive={pending.action === 'cancel'}
          loading={busy}
          onConfirm={() => run(pending)}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.action === 'amend' && (
        <AmendDialog
          open
          taskId={task.id}
          inspectorId={task.inspectorId}
          busy={busy}
          onConfirm={(options) => run(pending, options)}
          onClose={() => setPending(null)}
        />
      )}
    </Box>
  );
}
