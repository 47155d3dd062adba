import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { useSidebarState } from 'react-admin';
import { type ChecklistAnswer, type ChecklistData, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { HttpError } from '../../api/http';
import { useAlert } from '../../common/useAlert';
import { localToday } from '../../forms/useFormFilling';
import { unreachable, withQueued } from '../../offline/cache';
import { queuedFor, queueSave, sendQueued } from '../../offline/outbox';
import { saveChecklist } from '../api';
import { TASK_UI } from '../texts';
import { passRemaining, type toSections } from './inspectRules';
import type { SaveOutcome } from './NodeEditor';
import { loadFormDefinition } from './useFormDefinition';

/** INSPECT's hooks beside its layout (InspectTab): the tablet's folded menu, the save of a node, Pass Remaining. */

/** On a tablet the side menu folds to its icons while INSPECT is open, so the form has room; it opens again on leaving. */
export function useFoldSidebarOnTablet() {
  const theme = useTheme();
  const tablet = useMediaQuery(theme.breakpoints.between('md', 'lg'));
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const folded = useRef(false);
  useEffect(() => {
    if (!tablet || !sidebarOpen || folded.current) return;
    folded.current = true;
    setSidebarOpen(false);
  }, [tablet, sidebarOpen, setSidebarOpen]);
  useEffect(
    () => () => {
      if (folded.current) setSidebarOpen(true);
    },
    [setSidebarOpen],
  );
}

/**
 * The save of one node: to the server (refused when someone else changed it since, 409), or
 * kept on this device when offline or behind saves still waiting (issue 21), so that the saves
 * reach the server in order. Once the queue is sent, the lists and the task show what the
 * server has now.
 */
export function useChecklistSave({
  task,
  onTaskChanged,
  afterSave,
  answerRef,
  pending,
  setAnswer,
}: {
  task: TaskDetail;
  onTaskChanged(): void;
  afterSave(moveOn: boolean): Promise<void>;
  answerRef: RefObject<ChecklistAnswer | null>;
  /** Saves waiting on this device. */
  pending: number;
  setAnswer: Dispatch<SetStateAction<ChecklistAnswer | null>>;
}) {
  const alert = useAlert();
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  /** Keeps the save on this device, to be sent in order when the connection returns. */
  const queue = useCallback(
    async (input: ChecklistData[number]): Promise<SaveOutcome> => {
      const node = answerRef.current?.nodes.find((n) => n.id === input.id);
      const kept = await queueSave({ taskId: task.id, nodeId: input.id, nodeName: node?.displayName || node?.name || input.id, input });
      if (!kept) {
        alert.saveError(TASK_UI.notKept);
        return { ok: false };
      }
      alert.success(TASK_UI.savedOnDevice);
      setAnswer((current) => (current ? withQueued(current, [{ input }]) : current));
      void sendQueued();
      await afterSave(true);
      return { ok: true };
    },
    [task.id, alert, afterSave, answerRef.current?.nodes.find, setAnswer],
  );

  const save = useCallback(
    async (node: ChecklistData[number]): Promise<SaveOutcome> => {
      // The node as this page last saw it: a later change by someone else is refused (409), not overwritten.
      const seen = answerRef.current?.nodes.find((n) => n.id === node.id);
      const input = { ...node, expected: seen?.savedAt ?? null };
      // Offline, or behind saves still waiting: queued, so that the saves reach the server in order.
      if (!navigator.onLine || pendingRef.current > 0 || (await queuedFor(task.id)) > 0) return queue(input);
      try {
        const saved = await saveChecklist(task.id, [input]);
        alert.success(saved.message || TASK_TEXT.checklistSaved);
        if (saved.status !== task.status) onTaskChanged();
        // After Save the next incomplete item opens (issue 21); the editor's saved draft goes with it.
        await afterSave(true);
        return { ok: true };
      } catch (e) {
        if (unreachable(e)) return queue(input);
        if (e instanceof HttpError && e.status === 400) {
          alert.saveError(TASK_TEXT.incorrectFormData);
          return { ok: false, fields: e.fields };
        }
        alert.saveError((e as Error).message || TASK_TEXT.saveChecklistError);
        return { ok: false };
      }
    },
    [task.id, task.status, alert, onTaskChanged, afterSave, queue, answerRef.current?.nodes.find],
  );

  // Once the queue is sent, the lists and the task show what the server has now.
  const hadPending = useRef(false);
  useEffect(() => {
    if (pending > 0) hadPending.current = true;
    else if (hadPending.current) {
      hadPending.current = false;
      void afterSave(false);
      onTaskChanged();
    }
  }, [pending, afterSave, onTaskChanged]);
  return save;
}

type Section = ReturnType<typeof toSections>[number];

/** Pass Remaining of a section: asks first, naming how many items and which need a hand, then saves them at once. */
export function usePassRemaining({
  task,
  section,
  onTaskChanged,
  afterSave,
  onPassed,
}: {
  task: TaskDetail;
  section: Section | undefined;
  onTaskChanged(): void;
  afterSave(moveOn: boolean): Promise<void>;
  /** The FORM shows the node as saved now. */
  onPassed(): void;
}) {
  const alert = useAlert();
  const [passing, setPassing] = useState<{ sectionId: string; count: number; skipped: string[]; inputs: ChecklistData } | null>(null);
  const [busy, setBusy] = useState(false);
  /** Asks before passing the section's remaining items, naming how many and which need a hand. */
  const askPassRemaining = async () => {
    if (!section) return;
    const forms = new Map<number, Awaited<ReturnType<typeof loadFormDefinition>>>();
    try {
      for (const item of section.items)
        if (item.itemResult === null && item.form && !forms.has(item.form.formId))
          forms.set(item.form.formId, await loadFormDefinition(item.form.formId));
    } catch (e) {
      alert.error(TASK_TEXT.loadFormError, (e as Error).message);
      return;
    }
    const planned = passRemaining(section, forms, localToday());
    setPassing({ sectionId: section.node.id, count: planned.inputs.length, skipped: planned.skipped, inputs: planned.inputs });
  };

  const confirmPassRemaining = async () => {
    if (!passing) return;
    setBusy(true);
    try {
      if (passing.inputs.length > 0) {
        const saved = await saveChecklist(task.id, passing.inputs);
        alert.success(TASK_UI.passedRemaining(passing.inputs.length));
        if (saved.status !== task.status) onTaskChanged();
      }
      setPassing(null);
      await afterSave(true);
      // The FORM shows the node as saved now (its result came from the pass, not from the editor).
      onPassed();
    } catch (e) {
      alert.saveError((e as Error).message || TASK_TEXT.saveChecklistError);
      setPassing(null);
    } finally {
      setBusy(false);
    }
  };
  return { passing, busy, ask: askPassRemaining, confirm: confirmPassRemaining, cancel: () => setPassing(null) };
}
