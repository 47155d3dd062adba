import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { ChecklistData, ChecklistNode } from '@portal/contracts';

type ChecklistNodeInput = ChecklistData[number];
import { uploadItemFile } from '../api';
import { TASK_UI } from '../texts';
import { draftOf, type NodeDraft, sameDraft, userDataOf } from './draft';
import { saveDisabled } from './inspectRules';
import { ItemFiles } from './ItemFiles';
import { ItemResultControl } from './ItemResultControl';
import { HelpTip } from './NodeList';
import { NodeFormArea } from './NodeFormArea';

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
  const [baseline, setBaseline] = useState<NodeDraft>(() => draftOf(node.userData, node.itemResult));
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

  async function save() {
    setSaving(true);
    setServerFields(null);
    const outcome = await onSave({ id: node.id, itemResult: isItem ? draft.result : undefined, userData: userDataOf(draft) });
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

  const disabled = saveDisabled({
    loading: saving,
    hasSection: true,
    hasItems: isItem,
    itemPicked: true,
    multiple,
    recordChosen: chosen !== null,
    editable,
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }} data-testid="node-editor" data-node={node.id}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: 18, wordBreak: 'break-word' }} data-testid="node-title">
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
      {isItem && <ItemResultControl value={draft.result} onChange={(result) => setDraft({ ...draft, result })} disabled={!editable} />}
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
      {serverFields && (
        <Alert severity="error" data-testid="server-fields">
          {TASK_UI.serverFields}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {Object.entries(serverFields).map(([path, message]) => (
              <li key={path}>
                {path}: {message}
              </li>
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
            <Typography variant="caption" color="text.secondary">
              {TASK_UI.unsavedNote}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
