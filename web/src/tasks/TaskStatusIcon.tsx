import Block from '@mui/icons-material/Block';
import DeleteForever from '@mui/icons-material/DeleteForever';
import EditNote from '@mui/icons-material/EditNote';
import FiberNew from '@mui/icons-material/FiberNew';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PendingActions from '@mui/icons-material/PendingActions';
import Send from '@mui/icons-material/Send';
import Verified from '@mui/icons-material/Verified';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { taskStatusLabel } from './filters';

const ICONS: Record<number, { icon: ReactElement; color: string }> = {
  1: { icon: <FiberNew fontSize="small" />, color: '#1565c0' },
  2: { icon: <PendingActions fontSize="small" />, color: '#ef6c00' },
  4: { icon: <PauseCircle fontSize="small" />, color: '#795548' },
  8: { icon: <Send fontSize="small" />, color: '#6a1b9a' },
  16: { icon: <Verified fontSize="small" />, color: '#2e7d32' },
  32: { icon: <EditNote fontSize="small" />, color: '#00838f' },
  64: { icon: <Block fontSize="small" />, color: '#c62828' },
  // Deleted: the spec's mandatory/red marker.
  1024: { icon: <DeleteForever fontSize="small" />, color: '#d32f2f' },
};

/** The Status column: an icon per task status with its name in a tooltip (as the jobs' dashboard). */
export function TaskStatusIcon({ status }: { status: number }) {
  const entry = ICONS[status] ?? ICONS[1];
  const label = taskStatusLabel(status);
  return (
    <Tooltip title={label}>
      <span
        role="img"
        aria-label={label}
        data-testid={`task-status-${status}`}
        style={{ color: entry.color, display: 'inline-flex', verticalAlign: 'middle' }}
      >
        {entry.icon}
      </span>
    </Tooltip>
  );
}
