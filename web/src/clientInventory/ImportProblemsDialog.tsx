import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { INVENTORY_TEXT } from '@portal/contracts';

/** A refused import (DECISIONS 10): the server's summary, then every invalid line with its reason. */
export function ImportProblemsDialog({
  problems,
  onClose,
}: {
  problems: { error: string; lines: [string, string][] } | null;
  onClose(): void;
}) {
  const titleId = useId();
  return (
    <Dialog open={Boolean(problems)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{INVENTORY_TEXT.importProblemsTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography data-testid="import-error" sx={{ mb: problems?.lines.length ? 1.5 : 0 }}>
          {problems?.error}
        </Typography>
        {problems && problems.lines.length > 0 && (
          <ul data-testid="import-problems" style={{ margin: 0, paddingLeft: 20, maxHeight: 320, overflow: 'auto' }}>
            {problems.lines.map(([line, reason]) => (
              <li key={line} data-testid="import-problem">
                <strong>{INVENTORY_TEXT.line(line)}</strong>: {reason}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="import-problems-close" autoFocus>
          {INVENTORY_TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
