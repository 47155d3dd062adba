import Close from '@mui/icons-material/Close';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { SHELL } from '@portal/contracts';

/**
 * The card of a list: the filter bar (filters on the left, buttons on the right), the table
 * or cards, and the footer. On a phone the filters fold into a drawer behind "Filters".
 */
export function FilterBar({
  phone,
  filters,
  toolbar,
  footer,
  children,
}: {
  phone: boolean;
  filters?: ReactNode;
  toolbar?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          p: { xs: 1.5, md: 2 },
          flexWrap: 'wrap',
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {/* The filters claim a row of their own (basis 520 px) before they stack into a column: on a tablet the buttons wrap below them instead. */}
        {filters && !phone && (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', flex: '1 1 520px', minWidth: 0 }}>{filters}</Box>
        )}
        {filters && phone && (
          <Button variant="outlined" startIcon={<FilterList />} onClick={() => setOpen(true)} data-testid="filters-button">
            {SHELL.filters}
          </Button>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', ml: 'auto' }}>{toolbar}</Box>
      </Box>
      {children}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1.25,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: '#fafbfc',
          typography: 'body2',
          color: 'text.secondary',
        }}
      >
        {footer}
      </Box>
      {phone && filters && (
        <Drawer
          anchor="bottom"
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': titleId,
              sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
            },
          }}
        >
          <Box data-testid="filters-drawer" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
              <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
                {SHELL.filters}
              </Typography>
              <IconButton aria-label="Close" onClick={() => setOpen(false)}>
                <Close />
              </IconButton>
            </Box>
            <Box sx={{ display: 'grid', gap: 1.5, '& .MuiFormControl-root, & .MuiTextField-root': { width: '100% !important' } }}>
              {filters}
            </Box>
            <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => setOpen(false)}>
              {SHELL.showResults}
            </Button>
          </Box>
        </Drawer>
      )}
    </Paper>
  );
}
