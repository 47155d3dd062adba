import Archive from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/Edit';
import PauseCircle from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircle from '@mui/icons-material/PlayCircleOutlineOutlined';
import type { ReactElement } from 'react';
import type { UserRow, UserStatusAction } from '@portal/contracts';
import type { RowActionSpec } from '../common/list';

const ACTIONS: { action: UserStatusAction; label: string; icon: ReactElement; color: RowActionSpec['color'] }[] = [
  { action: 'remove', label: 'Remove', icon: <DeleteOutline fontSize="small" />, color: 'error' },
  { action: 'archive', label: 'Archive', icon: <Archive fontSize="small" />, color: 'default' },
  { action: 'suspend', label: 'Suspend', icon: <PauseCircle fontSize="small" />, color: 'warning' },
  { action: 'activate', label: 'Activate', icon: <PlayCircle fontSize="small" />, color: 'success' },
];

/**
 * The row's actions, from the server's `can` flags (shell document 4: Edit only for active
 * users, Remove/Archive/Suspend/Activate by status, and only with the right), in the order
 * Edit, Remove, Archive, Suspend, Activate.
 */
export function userRowActions(
  user: UserRow,
  onEdit: (user: UserRow) => void,
  onAction: (user: UserRow, action: UserStatusAction) => void,
): RowActionSpec[] {
  const actions: RowActionSpec[] = [];
  if (user.can.edit)
    actions.push({ key: 'edit', label: 'Edit', icon: <Edit fontSize="small" />, color: 'primary', onClick: () => onEdit(user) });
  for (const a of ACTIONS) {
    if (user.can[a.action])
      actions.push({ key: a.action, label: a.label, icon: a.icon, color: a.color, onClick: () => onAction(user, a.action) });
  }
  return actions;
}
