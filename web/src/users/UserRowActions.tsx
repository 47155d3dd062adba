import Archive from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/Edit';
import PauseCircle from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircle from '@mui/icons-material/PlayCircleOutlineOutlined';
import Box from '@mui/material/Box';
import type { ReactElement } from 'react';
import { useRecordContext } from 'react-admin';
import type { UserRow, UserStatusAction } from '@portal/contracts';
import { RowAction } from '../common/list';

const ACTIONS: { action: UserStatusAction; label: string; icon: ReactElement; color: 'error' | 'warning' | 'default' | 'success' }[] = [
  { action: 'remove', label: 'Remove', icon: <DeleteOutline fontSize="small" />, color: 'error' },
  { action: 'archive', label: 'Archive', icon: <Archive fontSize="small" />, color: 'default' },
  { action: 'suspend', label: 'Suspend', icon: <PauseCircle fontSize="small" />, color: 'warning' },
  { action: 'activate', label: 'Activate', icon: <PlayCircle fontSize="small" />, color: 'success' },
];

/**
 * The row's actions, shown from the server's `can` flags (shell document 4: Edit only for
 * active users, Remove/Archive/Suspend/Activate by status, and only with the right).
 */
export function UserRowActions({
  onEdit,
  onAction,
}: {
  onEdit(user: UserRow): void;
  onAction(user: UserRow, action: UserStatusAction): void;
}) {
  const user = useRecordContext<UserRow>();
  if (!user) return null;
  const shown = ACTIONS.filter((a) => user.can[a.action]);
  if (!user.can.edit && shown.length === 0) return null;
  // Fixed slots (Edit, Remove, Archive, Suspend, Activate), so that the icons line up
  // from row to row whatever a row allows.
  const slot = (action: UserStatusAction) => {
    const a = shown.find((candidate) => candidate.action === action);
    return a ? (
      <RowAction
        key={a.action}
        label={a.label}
        icon={a.icon}
        color={a.color}
        onClick={() => onAction(user, a.action)}
        testId={`row-${a.action}`}
      />
    ) : null;
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 30px)', gap: 0.25 }}>
      <span>
        {user.can.edit && (
          <RowAction label="Edit" icon={<Edit fontSize="small" />} color="primary" onClick={() => onEdit(user)} testId="row-edit" />
        )}
      </span>
      <span>{slot('remove')}</span>
      <span>{slot('archive')}</span>
      <span>{slot('suspend')}</span>
      <span>{slot('activate')}</span>
    </Box>
  );
}
