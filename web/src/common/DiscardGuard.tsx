import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
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

/** Lets a form inside a panel or dialog say whether it holds unsaved input. */
const UnsavedContext = createContext<((dirty: boolean) => void) | null>(null);

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
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) {
      setReported(false);
      setAsking(false);
    }
  }, [open]);
  const dirty = open && (given || reported);
  useLeaveGuard(dirty, texts);
  const dismiss = useCallback(() => (dirty ? setAsking(true) : onClose()), [dirty, onClose]);
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
  return { dismiss, confirm, report: setReported };
}

/** Where a form's `useReportUnsaved` reaches its panel or dialog's guard. */
export function UnsavedScope({ report, children }: { report(dirty: boolean): void; children: ReactNode }) {
  return <UnsavedContext.Provider value={report}>{children}</UnsavedContext.Provider>;
}

/**
 * Tells the surrounding panel or dialog whether its content holds unsaved input, for content
 * that is not a react-admin Form (the job wizard keeps its own state); a Form's PanelFooter
 * reports through `TrackUnsavedChanges`.
 */
export function useReportUnsaved(dirty: boolean): void {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report?.(dirty);
    return () => report?.(false);
  }, [report, dirty]);
}
