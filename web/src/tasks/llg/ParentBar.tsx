import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type ChildLlgList, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAlert } from '../../common/useAlert';
import { changeStatus } from '../api';
import { liveChildren } from './llgRules';
import { LLG_UI } from './texts';

/**
 * The LLG task's own bar above TASKS and RECORDS: how many child records and how many are
 * complete, and Submit for approval (the parent and every child to 8) where the server's flags
 * allow. Without a child the spec's refusal is shown beside it; a refusal of the server (a
 * child not complete, no child any more) is shown as its text.
 */
export function ParentBar({ task, list, onSubmitted }: { task: TaskDetail; list: ChildLlgList | undefined; onSubmitted(): void }) {
  const alert = useAlert();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const live = liveChildren(list?.children ?? []);
  const done = live.filter((c) => c.complete).length;
  // Offered to whoever inspects (APPROVER, FIELD-ENGG: both may submit); the server's flag enables it.
  const offered = task.can.submit || task.can.inspect;

  async function submit() {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await changeStatus(task.id, 8);
      alert.success(answer.message);
      setAsking(false);
      onSubmitted();
    } catch (error) {
      const message = (error as Error).message || TASK_TEXT.updateError;
      alert.saveError(message);
      setRefusal(message);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="llg-bar">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="subtitle2" data-testid="llg-count">
            {LLG_UI.childRecords(live.length)}
          </Typography>
          {live.length > 0 && (
            <Typography variant="body2" color={done === live.length ? 'success.dark' : 'text.secondary'} data-testid="llg-complete">
              {LLG_UI.completeCount(done, live.length)}
            </Typography>
          )}
        </Box>
        {offered && (
          <Button
            variant="contained"
            startIcon={<Send />}
            disabled={!task.can.submit || busy}
            onClick={() => setAsking(true)}
            data-testid="llg-submit"
          >
            {LLG_UI.submitParent}
          </Button>
        )}
      </Box>
      {offered && live.length === 0 && !refusal && (
        <Typography variant="body2" color="text.secondary" data-testid="llg-submit-hint">
          {TASK_TEXT.noChildLlg}
        </Typography>
      )}
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)} data-testid="llg-submit-refused">
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={LLG_UI.submitTitle}
        content={LLG_UI.submitText(live.length)}
        confirm={LLG_UI.submitParent}
        cancel={LLG_UI.cancel}
        loading={busy}
        onConfirm={submit}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
