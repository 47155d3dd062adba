import { useState } from 'react';
import type { JobAction, TaskTypeOption } from '@portal/contracts';
import { HttpError } from '../api/http';
import { useAlert } from '../common/useAlert';
import { jobAction, notifyNewTasks, notifyReassigned, saveSchedule, saveTasks, uploadJobFiles } from './api';
import { type JobFormState, type TaskRowState, tasksToSave, toSchedule } from './jobForm';
import { JOB_TEXT } from './texts';
import { specPause } from '../common/pauses';

export type JobCommand = JobAction;

/** After a success the alert shows this long, then the panel closes and the list reloads (shell document 4 "Save flow"). */
const SAVED_PAUSE_MS = 2000;

/**
 * The save flow of the job panel (shell document 4): save the job; when the answer's
 * notification is 1, notify the reassigned inspector; save the new or changed tasks; notify the
 * inspectors of the new ones; upload the chosen files; then the success alert, and after 2 s
 * the list reloads. A 417 (closed or cancelled job) shows the server's text.
 */
export function useJobSave({
  onSaved,
  llgTaskType,
  taskTypes,
}: {
  onSaved(): void;
  llgTaskType: TaskTypeOption | null;
  taskTypes: TaskTypeOption[];
}) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const finish = () => setTimeout(onSaved, specPause(SAVED_PAUSE_MS));
  const taskName = (row: TaskRowState) => taskTypes.find((t) => t.id === row.taskTypeId)?.name ?? 'Task';

  const save = async (form: JobFormState, files: File[]) => {
    setBusy(true);
    try {
      let answer: Awaited<ReturnType<typeof saveSchedule>>;
      try {
        answer = await saveSchedule(toSchedule(form));
      } catch (error) {
        alert.saveError(error instanceof HttpError ? error.message : (error as Error).message);
        setBusy(false);
        return;
      }
      const id = answer.schedule.id;
      if (answer.notification === 1 && answer.inspectorId) await notifyReassigned(id, answer.inspectorId).catch(() => undefined);
      const tasks = tasksToSave(form, id, taskName, { taskTypeId: llgTaskType?.id ?? null, assetTypeId: llgTaskType?.assetTypeId ?? null });
      if (tasks.length > 0) {
        try {
          const saved = await saveTasks(id, tasks);
          if (saved.newObservations.length > 0) await notifyNewTasks(saved.newObservations).catch(() => undefined);
        } catch (error) {
          alert.saveError(`${JOB_TEXT.saveTasksError}: ${(error as Error).message}`);
          setBusy(false);
          return;
        }
      }
      if (files.length > 0) {
        try {
          setUploadProgress(0);
          await uploadJobFiles(id, files, setUploadProgress);
          alert.success(JOB_TEXT.filesUploaded);
        } catch (error) {
          alert.saveError(`${JOB_TEXT.uploadFilesError}: ${(error as Error).message}`);
        } finally {
          setUploadProgress(null);
        }
      }
      alert.success(JOB_TEXT.saved);
      finish();
    } catch (error) {
      alert.saveError((error as Error).message);
      setBusy(false);
    }
  };

  const command = async (id: number, action: JobCommand) => {
    setBusy(true);
    try {
      await jobAction(id, action);
      if (action === 'cancel') alert.success(JOB_TEXT.cancelled);
      else alert.success(JOB_TEXT.closed, 2500);
      finish();
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : (error as Error).message);
      setBusy(false);
    }
  };

  return { busy, uploadProgress, save, command };
}
