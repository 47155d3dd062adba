import { useCallback, useState } from 'react';
import { SHELL, USERS, type UserRow, type UserStatusAction } from '@portal/contracts';
import { HttpError } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useAlert } from '../common/useAlert';
import { changeUserStatus } from './api';

/**
 * Remove, archive, suspend or activate behind the spec's confirm ('Are you sure want to
 * <action> the user?'); Remove says it is permanent and has a red button. 424, 409 and 402 show the server's text; anything else a generic one.
 */
export function useUserStatusAction(onDone: () => void) {
  const alert = useAlert();
  const [pending, setPending] = useState<{ user: UserRow; action: UserStatusAction } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await changeUserStatus(pending.user.id, pending.action);
      alert.success(USERS.actionDone(pending.action));
      onDone();
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0;
      alert.saveError([424, 409, 402].includes(status) ? (error as Error).message : SHELL.genericError);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      loading={busy}
      title={pending ? `${pending.action[0].toUpperCase()}${pending.action.slice(1)} ${pending.user.name}` : ''}
      content={pending ? USERS.confirmAction(pending.action) : ''}
      confirm={SHELL.yes}
      cancel={SHELL.no}
      // Removing is for good (DECISIONS: a removed user stays removed); the others can be undone.
      destructive={pending?.action === 'remove'}
      onConfirm={run}
      onClose={() => setPending(null)}
    />
  );
  const ask = useCallback((user: UserRow, action: UserStatusAction) => setPending({ user, action }), []);
  return { ask, dialog };
}
