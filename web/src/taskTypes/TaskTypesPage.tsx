import { useCallback } from 'react';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX, TASK_TYPE_TEXT, type TaskTypeRow } from '@portal/contracts';
import { useRecordPanel } from '../common/adminFlow';
import { editDeleteActions, type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archiveTaskType } from './api';
import { taskTypeCsvColumns } from './csvColumns';
import { TaskTypePanel } from './TaskTypePanel';

const COLUMNS: ListColumn<TaskTypeRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'description', label: 'Description', width: 360, card: 'subtitle' },
];
const LIST = {
  resource: 'taskTypes',
  filter: {},
  pageSize: ADMIN_PAGE_SIZE.divisions,
  sort: { field: 'name', order: 'ASC' } as const,
  loadError: TASK_TYPE_TEXT.loadError,
};
const SCREEN = {
  resource: 'taskTypes',
  columns: COLUMNS,
  empty: 'No task types yet',
  csv: { filter: {}, columns: taskTypeCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}task-types` },
};
const TEXTS = { confirm: TASK_TYPE_TEXT.deleteConfirm, done: TASK_TYPE_TEXT.archived, failed: TASK_TYPE_TEXT.deleteError };

/** Settings > Task Types. */
export default function TaskTypesPage({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('taskTypes.write');
  const list = useLoadMoreList<TaskTypeRow>(LIST);
  const panel = useRecordPanel<TaskTypeRow>(list.reload, archiveTaskType, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((r: TaskTypeRow) => editDeleteActions(r, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen {...SCREEN} title={title} crumbs={crumbs} list={list} rowActions={actions} onAdd={canWrite ? panel.add : undefined}>
      <TaskTypePanel {...panel.props} />
      {archive.dialog}
    </ListScreen>
  );
}
