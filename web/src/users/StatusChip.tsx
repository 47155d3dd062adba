import Chip from '@mui/material/Chip';
import { USER_STATUS_LABEL, type UserStatus } from '@portal/contracts';

const COLORS: Record<number, 'success' | 'default' | 'warning' | 'error'> = {
  1: 'success',
  [-1]: 'error',
  [-2]: 'default',
  [-3]: 'warning',
};

export function StatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status] ?? 'default'}
      label={USER_STATUS_LABEL[status as UserStatus] ?? String(status)}
    />
  );
}
