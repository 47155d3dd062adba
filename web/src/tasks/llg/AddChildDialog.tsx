import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { type ChildLlgTask, LLG_SERIAL_MAX, LLG_TEXT, LLG_TEXT_MAX, TASK_TEXT } from '@portal/contracts';
import { OptionPicker } from '../../common/OptionPicker';
import { useAlert, useLoadErrorAlert } from '../../common/useAlert';
import { useTaskTypes } from '../../jobs/pickers';
import { createChild } from './api';
import { type ChildDraft, canCreate, childTaskTypes, createErrorOf, EMPTY_DRAFT, newChildOf } from './llgRules';
import { LLG_UI } from './texts';

/**
 * The Add New Child Task panel (tasks document 2.3): the child's task type among the types whose
 * label contains 'llg-', then the item examined: Serial Number (required), Specification, ID
 * (acronym code) and SWL. CREATE stays disabled until a type is chosen and a serial typed; a
 * refusal (the serial taken: 409) is shown in its field.
 */
export function AddChildDialog({
  parentId,
  onClose,
  onCreated,
}: {
  parentId: number;
  onClose(): void;
  onCreated(child: ChildLlgTask): void;
}) {
  const alert = useAlert();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const options = useTaskTypes();
  useLoadErrorAlert(options.error, TASK_TEXT.loadTaskTypesError);
  const types = useMemo(() => childTaskTypes(options.data ?? []), [options.data]);
  const [draft, setDraft] = useState<ChildDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<ReturnType<typeof createErrorOf>>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof ChildDraft, value: string | number | null) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ fields: { ...e.fields, [field]: undefined }, general: null }));
  };

  async function create() {
    const body = newChildOf(draft, types);
    if (!body) return;
    setBusy(true);
    try {
      const answer = await createChild(parentId, body);
      alert.success(LLG_TEXT.childAdded);
      onCreated(answer.child);
    } catch (error) {
      const shown = createErrorOf(error);
      setErrors(shown);
      alert.saveError((error as Error).message || TASK_TEXT.updateError);
    } finally {
      setBusy(false);
    }
  }

  const text = (field: Exclude<keyof ChildDraft, 'taskTypeId'>, label: string, max: number, extra: { required?: boolean } = {}) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      required={extra.required}
      value={draft[field]}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(errors.fields[field])}
      helperText={errors.fields[field] ?? ' '}
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `llg-new-${field}` } }}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth fullScreen={phone} data-testid="llg-add-dialog">
      <DialogTitle>{LLG_TEXT.addChildTitle}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pt: '8px !important' }}>
        {errors.general && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="llg-add-error">
            {errors.general}
          </Alert>
        )}
        {!options.isLoading && types.length === 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {LLG_UI.noTypes}
          </Alert>
        )}
        <OptionPicker<number>
          label={LLG_UI.taskType}
          required
          value={draft.taskTypeId}
          options={types.map((t) => ({ id: t.id, name: t.name }))}
          onChange={(id) => set('taskTypeId', id)}
          emptyLabel={null}
          loading={options.isLoading}
          disabled={options.isLoading}
          error={Boolean(errors.fields.taskTypeId)}
          helperText={errors.fields.taskTypeId ?? ' '}
          testId="llg-new-type"
        />
        {text('llgSerialNumber', LLG_UI.serialNumber, LLG_SERIAL_MAX, { required: true })}
        {text('specification', LLG_UI.specification, LLG_TEXT_MAX)}
        {text('acronymCode', LLG_UI.acronymCode, 100)}
        {text('safeWorkingLoad', LLG_UI.swl, 100)}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="llg-add-cancel">
          {LLG_UI.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !canCreate(draft)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={create}
          data-testid="llg-add-create"
        >
          {LLG_TEXT.create}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
