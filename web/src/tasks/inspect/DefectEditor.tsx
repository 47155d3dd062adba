import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DANGER_LABEL, DEFECT_TEXT_MAX, type ItemResult, type NodeDefectRow } from '@portal/contracts';
import { TASK_UI } from '../texts';
import { DateField } from '../../common/DateField';

/** What is wrong with a drafted defect, by field; empty when it may be saved (DECISIONS 9). */
export function defectErrors(result: ItemResult | null, defect: NodeDefectRow | null): Partial<Record<keyof NodeDefectRow, string>> {
  if (result === 'fail' && !defect) return { description: TASK_UI.defectRequired };
  if (!defect) return {};
  const errors: Partial<Record<keyof NodeDefectRow, string>> = {};
  if (!defect.description.trim()) errors.description = result === 'fail' ? TASK_UI.defectRequired : 'Describe the observation';
  if (defect.description.length > DEFECT_TEXT_MAX) errors.description = `At most ${DEFECT_TEXT_MAX} characters`;
  if ((defect.remedialAction ?? '').length > DEFECT_TEXT_MAX) errors.remedialAction = `At most ${DEFECT_TEXT_MAX} characters`;
  if (defect.danger === 2 && !defect.remedyBy) errors.remedyBy = 'Remedy by is required for a defect that will become dangerous';
  return errors;
}

const EMPTY_DEFECT: NodeDefectRow = { description: '', danger: 1, remedialAction: null, remedyBy: null };

/**
 * The defect of a failed item (or section form): description, danger (existing, or will become
 * dangerous with a date to remedy by) and the remedial action; a passed item may instead carry an
 * observation (danger 3). Required for a fail: the server refuses a failed node without one.
 */
export function DefectEditor({
  result,
  defect,
  onChange,
  editable,
  showErrors,
}: {
  /** The node's result after its form's result fields. */
  result: ItemResult | null;
  defect: NodeDefectRow | null;
  onChange(defect: NodeDefectRow | null): void;
  editable: boolean;
  showErrors: boolean;
}) {
  if (result !== 'fail' && result !== 'pass') return null;
  const failed = result === 'fail';
  if (!failed && !defect) {
    return editable ? (
      <Box>
        <Button size="small" onClick={() => onChange({ ...EMPTY_DEFECT, danger: 3 })} data-testid="add-observation">
          {TASK_UI.addObservation}
        </Button>
      </Box>
    ) : null;
  }
  const value = defect ?? { ...EMPTY_DEFECT };
  const errors = showErrors ? defectErrors(result, defect) : {};
  const set = (patch: Partial<NodeDefectRow>) => onChange({ ...value, ...patch });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: failed ? 'error.light' : 'divider' }}
      data-testid="defect-editor"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {failed && <ReportProblem color="error" fontSize="small" />}
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {failed ? `${TASK_UI.defect} *` : TASK_UI.observation}
        </Typography>
        {!failed && editable && (
          <Button size="small" color="inherit" onClick={() => onChange(null)} data-testid="remove-observation">
            {TASK_UI.removeObservation}
          </Button>
        )}
      </Box>
      <TextField
        label={failed ? TASK_UI.defectDescription : TASK_UI.observationDescription}
        required={failed}
        multiline
        minRows={2}
        fullWidth
        value={value.description}
        onChange={(e) => set({ description: e.target.value })}
        disabled={!editable}
        error={Boolean(errors.description)}
        helperText={errors.description ?? `${value.description.length} / ${DEFECT_TEXT_MAX}`}
        slotProps={{ htmlInput: { maxLength: DEFECT_TEXT_MAX, 'data-testid': 'defect-description' } }}
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: failed ? '1fr 1fr' : '1fr' } }}>
        {failed && (
          <TextField
            select
            label={TASK_UI.danger}
            required
            value={value.danger}
            onChange={(e) =>
              set({ danger: Number(e.target.value) as 1 | 2, remedyBy: Number(e.target.value) === 2 ? value.remedyBy : null })
            }
            disabled={!editable}
            data-testid="defect-danger"
          >
            {([1, 2] as const).map((d) => (
              <MenuItem key={d} value={d}>
                {DANGER_LABEL[d]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {failed && value.danger === 2 && (
          <DateField
            label={TASK_UI.remedyBy}
            required
            value={value.remedyBy ?? ''}
            onChange={(remedyBy) => set({ remedyBy: remedyBy || null })}
            disabled={!editable}
            error={Boolean(errors.remedyBy)}
            helperText={errors.remedyBy}
            testId="defect-remedy-by"
          />
        )}
      </Box>
      <TextField
        label={TASK_UI.remedialAction}
        multiline
        fullWidth
        value={value.remedialAction ?? ''}
        onChange={(e) => set({ remedialAction: e.target.value || null })}
        disabled={!editable}
        error={Boolean(errors.remedialAction)}
        helperText={errors.remedialAction}
        slotProps={{ htmlInput: { maxLength: DEFECT_TEXT_MAX, 'data-testid': 'defect-remedial-action' } }}
      />
    </Paper>
  );
}
