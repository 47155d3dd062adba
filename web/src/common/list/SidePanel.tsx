import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The side panel of the spec's add/edit forms: a drawer from the right with a title. */
export function SidePanel({
  open,
  title,
  onClose,
  children,
  width = 520,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: width } } } }}>
      <Box role="dialog" aria-label={title} data-testid="side-panel" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: '#f8fafc' }}>
          <Typography variant="h6" sx={{ flex: 1, fontSize: 18 }} data-testid="side-panel-title">
            {title}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 2.5, py: 2 }}>{open ? children : null}</Box>
      </Box>
    </Drawer>
  );
}
