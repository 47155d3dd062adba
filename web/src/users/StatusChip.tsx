import { CellChip } from '../common/list/CellChip';
import { USER_STATUS_LABEL, type UserRow, type UserStatus } from '@portal/contracts';

const COLORS: Record<number, 'success' | 'default' | 'warning' | 'error'> = {
  1: 'success',
  [-1]: 'error',
  [-2]: 'default',
  [-3]: 'warning',
};

export const statusLabel = (user: Pick<UserRow, 'status'>): string => USER_STATUS_LABEL[user.status as UserStatus] ?? String(user.status);

export function StatusChip({ status }: { status: number }) {
  return <CellChip color={COLORS[status] ?? 'default'} label={statusLabel({ status })} />;
}
