import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Cancel and Save at the foot of a side panel, kept in view while a long panel (a role's
 * licences) scrolls. The negative margins reach over SidePanel's padding.
 */
export function PanelFooter({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: -16,
        zIndex: 2,
        display: 'flex',
        gap: 1,
        justifyContent: 'flex-end',
        mt: 3,
        mx: -2.5,
        mb: -2,
        px: 2.5,
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
