import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The frame of every list: filters and buttons above, the table, and a footer saying how
 * many rows are loaded of how many match, with Load More.
 */
export function ListCard({
  filters,
  toolbar,
  children,
  loaded,
  total,
  footer,
}: {
  filters?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
  loaded: number;
  total?: number;
  footer?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }}>
      {(filters || toolbar) && (
        <Box sx={{ display: 'flex', gap: 1.5, p: 2, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', flex: 1 }}>{filters}</Box>
          {toolbar && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{toolbar}</Box>}
        </Box>
      )}
      <Box sx={{ overflowX: 'auto', '& td': { whiteSpace: 'nowrap' } }}>{children}</Box>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.25, borderTop: 1, borderColor: 'divider', bgcolor: '#fafbfc' }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="list-count">
          {total === undefined ? `${loaded} loaded` : `Total ${loaded} of ${total} loaded`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {footer}
      </Box>
    </Paper>
  );
}
