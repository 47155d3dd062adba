import Assignment from '@mui/icons-material/AssignmentOutlined';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { cloneElement, type ReactElement, useId, useState } from 'react';
import type { InspectionSummary } from '@portal/contracts';
import { TASK_UI } from '../texts';

export const RESULT_CHIP: Record<number, { label: string; color: 'success' | 'error' | 'warning' }> = {
  1: { label: 'PASS', color: 'success' },
  2: { label: 'FAIL', color: 'error' },
  3: { label: 'PENDING', color: 'warning' },
};

/** The computed result as a chip (what the certificate will say). */
export function ResultChip({ result, testId = 'computed-result' }: { result: number; testId?: string }) {
  const chip = RESULT_CHIP[result] ?? RESULT_CHIP[3];
  // White on MUI's orange is 3.1:1: the pending chip is dark text on a light amber instead.
  const pending = chip.color === 'warning' ? { bgcolor: '#fff4d6', color: '#7a4f00' } : {};
  return (
    <Chip
      label={chip.label}
      color={chip.color}
      size="small"
      sx={{ fontWeight: 700, letterSpacing: 0.5, ...pending }}
      data-testid={testId}
    />
  );
}

/** The defects and observations of an inspection, most dangerous first. */
export function DefectList({ defects }: { defects: InspectionSummary['defects'] }) {
  if (defects.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="defect-list-empty">
        {TASK_UI.noDefects}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }} data-testid="defect-list">
      {defects.map((d) => (
        <li key={d.nodeId} data-testid="defect-entry">
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {d.name}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            sx={{ color: d.danger === 1 ? 'error.main' : d.danger === 2 ? 'warning.dark' : 'text.secondary', fontWeight: 600 }}
          >
            {' '}
            · {d.dangerLabel}
          </Typography>
          <Typography variant="body2">{d.description}</Typography>
          {(d.remedialAction || d.remedyBy) && (
            <Typography variant="caption" color="text.secondary">
              {[d.remedialAction, d.remedyBy ? `${TASK_UI.remedyBy} ${d.remedyBy}` : null].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

/** A helper of the bar: a labelled button, or on a phone its icon with the label as name and tooltip. */
function BarAction({
  compact,
  label,
  icon,
  iconAfter = false,
  variant = 'text',
  onClick,
  testId,
}: {
  compact: boolean;
  label: string;
  icon: ReactElement<{ fontSize?: string }>;
  iconAfter?: boolean;
  variant?: 'text' | 'outlined';
  onClick(): void;
  testId: string;
}) {
  if (compact)
    return (
      <Tooltip title={label}>
        <IconButton
          size="small"
          color="primary"
          aria-label={label}
          onClick={onClick}
          sx={variant === 'outlined' ? { border: 1, borderColor: 'divider' } : undefined}
          data-testid={testId}
        >
          {cloneElement(icon, { fontSize: 'small' })}
        </IconButton>
      </Tooltip>
    );
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={iconAfter ? undefined : icon}
      endIcon={iconAfter ? icon : undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/**
 * The inspection's state above SECTIONS, ITEMS and FORM (DECISIONS 9): the computed result, how
 * many items still need a result, 'Go to next incomplete item', the examination details, and
 * 'Submit for approval' for whoever may submit (FIELD-ENGG included: the action bar keeps the
 * spec's disabled buttons for that role).
 */
export function InspectionBar({
  summary,
  canSubmit,
  submitBlocked,
  onNextIncomplete,
  onExamination,
  onSubmit,
  onGoToMissing,
}: {
  summary: InspectionSummary;
  canSubmit: boolean;
  /** Why Submit cannot be used now (offline, saves still queued): it needs the connection (issue 21). */
  submitBlocked?: string;
  onNextIncomplete(): void;
  onExamination(): void;
  onSubmit(): Promise<boolean>;
  onGoToMissing(): void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const problems = summary.problems.filter((p) => p.kind !== 'nothing');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.25, display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}
      data-testid="inspection-bar"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {TASK_UI.computedResult}
        </Typography>
        <ResultChip result={summary.result} />
      </Box>
      <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }} data-testid="inspection-todo">
        {summary.complete
          ? TASK_UI.inspectionComplete
          : problems.length > 0
            ? TASK_UI.needResult(summary.incomplete)
            : summary.problems[0]?.message}
      </Typography>
      {/* On a phone the two helpers are icons, so the result buttons stay on the first screen. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <BarAction compact={phone} label={TASK_UI.examination} icon={<Assignment />} onClick={onExamination} testId="examination-open" />
        {problems.length > 0 && (
          <BarAction
            compact={phone}
            label={TASK_UI.nextIncomplete}
            icon={<NavigateNext />}
            iconAfter
            variant="outlined"
            onClick={onNextIncomplete}
            testId="next-incomplete"
          />
        )}
        {canSubmit && submitBlocked && (
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="submit-blocked">
            {submitBlocked}
          </Typography>
        )}
        {canSubmit && (
          <Button
            size="small"
            variant="contained"
            startIcon={<Send />}
            onClick={() => setOpen(true)}
            disabled={Boolean(submitBlocked)}
            data-testid="submit-for-approval"
          >
            {TASK_UI.submitForApproval}
          </Button>
        )}
      </Box>
      <Dialog
        open={open}
        onClose={busy ? undefined : () => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        data-testid="submit-dialog"
      >
        <DialogTitle id={titleId}>{TASK_UI.submitTitle}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {summary.complete ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography>{TASK_UI.submitIntro}</Typography>
                <ResultChip result={summary.result} testId="submit-result" />
              </Box>
              {summary.defects.length > 0 && (
                <>
                  <Typography variant="subtitle2">{summary.result === 2 ? TASK_UI.defectsFound : TASK_UI.observations}</Typography>
                  <DefectList defects={summary.defects} />
                </>
              )}
            </>
          ) : (
            <>
              <Alert severity="warning" data-testid="submit-incomplete">
                {TASK_UI.submitIncomplete} {TASK_UI.needResult(summary.incomplete)}
              </Alert>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="submit-problems">
                {summary.problems.slice(0, 8).map((p) => (
                  <li key={`${p.nodeId}:${p.message}`}>
                    <Typography variant="body2">
                      <strong>{p.name}</strong>: {p.message}
                    </Typography>
                  </li>
                ))}
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} disabled={busy} data-testid="submit-cancel">
            {summary.complete ? 'Cancel' : 'Close'}
          </Button>
          {summary.complete ? (
            <Button
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <Send />}
              onClick={async () => {
                setBusy(true);
                const done = await onSubmit();
                setBusy(false);
                if (done) setOpen(false);
              }}
              data-testid="submit-confirm"
            >
              {TASK_UI.submitForApproval}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => {
                setOpen(false);
                onGoToMissing();
              }}
              data-testid="submit-go-to-missing"
            >
              {TASK_UI.goToMissing}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
