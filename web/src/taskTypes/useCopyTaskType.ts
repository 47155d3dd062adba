import { useState } from 'react';
import { TASK_TYPE_TEXT, type TaskTypeRow, taskTypeCopyName } from '@portal/contracts';
import { errorText } from '../common/adminFlow';
import { useAlert } from '../common/useAlert';
import { saveTaskType } from './api';

/** The body of a copy: every field of the row, a new id (-1) and the spec's copy name. */
export function copyBody(row: TaskTypeRow, at = new Date()) {
  return {
    id: -1,
    name: taskTypeCopyName(row.name, at),
    acronymCode: row.acronymCode,
    divisionId: row.divisionId,
    referenceStandard: row.referenceStandard,
    inspectionMethod: row.inspectionMethod,
    validity: row.validity,
    description: row.description,
    eiac: row.eiac,
    assetTypeId: row.assetTypeId,
    reportTemplate: row.reportTemplate,
    sectionsJson: row.sectionsJson,
  };
}

/**
 * Copy (administration document 4, "Task type"): the spec's confirm first, then the row is
 * saved as a new one named '<name> Copy <D-MMM-YY_HH:mm:ss>', and the dashboard reloads.
 * `ask` is stable, so the list's row actions can offer Copy before the list exists; `run`
 * takes the list's reload.
 */
export function useCopyTaskType() {
  const alert = useAlert();
  const [pending, setPending] = useState<TaskTypeRow | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (reload: () => void) => {
    if (!pending) return;
    setBusy(true);
    try {
      await saveTaskType(copyBody(pending));
      alert.success(TASK_TYPE_TEXT.saved);
      reload();
    } catch (error) {
      alert.saveError(errorText(error, TASK_TYPE_TEXT.saveError));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  return { pending, busy, ask: setPending, cancel: () => setPending(null), run };
}
