import ContentCopy from '@mui/icons-material/ContentCopy';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useList } from 'react-admin';
import {
  CSV_PRODUCT_PREFIX,
  DEFAULT_TASK_TYPE_DIVISION,
  SHELL,
  TASK_TYPE_PAGE_SIZE,
  TASK_TYPE_TEXT,
  type TaskTypeRow,
} from '@portal/contracts';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { type AdminListOptions, type ListColumn, ListScreen, SearchBox, SelectFilter, useAdminList } from '../common/list';
import { useDivisionOptions } from '../common/options';
import type { ScreenProps } from '../common/screen';
import { archiveTaskType, restoreTaskType } from './api';
import { taskTypeCsvColumns } from './csvColumns';
import { filterTaskTypes, type TaskTypeFilter } from './filters';
import { TaskTypePanel } from './TaskTypePanel';
import { useCopyTaskType } from './useCopyTaskType';

const COLUMNS: ListColumn<TaskTypeRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'acronymCode', label: 'Code', width: 90, hidden: true },
  { source: 'division', label: 'Division', width: 120, card: 'status' },
  { source: 'name', label: 'Name', width: 290, card: 'title' },
  { source: 'externalId', label: 'External', width: 120, card: 'field' },
  { source: 'referenceStandard', label: 'Reference Standard', width: 220, card: 'subtitle' },
  { source: 'inspectionMethod', label: 'Inspection Method', width: 200, card: 'field' },
  { source: 'validity', label: 'Validity', width: 90, card: 'field', text: (r) => `${r.validity} month${r.validity === 1 ? '' : 's'}` },
];
const ADMIN: AdminListOptions<TaskTypeRow> = {
  resource: 'taskTypes',
  pageSize: TASK_TYPE_PAGE_SIZE,
  loadError: TASK_TYPE_TEXT.loadError,
  write: 'taskTypes.write',
  remove: archiveTaskType,
  restore: restoreTaskType,
  texts: { confirm: TASK_TYPE_TEXT.deleteConfirm, done: TASK_TYPE_TEXT.archived, failed: TASK_TYPE_TEXT.deleteError },
};
const BY_NAME = { field: 'name', order: 'ASC' } as const;

/**
 * Settings > Task Types (administration document 2, "Task type dashboard"): Reload, Add, Load
 * More by 50; filters on the loaded rows (division, LIFTING at first; name, reference standard
 * and inspection method contain; validity exact); sorting of the loaded rows; CSV; edit, copy
 * and delete for active rows; the extra-large panel with the checklist editor.
 */
export default function TaskTypesPage({ title, crumbs }: ScreenProps) {
  const [filter, setFilter] = useState<TaskTypeFilter>({ division: '' });
  const set = (key: keyof TaskTypeFilter) => (value: string) => setFilter((current) => ({ ...current, [key]: value }));
  const divisions = useDivisionOptions();
  // The dashboard opens on LIFTING (administration document 9) once the divisions are known.
  const [defaulted, setDefaulted] = useState(false);
  useEffect(() => {
    if (defaulted || divisions.loading) return;
    const lifting = divisions.options.find((d) => d.name.toUpperCase() === DEFAULT_TASK_TYPE_DIVISION);
    if (lifting) setFilter((current) => ({ ...current, division: String(lifting.id) }));
    setDefaulted(true);
  }, [defaulted, divisions.loading, divisions.options]);

  const copy = useCopyTaskType();
  // Copy, after Edit, on the rows the caller may edit.
  const extraActions = useCallback(
    (r: TaskTypeRow) =>
      r.can.edit ? [{ key: 'copy', label: 'Copy', icon: <ContentCopy fontSize="small" />, onClick: () => copy.ask(r) }] : [],
    [copy.ask],
  );
  const { list, panel, screen } = useAdminList<TaskTypeRow>({ ...ADMIN, extraActions });
  const shown = useMemo(() => filterTaskTypes(list.rows, filter), [list.rows, filter]);
  const listContext = useList<TaskTypeRow>({
    data: shown,
    sort: BY_NAME,
    perPage: Number.MAX_SAFE_INTEGER,
    isPending: list.listContext.isPending,
    isFetching: list.listContext.isFetching,
    isLoading: list.listContext.isLoading,
    error: list.listContext.error,
    resource: 'taskTypes',
  });
  const data = useMemo(() => ({ ...list, listContext, rows: shown, total: undefined }), [list, listContext, shown]);
  const countText = TASK_TYPE_TEXT.shownCount(shown.length, list.rows.length, list.hasMore ? undefined : list.rows.length);

  return (
    <ListScreen
      {...screen}
      list={data}
      title={title}
      crumbs={crumbs}
      columns={COLUMNS}
      csv={{ filter: { ...filter }, columns: taskTypeCsvColumns, fileName: `${CSV_PRODUCT_PREFIX}task-types` }}
      empty="No task types match these filters"
      countText={countText}
      filters={
        <>
          <SelectFilter
            label="Division"
            value={filter.division ?? ''}
            options={divisions.options}
            onChange={set('division')}
            emptyLabel={TASK_TYPE_TEXT.noDivision}
            width={170}
          />
          <SearchBox label="Name" value={filter.name ?? ''} onChange={set('name')} width={200} delay={150} />
          <SearchBox
            label="Reference Standard"
            value={filter.referenceStandard ?? ''}
            onChange={set('referenceStandard')}
            width={200}
            delay={150}
          />
          <SearchBox
            label="Inspection Method"
            value={filter.inspectionMethod ?? ''}
            onChange={set('inspectionMethod')}
            width={200}
            delay={150}
          />
          <TextField
            label="Validity"
            type="number"
            size="small"
            margin="none"
            value={filter.validity ?? ''}
            onChange={(e) => set('validity')(e.target.value)}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { 'aria-label': 'Validity', min: 1, step: 1 }, inputLabel: { shrink: true } }}
          />
        </>
      }
    >
      <TaskTypePanel {...panel.props} />
      {panel.archive.dialog}
      <ConfirmDialog
        open={copy.pending !== null}
        loading={copy.busy}
        title={copy.pending ? `Copy ${copy.pending.name}` : ''}
        content={TASK_TYPE_TEXT.copyConfirm}
        confirm={SHELL.yes}
        cancel={SHELL.cancel}
        onConfirm={() => copy.run(panel.changed)}
        onClose={copy.cancel}
      />
    </ListScreen>
  );
}
