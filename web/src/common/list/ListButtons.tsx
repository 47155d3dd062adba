import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SHELL } from '@portal/contracts';

export function ReloadButton({ onClick, loading }: { onClick(): void; loading?: boolean }) {
  return (
    <Button
      variant="outlined"
      startIcon={loading ? <CircularProgress size={16} aria-label="Loading" /> : <Refresh />}
      onClick={onClick}
      data-testid="reload"
    >
      {SHELL.reload}
    </Button>
  );
}

/** Shown only when more rows exist (spec: "Load More (when more exist)"). */
export function LoadMoreButton({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick(): void }) {
  if (!hasMore) return null;
  return (
    <Button
      variant="outlined"
      startIcon={loading ? <CircularProgress size={16} aria-label="Loading more" /> : <ExpandMore />}
      onClick={onClick}
      disabled={loading}
      data-testid="load-more"
    >
      {SHELL.loadMore}
    </Button>
  );
}

export function AddButton({ onClick, label = SHELL.add, disabled }: { onClick(): void; label?: string; disabled?: boolean }) {
  return (
    <Button variant="contained" startIcon={<Add />} onClick={onClick} disabled={disabled} data-testid="add">
      {label}
    </Button>
  );
}
