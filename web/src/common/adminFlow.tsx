import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { SHELL } from '@portal/contracts';
import { HttpError } from '../api/http';
import { ConfirmDialog } from './ConfirmDialog';
import { useAlert } from './useAlert';
import { specPause } from './pauses';

/**
 * Save and archive flows of the administration screens (offices, divisions, roles,
 * sequences): success alert, then after the spec's 2 s the list reloads and the panel closes
 * (administration document, section 4).
 */

/** Statuses whose server text is meant for the user (DECISIONS 1); anything else gets our fallback. */
const SPOKEN_STATUSES = [400, 402, 403, 404, 409, 417];

export function errorText(error: unknown, fallback: string): string {
  return error instanceof HttpError && SPOKEN_STATUSES.includes(error.status) ? error.message : fallback;
}

/**
 * The field messages of a 400 or 409 answer (`{ error, fields }`) that a react-admin Form puts
 * under the inputs they name, if the server sent any.
 */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof HttpError && (error.status === 400 || error.status === 409) && error.fields ? error.fields : undefined;
}

/**
 * The spec's save rhythm (administration document 4): success alert, then after `delay` ms the
 * panel closes and the list reloads from offset 0. While waiting the panel says it is done
 * (`finishing`), so a second click cannot save twice. Closing earlier (Cancel) reloads at once.
 */
export function useSaveThenReload(close: () => void, reload: () => void, delay = 2000) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [finishing, setFinishing] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setFinishing(false);
    close();
    reload();
  }, [close, reload]);

  const saved = useCallback(() => {
    setFinishing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(finish, specPause(delay));
  }, [finish, delay]);

  /** Cancel or X: if a save already succeeded, do its reload now instead of later. */
  const dismiss = useCallback(() => {
    if (timer.current) finish();
    else close();
  }, [finish, close]);

  return { saved, dismiss, finishing };
}

/**
 * The list's reload after a save or an archive, which also drops the cached pickers
 * (common/options.ts keeps them a minute), so other screens offer the new or renamed record
 * and no longer the archived one.
 */
export function useReloadAfterChange(reload: () => void): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['options'] });
    reload();
  }, [queryClient, reload]);
}

export interface ArchiveTexts {
  confirm: string;
  done: string;
  /** 'Error while deleting ...' for failures whose server text is not for users. */
  failed: string;
}

/**
 * Delete means archive: the spec's confirm with Yes and Cancel, then the success text and a
 * reload (the archived row leaves the list or loses its actions). A refusal (409 "still in
 * use"...) shows the server's text.
 */
export function useArchiveConfirm<R extends { id: number; name: string }>(
  remove: (id: number) => Promise<unknown>,
  texts: ArchiveTexts,
  onDone: () => void,
): { ask(record: R): void; dialog: ReactNode } {
  const alert = useAlert();
  const [pending, setPending] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await remove(pending.id);
      alert.success(texts.done);
      onDone();
    } catch (error) {
      alert.saveError(errorText(error, texts.failed));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      loading={busy}
      title={pending ? `Delete ${pending.name}` : ''}
      content={texts.confirm}
      confirm={SHELL.yes}
      cancel={SHELL.cancel}
      destructive
      note={SHELL.archiveNote}
      onConfirm={run}
      onClose={() => setPending(null)}
    />
  );
  return { ask: setPending, dialog };
}

/**
 * The add/edit panel and the delete confirm of an admin list: which record the panel shows
 * (null: a new one), the spec's save rhythm, and the reload after a change.
 */
export function useRecordPanel<R extends { id: number; name: string }>(
  reload: () => void,
  remove: ((id: number) => Promise<unknown>) | null,
  texts: ArchiveTexts,
) {
  const [panel, setPanel] = useState<{ record: R | null } | null>(null);
  const close = useCallback(() => setPanel(null), []);
  const changed = useReloadAfterChange(reload);
  const flow = useSaveThenReload(close, changed);
  const archive = useArchiveConfirm<R>(remove ?? (() => Promise.resolve()), texts, changed);
  const add = useCallback(() => setPanel({ record: null }), []);
  const edit = useCallback((record: R) => setPanel({ record }), []);
  const open = panel !== null;
  const record = panel?.record ?? null;
  /** What an add/edit panel takes: `<DivisionPanel {...panel.props} />`. */
  const props = { open, record, finishing: flow.finishing, onClose: flow.dismiss, onSaved: flow.saved };
  return { open, record, add, edit, flow, archive, changed, props };
}
