import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { can, TASK_PAGE_SIZE, TASK_TEXT, type TaskRow } from '@portal/contracts';
import { ListScreen, type RowActionSpec, SearchBox, SelectFilter, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useAssetTypes } from '../jobs/pickers';
import { useSession } from '../session/SessionContext';
import './api';
import { TASK_COLUMNS, TASK_CSV_COLUMNS } from './columns';
import { csvFileName, INITIAL_TASK_FILTER, statusChoices, TASK_SEARCHES, type TaskFilterState, toggled, toServerFilter } from './filters';
import { TASK_UI } from './texts';

const SORT_NONE = { field: 'id', order: 'DESC' } as const;
const SORT_MODIFIED = { field: 'modifiedDate', order: 'DESC' } as const;
/** The default sort (modified date descending) is applied to the loaded rows after this delay (tasks document 9). */
const SORT_DELAY_MS = 1000;
/** Tasks in this status have no action icon (tasks document 2.1). */
const DELETED = 1024;

/**
 * Operations > Tasks (tasks document 2.1): breadcrumb, column picker, Reload, Load More (200 a
 * page), Active/Inactive, the status and asset type dropdowns, the six search boxes, the
 * seventeen columns, CSV of every matching row, and the action icon that opens task details
 * (hidden for the roles of DECISIONS 4 and for deleted tasks; the server's `can.open` decides).
 */
export default function TasksPage({ title, crumbs }: ScreenProps) {
  const { role } = useSession();
  const navigate = useNavigate();
  // The action icon's column: the roles that may open a task (DECISIONS 4 hides it from the others).
  const actionHidden = !can(role, 'tasks.open');
  // A field engineer's list opens on their own tasks (DECISIONS 9), with a switch to all they may see.
  const [filter, setFilter] = useState<TaskFilterState>(() => ({ ...INITIAL_TASK_FILTER, mine: can(role, 'tasks.mine') }));
  const offersMine = can(role, 'tasks.mine') || can(role, 'tasks.inspect');
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const [sorted, setSorted] = useState(false);
  const list = useLoadMoreList<TaskRow>({
    resource: 'tasks',
    filter: serverFilter,
    pageSize: TASK_PAGE_SIZE,
    sort: SORT_NONE,
    clientSort: sorted ? SORT_MODIFIED : SORT_NONE,
    loadError: TASK_TEXT.loadError,
  });
  const loadedCount = list.rows.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default sort follows each load
  useEffect(() => {
    setSorted(false);
    const timer = setTimeout(() => setSorted(true), SORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadedCount, serverFilter]);
  const assetTypes = useAssetTypes();
  const assetTypeOptions = useMemo(() => (assetTypes.data ?? []).map((t) => ({ id: String(t.id), name: t.name })), [assetTypes.data]);

  const actions = useCallback(
    (task: TaskRow): RowActionSpec[] =>
      actionHidden || task.status === DELETED || !task.can.open
        ? []
        : [
            {
              key: 'open',
              label: TASK_UI.open,
              icon: <Visibility fontSize="small" />,
              onClick: () => navigate(`/operations/tasks/${task.id}`),
            },
          ],
    [actionHidden, navigate],
  );

  return (
    <ListScreen
      resource="tasks"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={TASK_COLUMNS}
      rowActions={actions}
      windowed
      empty={TASK_UI.empty}
      csv={{ filter: serverFilter, columns: TASK_CSV_COLUMNS, fileName: csvFileName() }}
      filters={
        <>
          <SelectFilter
            label="Status"
            value={filter.status}
            options={statusChoices(filter.active)}
            onChange={(status) => setFilter({ ...filter, status })}
            emptyLabel={filter.active ? 'All Active' : 'All Inactive'}
            width={140}
          />
          <SelectFilter
            label="Asset Type"
            value={filter.assetTypeId}
            options={assetTypeOptions}
            onChange={(assetTypeId) => setFilter({ ...filter, assetTypeId })}
            emptyLabel="All Asset Types"
            width={170}
          />
          {TASK_SEARCHES.map(([key, label]) => (
            <SearchBox
              key={key}
              label={label}
              value={filter[key]}
              onChange={(value) => setFilter({ ...filter, [key]: value })}
              width={160}
            />
          ))}
        </>
      }
      toggles={
        <>
          {offersMine && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={filter.mine ? 'mine' : 'all'}
              onChange={(_, value: 'mine' | 'all' | null) => value && setFilter({ ...filter, mine: value === 'mine' })}
              aria-label={TASK_UI.whose}
              data-testid="toggle-mine"
            >
              <ToggleButton value="mine" data-testid="toggle-mine-mine" sx={{ px: 1.5, py: 0.25 }}>
                {TASK_UI.myTasks}
              </ToggleButton>
              <ToggleButton value="all" data-testid="toggle-mine-all" sx={{ px: 1.5, py: 0.25 }}>
                {TASK_UI.allTasks}
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          <Button variant="text" onClick={() => setFilter(toggled(filter))} data-testid="toggle-active">
            {filter.active ? TASK_UI.showInactive : TASK_UI.showActive}
          </Button>
        </>
      }
    />
  );
}
