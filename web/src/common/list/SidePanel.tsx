import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { SHELL } from '@portal/contracts';
import { ConfirmDialog } from '../ConfirmDialog';
import { useLeaveGuard } from '../LeaveGuard';

/** Lets the form inside a panel say whether it holds unsaved changes. */
const DirtyContext = createContext<((dirty: boolean) => void) | null>(null);

/**
 * Reports the surrounding react-admin Form's unsaved changes to its SidePanel. PanelFooter
 * renders it, so every panel form is covered.
 */
export function TrackUnsavedChanges() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  useReportUnsaved(isDirty && !isSubmitSuccessful);
  return null;
}

/**
 * Tells the surrounding SidePanel whether its content holds unsaved input, for content that is
 * not a react-admin Form (the job wizard keeps its own state).
 */
export function useReportUnsaved(dirty: boolean): void {
  const report = useContext(DirtyContext);
  useEffect(() => {
    report?.(dirty);
    return () => report?.(false);
  }, [report, dirty]);
}

/** The words of the discard confirm; the shell's by default. */
export interface DiscardTexts {
  title: string;
  content: string;
  confirm: string;
  cancel: string;
}
const SHELL_DISCARD: DiscardTexts = {
  title: SHELL.discardTitle,
  content: SHELL.discardChanges,
  confirm: SHELL.discard,
  cancel: SHELL.keepEditing,
};

/**
 * The side panel of the spec's add/edit forms: a drawer from the right with a title. Escape
 * or a click outside closes it, but asks first when its form holds unsaved changes; Cancel and
 * the X close it at once, unless `guardCloseButton` (a wizard with no Cancel of its own: the
 * X asks too). Leaving the page (a link, Back, reload, closing the tab) with unsaved changes in
 * it asks as well, through the page's leave guard. `discardTexts` gives the confirm an area's own words.
 */
export function SidePanel({
  open,
  title,
  onClose,
  children,
  width = 520,
  guardCloseButton = false,
  discardTexts = SHELL_DISCARD,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  width?: number;
  guardCloseButton?: boolean;
  discardTexts?: DiscardTexts;
}) {
  const titleId = useId();
  const dirty = useRef(false);
  // The same, for the page's leave guard: a link, Back, reload or closing the tab asks too.
  const [unsaved, setUnsaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((value: boolean) => {
    dirty.current = value;
    setUnsaved(value);
  }, []);
  useEffect(() => {
    if (!open) {
      dirty.current = false;
      setUnsaved(false);
      setAsking(false);
    }
  }, [open]);
  useLeaveGuard(open && unsaved, discardTexts);
  const dismiss = () => {
    if (dirty.current) setAsking(true);
    else onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={dismiss}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: width }, maxWidth: '100%' } } }}
    >
      <Box data-testid="side-panel" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: '#f8fafc' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }} data-testid="side-panel-title">
            {title}
          </Typography>
          <IconButton aria-label="Close" onClick={guardCloseButton ? dismiss : onClose} data-testid="side-panel-close">
            <Close />
          </IconButton>
        </Box>
        <DirtyContext.Provider value={report}>
          <Box sx={{ flex: 1, overflowY: 'auto', px: 2.5, py: 2 }}>{open ? children : null}</Box>
        </DirtyContext.Provider>
      </Box>
      <ConfirmDialog
        open={asking}
        title={discardTexts.title}
        content={discardTexts.content}
        confirm={discardTexts.confirm}
        cancel={discardTexts.cancel}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </Drawer>
  );
}
