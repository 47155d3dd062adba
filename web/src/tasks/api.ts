import type {
  ApproveAnswer,
  ChangeJobDetailsBody,
  ChecklistAnswer,
  ChecklistData,
  ChecklistSaveAnswer,
  ExaminationBody,
  ProfileAnswer,
  TaskDetail,
  TaskFileRef,
  TaskInspectorOption,
  TaskRow,
  TaskStatusAnswer,
} from '@portal/contracts';
import { get, http, post } from '../api/http';
import { uploadFormFile } from '../forms/upload';
import { keptChecklist, keptTask } from '../offline/cache';
import { registerResourceApi } from '../providers/resourceApi';

/** The task dashboard over the spec's calls (tasks document 7): GET /api/Observation and /count with the filter. */
registerResourceApi<TaskRow>('tasks', {
  list: ({ offset, limit, filter }) => get<TaskRow[]>('/Observation', { query: { offset, limit }, filter }),
  count: ({ filter }) => get<number>('/Observation/count', { filter }),
});

/** The task; kept on this device, and read from there when the server cannot be reached (issue 21). */
export const loadTask = (id: number) => keptTask(id, () => get<TaskDetail>(`/Observation/${id}`));

export interface StatusOptions {
  revisionComments?: string;
  newInspector?: number;
  isToUpdateChecklist?: boolean;
}

/** PUT /api/Observation/{id}/{status}: Submit 8, Hold 4, Reopen 2, Amend 32, Cancel 64, Generate 16; with isToUpdateChecklist the INSPECT opening. */
export const changeStatus = (id: number, status: number, options: StatusOptions = {}) =>
  http<TaskStatusAnswer>(`/Observation/${id}/${status}`, {
    method: 'PUT',
    query: {
      revisionComments: options.revisionComments || undefined,
      newInspector: options.newInspector,
      isWebInspection: true,
      isToUpdateChecklist: options.isToUpdateChecklist || undefined,
      approve: status === 8 ? true : undefined,
    },
  });

export const approveTask = (id: number) => post<ApproveAnswer>('/approvetaskweb', undefined, { query: { id } });

/** POST /api/addasynctask?id&preview=true: the documents of the task's phase generated again. */
export const regenerateDocuments = (id: number, isLLG = false) =>
  post<{ message: string; certificateStatus: number }>('/addasynctask', undefined, {
    query: { id, preview: true, isLLG: isLLG || undefined },
  });

export const changeJobDetails = (body: ChangeJobDetailsBody) => post<{ message: string }>('/Observation/changejobdetails', body);

/** GET /api/Users/tasktype/{id}: who the task may be reassigned to on Amend. */
export const loadInspectors = (taskId: number) => get<TaskInspectorOption[]>(`/Users/tasktype/${taskId}`);

/** The checklist; kept on this device, read from there (with the queued saves laid over it) when offline. */
export const loadChecklist = (id: number) => keptChecklist(id, () => get<ChecklistAnswer>(`/Observation/${id}/checklist`));

/** POST /api/apptaskuploadWeb (multipart: observationId, checklistData); files went up before through the form file upload. */
export function saveChecklist(observationId: number, nodes: ChecklistData): Promise<ChecklistSaveAnswer> {
  const form = new FormData();
  form.append('observationId', String(observationId));
  form.append('checklistData', JSON.stringify(nodes));
  return post<ChecklistSaveAnswer>('/apptaskuploadWeb', form);
}

/** A file of an item's Files list: stored first, claimed for the task by the checklist save. */
export async function uploadItemFile(file: File, onProgress: (fraction: number) => void): Promise<TaskFileRef> {
  const stored = await uploadFormFile(file, onProgress, 'attachment');
  return { blobKey: stored.blobKey, fileName: stored.fileName, fileType: stored.contentType };
}

/** Where a task document opens (the certificate, field report, full checklist report). */
export const documentUrl = (blobKey: string, taskId: number) =>
  `/api/filedownload?id=${encodeURIComponent(blobKey)}&observationId=${taskId}`;

/** POST /api/Observation/{id}/examination (ours): the basis of examination and the test equipment used. */
export const saveExamination = (id: number, body: ExaminationBody) => post<{ message: string }>(`/Observation/${id}/examination`, body);

/** GET /api/profile: the signed-in user's qualifications and signature (approval needs a signature). */
export const loadProfile = () => get<ProfileAnswer>('/profile');
