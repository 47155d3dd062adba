import RestoreFromTrash from '@mui/icons-material/RestoreFromTrashOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type ReactNode, type RefObject, useCallback, useState } from 'react';
import { SHELL } from '@portal/contracts';
import { errorText } from '../adminFlow';
import { ConfirmDialog } from '../ConfirmDialog';
import { useAlert } from '../useAlert';
import type { RowActionSpec } from './RowActions';

/**
 * "Show archived" and Restore of a settings list (issue 20): the toggle shows the archived
 * records instead of the active ones (the server's `archived` filter), each with Restore when
 * its `can.restore` says so; Restore asks first, then the server's text and a reload. A
 * refusal (409: an active record took its name meanwhile) shows the server's text.
 */
export function useRestore<R extends { id: number; name: string; can: { restore?: boolean } }>(
  restore: ((id: number) => Promise<{ message: string }>) | undefined,
  /** The list's reload, set once the list exists (the list's filter depends on the toggle). */
  onDone: RefObject<() => void>,
) {
  const alert = useAlert();
  const [archived, setArchived] = useState(false);
  const [pending, setPending] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending || !restore) return;
    setBusy(true);
    try {
      const answer = await restore(pending.id);
      alert.success(answer.message);
      onDone.current();
    } catch (error) {
      alert.saveError(errorText(error, SHELL.restoreError));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const actions = useCallback(
    (record: R): RowActionSpec[] =>
      restore && record.can.restore
        ? [
            {
              key: 'restore',
              label: SHELL.restore,
              icon: <RestoreFromTrash fontSize="small" />,
              color: 'primary',
              onClick: () => setPending(record),
            },
          ]
        : [],
    [restore],
  );

  const header: ReactNode = restore ? (
    <>
      <FormControlLabel
        sx={{ ml: 0.5, mr: 0, whiteSpace: 'nowrap' }}
        control={
          <Switch
            size="small"
            checked={archived}
            onChange={(_, on) => setArchived(on)}
            slotProps={{ input: { 'aria-label': SHELL.showArchived } }}
          />
        }
        label={SHELL.showArchived}
        data-testid="show-archived"
      />
      <ConfirmDialog
        open={pending !== null}
        loading={busy}
        title={pending ? `${SHELL.restore} ${pending.name}` : ''}
        content={pending ? SHELL.restoreConfirm(pending.name) : ''}
        confirm={SHELL.yes}
        cancel={SHELL.cancel}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </>
  ) : null;

  return { archived: restore ? archived : false, actions, header };
}
