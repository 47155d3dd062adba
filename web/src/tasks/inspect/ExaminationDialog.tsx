import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  EXAMINATION_BASES,
  EXAMINATION_BASIS_LABEL,
  type ExaminationBasis,
  ExaminationBody,
  TEST_EQUIPMENT_MAX,
  type TaskDetail,
} from '@portal/contracts';
import { useAlert } from '../../common/useAlert';
import { saveExamination } from '../api';
import { TASK_UI } from '../texts';
import { DateField } from '../../common/DateField';

interface Row {
  name: string;
  identifier: string;
  calibrationCertificate: string;
  calibrationDue: string;
}

const rowOf = (e: TaskDetail['testEquipment'][number]): Row => ({
  name: e.name,
  identifier: e.identifier,
  calibrationCertificate: e.calibrationCertificate ?? '',
  calibrationDue: e.calibrationDue ?? '',
});

/**
 * The examination details the certificate states (DECISIONS 9): the basis of examination (the
 * task type's default until chosen) and the test equipment used with its calibration. Checked
 * with the contracts' schema before it is sent; read only for whoever may not inspect.
 */
export function ExaminationDialog({
  task,
  editable,
  open,
  onClose,
  onSaved,
}: {
  task: TaskDetail;
  editable: boolean;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const titleId = useId();
  const [basis, setBasis] = useState<ExaminationBasis>(task.basisOfExamination);
  const [rows, setRows] = useState<Row[]>(() => task.testEquipment.map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (index: number, patch: Partial<Row>) => setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  async function save() {
    const parsed = ExaminationBody.safeParse({
      basis,
      testEquipment: rows.map((r) => ({
        name: r.name,
        identifier: r.identifier,
        calibrationCertificate: r.calibrationCertificate || null,
        calibrationDue: r.calibrationDue || null,
      })),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await saveExamination(task.id, parsed.data);
      alert.success(answer.message);
      onSaved();
      onClose();
    } catch (error) {
      alert.saveError((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      data-testid="examination-dialog"
    >
      <DialogTitle id={titleId}>{TASK_UI.examination}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={TASK_UI.basis}
          value={basis}
          onChange={(e) => setBasis(e.target.value as ExaminationBasis)}
          disabled={!editable}
          data-testid="examination-basis"
        >
          {EXAMINATION_BASES.map((b) => (
            <MenuItem key={b} value={b}>
              {EXAMINATION_BASIS_LABEL[b]}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle2" component="h3">
          {TASK_UI.testEquipment}
        </Typography>
        {rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {TASK_UI.noEquipment}
          </Typography>
        )}
        {rows.map((row, i) => (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place
            key={i}
            variant="outlined"
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: '2fr 1.2fr 1.2fr 1fr auto' },
              alignItems: 'start',
            }}
            data-testid="equipment-row"
          >
            <TextField
              size="small"
              label={TASK_UI.equipmentName}
              required
              value={row.name}
              onChange={(e) => set(i, { name: e.target.value })}
              disabled={!editable}
              error={Boolean(errors[`testEquipment.${i}.name`])}
              helperText={errors[`testEquipment.${i}.name`]}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'equipment-name' } }}
            />
            <TextField
              size="small"
              label={TASK_UI.equipmentIdentifier}
              required
              value={row.identifier}
              onChange={(e) => set(i, { identifier: e.target.value })}
              disabled={!editable}
              error={Boolean(errors[`testEquipment.${i}.identifier`])}
              helperText={errors[`testEquipment.${i}.identifier`]}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'equipment-identifier' } }}
            />
            <TextField
              size="small"
              label={TASK_UI.calibrationCertificate}
              value={row.calibrationCertificate}
              onChange={(e) => set(i, { calibrationCertificate: e.target.value })}
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <DateField
              label={TASK_UI.calibrationDue}
              value={row.calibrationDue}
              onChange={(calibrationDue) => set(i, { calibrationDue })}
              disabled={!editable}
            />
            {editable && (
              <IconButton
                aria-label={`${TASK_UI.removeEquipment} ${row.name || TASK_UI.equipmentName}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <DeleteOutline />
              </IconButton>
            )}
          </Paper>
        ))}
        {editable && rows.length < TEST_EQUIPMENT_MAX && (
          <Box>
            <Button
              size="small"
              startIcon={<Add />}
              onClick={() => setRows([...rows, { name: '', identifier: '', calibrationCertificate: '', calibrationDue: '' }])}
              data-testid="equipment-add"
            >
              {TASK_UI.addEquipment}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {editable ? 'Cancel' : 'Close'}
        </Button>
        {editable && (
          <Button
            variant="contained"
            onClick={save}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="examination-save"
          >
            {TASK_UI.save}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
