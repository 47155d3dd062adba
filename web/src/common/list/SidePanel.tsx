import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useFormState } from 'react-hook-form';
import { type DiscardTexts, SHELL_DISCARD, UnsavedScope, useDiscardGuard, useReportUnsaved } from '../DiscardGuard';

/**
 * Reports the surrounding react-admin Form's unsaved changes to its SidePanel or dialog.
 * PanelFooter renders it, so every panel form is covered.
 */
export function TrackUnsavedChanges() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  useReportUnsaved(isDirty && !isSubmitSuccessful);
  return null;
}

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
  const { dismiss, confirm, report } = useDiscardGuard({ open, onClose, texts: discardTexts });
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
        <UnsavedScope report={report}>
          <Box sx={{ flex: 1, overflowY: 'auto', px: 2.5, py: 2 }}>{open ? children : null}</Box>
        </UnsavedScope>
      </Box>
      {confirm}
    </Drawer>
  );
}
