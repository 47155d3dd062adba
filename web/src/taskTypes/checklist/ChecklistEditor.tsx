import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Checklist, checklistText, parseJsonAs, TASK_TYPE_TEXT } from '@portal/contracts';
import { useChecklistForms } from '../options';
import { ChecklistTree } from './ChecklistTree';

/**
 * The checklist of a task type, edited two ways over one value (the JSON text the form holds):
 * a valid JSON edit redraws the tree; a tree edit rewrites the JSON (pretty, 2 spaces); while the
 * JSON is not valid the tree says why and waits. `serverError` is the save's answer about it.
 */
export function ChecklistEditor({
  value,
  onChange,
  onBlur,
  serverError,
  looseGear,
}: {
  /** The LLG task type or a child: LLG data forms are offered too. */
  looseGear: boolean;
  value: string;
  onChange(text: string): void;
  onBlur?(): void;
  serverError?: string;
}) {
  const parsed = useMemo(() => parseJsonAs(Checklist, value), [value]);
  const forms = useChecklistForms(looseGear);
  const problem = parsed.ok ? serverError : parsed.message;
  const counts = parsed.ok
    ? TASK_TYPE_TEXT.checklistCounts(
        parsed.value.sections.length,
        parsed.value.sections.reduce((n, s) => n + s.items.length, 0),
      )
    : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 4fr)' }, alignItems: 'start' }}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1, display: 'flex', justifyContent: 'space-between' }}>
          <span>Checklist</span>
          {counts && (
            <Typography component="span" variant="caption" color="text.secondary">
              {counts}
            </Typography>
          )}
        </Typography>
        {parsed.ok ? (
          <ChecklistTree checklist={parsed.value} forms={forms} onChange={(next) => onChange(checklistText(next))} />
        ) : (
          <Alert severity="warning" data-testid="checklist-tree-invalid">
            {parsed.message}
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {TASK_TYPE_TEXT.checklistReadOnly}
            </Typography>
          </Alert>
        )}
      </Box>
      <TextField
        label="Task checklist (JSON)"
        multiline
        minRows={16}
        maxRows={32}
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        error={Boolean(problem)}
        helperText={problem ?? 'Sections with items; edit here or in the tree'}
        slotProps={{
          htmlInput: { 'data-testid': 'checklist-json', spellCheck: false, 'aria-label': 'Task checklist JSON' },
          input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5, lineHeight: 1.5 } },
        }}
      />
    </Box>
  );
}
