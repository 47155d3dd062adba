import { TASK_TYPE_OBJECT_TYPE, type TaskTypeRow, type TaskTypeSaveBody } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/** Task Types over the generic settings calls: GET /Setting?objectType=TASK_TYPE pages by offset and limit. */
registerResourceApi<TaskTypeRow>('taskTypes', {
  list: ({ offset, limit }) => get<TaskTypeRow[]>('/Setting', { query: { objectType: TASK_TYPE_OBJECT_TYPE, offset, limit } }),
});

export const saveTaskType = (body: Omit<TaskTypeSaveBody, 'objectType'>) =>
  post<TaskTypeRow>('/Setting', { ...body, objectType: TASK_TYPE_OBJECT_TYPE });

/** Delete means archive: the record leaves the list and the pickers. */
export const archiveTaskType = (id: number) => del<{ message: string }>(`/Setting/${id}`);
