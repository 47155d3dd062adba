import ReportGmailerrorred from '@mui/icons-material/ReportGmailerrorred';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ItemStatus } from '@portal/contracts';

/**
 * Valid / Due Shortly / Expired from the due date (DECISIONS 5), and Failed while the last
 * approved inspection failed (DECISIONS 9), coloured. Failed is red like Expired and carries a
 * warning sign, so the two read apart without relying on colour.
 */
const STATUS_COLOR: Record<ItemStatus, 'success' | 'warning' | 'error'> = {
  Valid: 'success',
  'Due Shortly': 'warning',
  Expired: 'error',
  Failed: 'error',
};

export function ItemStatusChip({ status }: { status: ItemStatus | null }) {
  if (!status) return <Typography color="text.secondary">—</Typography>;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      label={status}
      icon={status === 'Failed' ? <ReportGmailerrorred /> : undefined}
      data-testid="item-status"
      data-status={status}
    />
  );
}
