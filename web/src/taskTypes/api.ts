import { TASK_TYPE_OBJECT_TYPE, type TaskTypeRow, type TaskTypeSaveBody } from '@portal/contracts';
import { del, get, post } from '../api/http';
import { archivedQuery, restoreSetting } from '../api/settings';
import { registerResourceApi } from '../providers/resourceApi';
import { filterTaskTypes, type TaskTypeFilter } from './filters';

/**
 * Task types over the generic settings calls: GET /Setting?objectType=TaskType pages by offset
 * and limit. The spec's filters are client-side: the screen applies them to the loaded rows,
 * and the CSV export (everything, offset -1) applies them here.
 */
registerResourceApi<TaskTypeRow>('taskTypes', {
  list: async ({ offset, limit, filter }) =>
    filterTaskTypes(
      await get<TaskTypeRow[]>('/Setting', {
        query: { objectType: TASK_TYPE_OBJECT_TYPE, offset, limit, archived: archivedQuery(filter) },
      }),
      filter as TaskTypeFilter,
    ),
});

export const saveTaskType = (body: Omit<TaskTypeSaveBody, 'objectType'>) =>
  post<TaskTypeRow>('/Setting', { ...body, objectType: TASK_TYPE_OBJECT_TYPE });

/** Delete means archive: the record leaves the list and the pickers. */
export const archiveTaskType = (id: number) => del<{ message: string }>(`/Setting/${id}`);

export const restoreTaskType = restoreSetting;
