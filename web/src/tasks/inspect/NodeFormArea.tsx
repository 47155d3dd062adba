import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { FormValues, NodeForm } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { FormRenderer } from '../../forms/FormRenderer';
import { localToday } from '../../forms/useFormFilling';
import { TASK_UI } from '../texts';
import { type NodeDraft, newRecord, withInitialRecords } from './draft';
import { newRecordDisabled } from './inspectRules';
import { useFormDefinition } from './useFormDefinition';

export interface NodeFormAreaProps {
  /** The node's data form (type, revision, Min and Max), null when it has none. */
  form: NodeForm | null;
  draft: NodeDraft;
  onDraft(draft: NodeDraft): void;
  /** Records a node starts with, set without counting as a change. */
  onInitialise(draft: NodeDraft): void;
  /** The MULTIPLE form's record chosen in the form selector (index), null when none. */
  chosen: number | null;
  onChoose(index: number | null): void;
  editable: boolean;
  showErrors: boolean;
}

/**
 * The data form of the chosen node, rendered with the one FormRenderer from the definition of
 * the record's revision (a record filled against an older revision shows as it was filled).
 * MULTIPLE forms: a form selector, Min and Max, and New (disabled at Max).
 */
export function NodeFormArea({ form, draft, onDraft, onInitialise, chosen, onChoose, editable, showErrors }: NodeFormAreaProps) {
  const formId = form?.formId ?? null;
  // New records are filled against the checklist's revision of the form.
  const current = useFormDefinition(formId, form?.formRevision);
  const multiple = form?.formType === 'MULTIPLE';
  const index = multiple ? chosen : 0;
  const record = index === null ? undefined : draft.records[index];
  const recordForm = useFormDefinition(record ? formId : null, record?.formRevision);
  // A MULTIPLE form's sample chosen for deletion (down to samplesMin, after a confirm; kept until Save).
  const [deleting, setDeleting] = useState<number | null>(null);

  // A node without records starts with the form's defaults (Min of them for MULTIPLE), the first chosen.
  useEffect(() => {
    if (current.status !== 'ready' || !editable || draft.records.length > 0) return;
    onInitialise(withInitialRecords(draft, current.form, localToday()));
    onChoose(0);
  }, [current, draft, editable, onInitialise, onChoose]);

  if (!form || !formId) return <Typography color="text.secondary">{TASK_UI.noForm}</Typography>;
  const deleteConfirm = (
    <ConfirmDialog
      open={deleting !== null}
      title={TASK_UI.deleteSample}
      content={TASK_UI.deleteSampleConfirm((deleting ?? 0) + 1)}
      confirm={TASK_UI.deleteSample}
      cancel={TASK_UI.keep}
      destructive={false}
      onConfirm={() => {
        if (deleting === null) return;
        onDraft({ ...draft, records: draft.records.filter((_, i) => i !== deleting) });
        onChoose(Math.max(0, deleting - 1));
        setDeleting(null);
      }}
      onClose={() => setDeleting(null)}
    />
  );
  if (current.status === 'error' || recordForm.status === 'error')
    return (
      <Alert severity="error" data-testid="form-load-error">
        {TASK_UI.formLoadError}
      </Alert>
    );
  if (current.status !== 'ready') return <CircularProgress size={24} aria-label="Loading form" />;

  const definition = current.form;
  const samplesMin = form.samplesMin ?? definition.samplesMin;
  const samplesMax = form.samplesMax ?? definition.samplesMax;
  const setValues = (values: FormValues) =>
    onDraft({ ...draft, records: draft.records.map((r, i) => (i === index ? { ...r, attributes: values } : r)) });

  return (
    <Box data-testid="node-form" sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {deleteConfirm}
      {multiple && (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }} data-testid="form-multiple">
          <TextField
            select
            size="small"
            label={TASK_UI.formSelector}
            value={chosen ?? ''}
            onChange={(e) => onChoose(e.target.value === '' ? null : Number(e.target.value))}
            sx={{ width: 160 }}
            data-testid="form-selector"
          >
            {draft.records.map((r, i) => (
              <MenuItem key={r.formRecordId} value={i}>
                {TASK_UI.sample(i + 1)}
              </MenuItem>
            ))}
          </TextField>
          <Chip label={TASK_UI.samplesRange(samplesMin, samplesMax)} variant="outlined" data-testid="form-samples-range" />
          {editable && chosen !== null && draft.records.length > Math.max(samplesMin, 1) && (
            <Button
              variant="text"
              color="error"
              size="small"
              startIcon={<DeleteOutlined />}
              onClick={() => setDeleting(chosen)}
              data-testid="form-delete"
            >
              {TASK_UI.deleteSample}
            </Button>
          )}
          {editable && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<Add />}
              disabled={newRecordDisabled(draft.records.length, samplesMax)}
              onClick={() => {
                // Samples of one node share one revision: a new one follows the chosen sample's.
                const base = recordForm.status === 'ready' ? recordForm.form : definition;
                onDraft({ ...draft, records: [...draft.records, newRecord(base, localToday())] });
                onChoose(draft.records.length);
              }}
              data-testid="form-new"
            >
              {TASK_UI.newRecord}
            </Button>
          )}
        </Box>
      )}
      {record === undefined ? (
        <Typography color="text.secondary">{multiple && draft.records.length > 0 ? TASK_UI.chooseForm : TASK_UI.noData}</Typography>
      ) : recordForm.status !== 'ready' ? (
        <CircularProgress size={24} aria-label="Loading form" />
      ) : (
        <FormRenderer
          key={record.formRecordId}
          definition={recordForm.form.formJson}
          values={record.attributes}
          onChange={editable ? setValues : undefined}
          readOnly={!editable}
          showErrors={showErrors}
        />
      )}
    </Box>
  );
}
