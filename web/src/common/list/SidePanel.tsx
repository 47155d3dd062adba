import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { type DiscardTexts, SHELL_DISCARD, UnsavedScope, useDiscardGuard, useReportUnsaved, useReportUnsavedNow } from '../DiscardGuard';

/** Form values as one text, keys in order (react-hook-form's own dirty rule is a deep comparison). */
function stableText(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * Reports the surrounding react-admin Form's unsaved changes to its SidePanel or dialog.
 * PanelFooter renders it, so every panel form is covered. Each change of a value is also
 * reported at once (the form's state follows after its resolver's validation and a render).
 */
export function TrackUnsavedChanges() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  const { watch, getValues, control } = useFormContext();
  useReportUnsaved(isDirty && !isSubmitSuccessful);
  const reportNow = useReportUnsavedNow();
  useEffect(() => {
    // Only a person's input ('change'), not a value the form sets itself (a cascade, a reset).
    const subscription = watch((_values, { type }) => {
      if (type === 'change') reportNow(stableText(getValues()) !== stableText(control._defaultValues));
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, control, reportNow]);
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
