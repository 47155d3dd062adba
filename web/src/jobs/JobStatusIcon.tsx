import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteForever from '@mui/icons-material/DeleteForever';
import FiberNew from '@mui/icons-material/FiberNew';
import Lock from '@mui/icons-material/Lock';
import PendingActions from '@mui/icons-material/PendingActions';
import Send from '@mui/icons-material/Send';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { JOB_STATUS_LABEL, type JobStatus } from '@portal/contracts';

const ICONS: Record<number, { icon: ReactElement; color: string }> = {
  1: { icon: <FiberNew fontSize="small" />, color: '#1565c0' },
  2: { icon: <PendingActions fontSize="small" />, color: '#ef6c00' },
  4: { icon: <CheckCircle fontSize="small" />, color: '#2e7d32' },
  8: { icon: <Send fontSize="small" />, color: '#6a1b9a' },
  16: { icon: <Lock fontSize="small" />, color: '#455a64' },
  64: { icon: <Block fontSize="small" />, color: '#c62828' },
  1024: { icon: <DeleteForever fontSize="small" />, color: '#8d6e63' },
};

export const jobStatusLabel = (status: number) => JOB_STATUS_LABEL[status as JobStatus] ?? String(status);

/** The Status column: an icon per job status with its name in a tooltip (shell document 2). */
export function JobStatusIcon({ status, dayJobClosed }: { status: number; dayJobClosed?: boolean }) {
  const entry = ICONS[status] ?? ICONS[1];
  const label = jobStatusLabel(status) + (dayJobClosed ? ' (day job closed)' : '');
  return (
    <Tooltip title={label}>
      <span
        role="img"
        aria-label={label}
        data-testid={`job-status-${status}`}
        style={{ color: entry.color, display: 'inline-flex', verticalAlign: 'middle' }}
      >
        {entry.icon}
      </span>
    </Tooltip>
  );
}
