import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ItemStatus } from '@portal/contracts';

/** Valid / Due Shortly / Expired from the due date (DECISIONS 5), coloured. */
const STATUS_COLOR: Record<ItemStatus, 'success' | 'warning' | 'error'> = { Valid: 'success', 'Due Shortly': 'warning', Expired: 'error' };

export function ItemStatusChip({ status }: { status: ItemStatus | null }) {
  if (!status) return <Typography color="text.secondary">—</Typography>;
  return <Chip size="small" color={STATUS_COLOR[status]} label={status} data-testid="item-status" />;
}
