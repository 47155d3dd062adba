import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChecklistData, type ChecklistNode, failingResultFields, type ItemResult } from '@portal/contracts';

type ChecklistNodeInput = ChecklistData[number];
import { uploadItemFile } from '../api';
import { TASK_UI } from '../texts';
import { DefectEditor, defectErrors } from './DefectEditor';
import { draftOf, type NodeDraft, sameDraft, userDataOf } from './draft';
import { fieldErrorsInWords, saveDisabled } from './inspectRules';
import { ItemFiles } from './ItemFiles';
import { ItemResultControl } from './ItemResultControl';
import { HelpTip } from './NodeList';
import { NodeFormArea } from './NodeFormArea';
import { useFormDefinition } from './useFormDefinition';

export type SaveOutcome = { ok: true } | { ok: false; fields?: Record<string, string> };

/**
 * The FORM area for one node (keyed by it): the item's result, its data form, its Files list and
 * Save. Keeps the draft until Save; reports whether it differs from what was loaded.
 */
export function NodeEditor({
  taskId,
  node,
  isItem,
  editable,
  onSave,
  onDirty,
}: {
  taskId: number;
  node: ChecklistNode;
  isItem: boolean;
  editable: boolean;
  onSave(input: ChecklistNodeInput): Promise<SaveOutcome>;
  onDirty(dirty: boolean): void;
}) {
  const [baseline, setBaseline] = useState<NodeDraft>(() => draftOf(node.userData, node.itemResult, node.defect));
  const [draft, setDraft] = useState<NodeDraft>(baseline);
  const [chosen, setChosen] = useState<number | null>(node.userData?.records.length ? 0 : null);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string> | null>(null);
  const dirty = !sameDraft(draft, baseline);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const initialise = useCallback((start: NodeDraft) => {
    setDraft(start);
    setBaseline(start);
  }, []);
  const multiple = node.form?.formType === 'MULTIPLE';
  // A fail in a result field of the form fails the node (DECISIONS 9): the samples share one revision.
  const definition = useFormDefinition(draft.records.length > 0 ? node.form?.formId : null, draft.records[0]?.formRevision);
  const failing = failingResultFields(draft.records, {
    definition: (formId, revision) =>
      definition.status === 'ready' && definition.form.formId === formId && definition.form.revision === revision
        ? definition.form.formJson
        : undefined,
    form: () => undefined,
  });
  const result: ItemResult | null = failing.length > 0 ? 'fail' : isItem ? draft.result : node.defect ? 'fail' : null;

  /** A new result keeps only the defect that fits it: a pass an observation, N/A nothing. */
  function setResult(next: ItemResult | null) {
    const defect = draft.defect;
    const kept =
      next === 'fail'
        ? defect
          ? { ...defect, danger: defect.danger === 3 ? 1 : defect.danger }
          : null
        : next === 'pass' && defect?.danger === 3
          ? defect
          : null;
    setDraft({ ...draft, result: next, defect: kept as NodeDraft['defect'] });
  }

  // Keys (issue 21): 1, 2, 3 give Pass, Fail, N/A; Enter saves (and the next item opens).
  const keys = useRef({ setResult, save, disabled: true });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !editable) return;
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]');
      if (typing) return;
      const byKey: Record<string, ItemResult> = { '1': 'pass', '2': 'fail', '3': 'na' };
      if (isItem && byKey[event.key]) {
        event.preventDefault();
        keys.current.setResult(byKey[event.key]);
      } else if (event.key === 'Enter' && !keys.current.disabled && !target?.closest('button, a')) {
        event.preventDefault();
        void keys.current.save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, isItem]);

  async function save() {
    if (Object.keys(defectErrors(result, draft.defect)).length > 0) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    setServerFields(null);
    const outcome = await onSave({
      id: node.id,
      itemResult: isItem ? result : undefined,
      userData: userDataOf(draft),
      defect: result === 'fail' || result === 'pass' ? draft.defect : null,
    });
    setSaving(false);
    if (outcome.ok) {
      // The server drops the files marked deleted; the list follows.
      const saved = { ...draft, files: draft.files.filter((f) => !f.deleted) };
      setDraft(saved);
      setBaseline(saved);
      setShowErrors(false);
    } else {
      setShowErrors(true);
      if (outcome.fields && Object.keys(outcome.fields).length > 0) setServerFields(outcome.fields);
    }
  }

  const disabled =
    saving ||
    saveDisabled({
      loading: saving,
      hasSection: true,
      hasItems: isItem,
      itemPicked: true,
      multiple,
      recordChosen: chosen !== null,
      editable,
    });

  keys.current = { setResult, save, disabled };

  return (
    <Box
      // A field brought into view (a tab, the keyboard) stops above the sticky Save bar, never under it.
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // Tighter on a phone, so the item's result buttons are on the first screen.
        gap: { xs: 1.25, sm: 2 },
        minWidth: 0,
        '& input, & textarea, & button, & [tabindex]': { scrollMarginBottom: 72 },
      }}
      data-testid="node-editor"
      data-node={node.id}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: { xs: 16, sm: 18 }, wordBreak: 'break-word' }} data-testid="node-title">
            {node.displayName || node.name}
          </Typography>
          {node.form && (
            <Typography variant="caption" color="text.secondary">
              {node.form.formName}
            </Typography>
          )}
        </Box>
        {node.description && <HelpTip text={node.description} />}
      </Box>
      {isItem && (
        <ItemResultControl
          value={result}
          onChange={setResult}
          disabled={!editable}
          lockedFail={failing.length > 0 ? TASK_UI.failedBy(failing) : undefined}
        />
      )}
      <NodeFormArea
        form={node.form}
        draft={draft}
        onDraft={setDraft}
        onInitialise={initialise}
        chosen={chosen}
        onChoose={setChosen}
        editable={editable}
        showErrors={showErrors}
      />
      <DefectEditor
        result={result}
        defect={draft.defect}
        onChange={(defect) => setDraft({ ...draft, defect })}
        editable={editable}
        showErrors={showErrors}
      />
      {serverFields && (
        <Alert severity="error" data-testid="server-fields">
          {TASK_UI.serverFields}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {fieldErrorsInWords(node.displayName || node.name, serverFields).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Divider />
      <ItemFiles
        taskId={taskId}
        files={draft.files}
        onChange={(files) => setDraft({ ...draft, files })}
        upload={uploadItemFile}
        editable={editable}
      />
      {editable && (
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            bgcolor: 'background.paper',
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            zIndex: 1,
          }}
        >
          <Button
            variant="contained"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <Save />}
            disabled={disabled}
            onClick={save}
            data-testid="checklist-save"
          >
            {TASK_UI.save}
          </Button>
          {dirty && (
            <Typography variant="caption" color="text.secondary" data-testid="unsaved-note">
              {TASK_UI.unsavedNote}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
