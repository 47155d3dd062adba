import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { SHELL } from '@portal/contracts';
import { ConfirmDialog } from './ConfirmDialog';
import { useLeaveGuard } from './LeaveGuard';

/** The words of the discard confirm; the shell's by default. */
export interface DiscardTexts {
  title: string;
  content: string;
  confirm: string;
  cancel: string;
}

export const SHELL_DISCARD: DiscardTexts = {
  title: SHELL.discardTitle,
  content: SHELL.discardChanges,
  confirm: SHELL.discard,
  cancel: SHELL.keepEditing,
};

/**
 * How a form inside a panel or dialog says whether it holds unsaved input: `report` after each
 * render, and `now` at once, from the input event itself, so that an Escape pressed before the
 * form has rendered its new state (a resolver validates asynchronously) still asks.
 */
export interface UnsavedReport {
  report(dirty: boolean): void;
  now(dirty: boolean): void;
}
const UnsavedContext = createContext<UnsavedReport | null>(null);

/**
 * The one dirty guard of side panels, dialogs and the job wizard: while `open` and holding
 * unsaved input (reported by the form inside through `useReportUnsaved`, or given as `dirty`),
 * `dismiss` (Escape, a click outside, a guarded X) asks before it calls `onClose`, and every way
 * out of the page (a link, Back, reload, closing the tab) asks through the page's leave guard.
 * Render `confirm`, and the content inside `<UnsavedScope report={report}>`.
 */
export function useDiscardGuard({
  open,
  onClose,
  dirty: given = false,
  texts = SHELL_DISCARD,
}: {
  open: boolean;
  onClose(): void;
  dirty?: boolean;
  texts?: DiscardTexts;
}) {
  const [reported, setReported] = useState(false);
  // The latest word of the form, also between its input and its next render.
  const latest = useRef(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) {
      latest.current = false;
      setReported(false);
      setAsking(false);
    }
  }, [open]);
  const dirty = open && (given || reported);
  useLeaveGuard(dirty, texts);
  const dismiss = useCallback(() => (dirty || (open && latest.current) ? setAsking(true) : onClose()), [dirty, open, onClose]);
  const report = useMemo<UnsavedReport>(
    () => ({
      report(value) {
        latest.current = value;
        setReported(value);
      },
      now(value) {
        latest.current = value;
      },
    }),
    [],
  );
  const confirm = (
    <ConfirmDialog
      open={asking}
      title={texts.title}
      content={texts.content}
      confirm={texts.confirm}
      cancel={texts.cancel}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    />
  );
  return { dismiss, confirm, report };
}

/** Where a form's `useReportUnsaved` reaches its panel or dialog's guard. */
export function UnsavedScope({ report, children }: { report: UnsavedReport; children: ReactNode }) {
  return <UnsavedContext.Provider value={report}>{children}</UnsavedContext.Provider>;
}

/**
 * Tells the surrounding panel or dialog whether its content holds unsaved input, for content
 * that is not a react-admin Form (the job wizard keeps its own state); a Form's PanelFooter
 * reports through `TrackUnsavedChanges`.
 */
export function useReportUnsaved(dirty: boolean): void {
  const scope = useContext(UnsavedContext);
  useEffect(() => {
    scope?.report(dirty);
    return () => scope?.report(false);
  }, [scope, dirty]);
}

/** Says at once, from an input's own event, whether the form now differs from what it opened with. */
export function useReportUnsavedNow(): (dirty: boolean) => void {
  const scope = useContext(UnsavedContext);
  return useCallback((dirty: boolean) => scope?.now(dirty), [scope]);
}
