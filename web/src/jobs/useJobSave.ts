import { useState } from 'react';
import type { JobAction, TaskTypeOption } from '@portal/contracts';
import { HttpError } from '../api/http';
import { useAlert } from '../common/useAlert';
import { jobAction, saveScheduleWithTasks, uploadJobFiles } from './api';
import { type JobFormState, type TaskRowState, tasksToSave, toSchedule } from './jobForm';
import { JOB_TEXT } from './texts';
import { specPause } from '../common/pauses';

export type JobCommand = JobAction;

/** After a success the alert shows this long, then the panel closes and the list reloads (shell document 4 "Save flow"). */
const SAVED_PAUSE_MS = 2000;

/**
 * The save flow of the job panel (shell document 4, issue 20): the job and its new or changed
 * tasks in one request (`POST /api/Schedule/withTasks`, one transaction; the server sends the
 * spec's notification mails after the commit), then the chosen files one by one. The success
 * alert keeps the spec's text first and names the job's number; a file that fails is named
 * under it, the job and tasks staying saved. A 417 (closed or cancelled job) shows the server's text.
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

  /** Uploads the files one at a time so that a refused file is named; answers the failures. */
  const upload = async (id: number, files: File[]): Promise<string[]> => {
    const failed: string[] = [];
    const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
    let done = 0;
    setUploadProgress(0);
    for (const file of files) {
      try {
        await uploadJobFiles(id, [file], (fraction) => setUploadProgress((done + fraction * file.size) / total));
      } catch (error) {
        failed.push(`${file.name} (${(error as Error).message})`);
      }
      done += file.size;
    }
    setUploadProgress(null);
    return failed;
  };

  /** Saves; answers true once the job and its tasks are saved (the files may still have failed). */
  const save = async (form: JobFormState, files: File[]): Promise<boolean> => {
    setBusy(true);
    let answer: Awaited<ReturnType<typeof saveScheduleWithTasks>>;
    try {
      const schedule = toSchedule(form);
      const tasks = tasksToSave(form, form.id ?? null, taskName, {
        taskTypeId: llgTaskType?.id ?? null,
        assetTypeId: llgTaskType?.assetTypeId ?? null,
      });
      answer = await saveScheduleWithTasks(schedule, tasks);
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : (error as Error).message);
      setBusy(false);
      return false;
    }
    const message = JOB_TEXT.savedNumber(answer.schedule.jobNumber);
    const failed = files.length > 0 ? await upload(answer.schedule.id, files) : [];
    if (failed.length > 0) alert.partial(message, JOB_TEXT.filesFailed(failed.join(', ')));
    else alert.success(message, 2000, files.length > 0 ? JOB_TEXT.filesUploaded : undefined);
    finish();
    return true;
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
