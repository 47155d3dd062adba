import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ChildLlgList, type ChildLlgTask, LLG_TEXT, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useLoadErrorAlert } from '../../common/useAlert';
import { loadTask } from '../api';
import { InspectTab } from '../inspect/InspectTab';
import { TASK_UI } from '../texts';
import { AddChildDialog } from './AddChildDialog';
import { childrenKey, loadChildren } from './api';
import { ChildList } from './ChildList';
import { useDeleteChild } from './DeleteChild';
import { LlgRecords } from './LlgRecords';
import { childToShow } from './llgRules';
import { ParentBar } from './ParentBar';
import { LLG_UI } from './texts';

type View = 'tasks' | 'records';

/**
 * INSPECT of an LLG task (tasks document 2.2, 2.3): the sub-tabs TASKS (CHILDREN, then the chosen
 * child's SECTIONS, ITEMS and FORM: a child is an ordinary task, filled with the same INSPECT)
 * and RECORDS. The sub-tab and the child are in the address (?llg=records, ?child=<id>).
 */
export function LlgInspectTab({
  task,
  onTaskChanged,
  onDirty,
}: {
  task: TaskDetail;
  onTaskChanged(): void;
  onDirty?(dirty: boolean): void;
}) {
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('llg') === 'records' ? 'records' : 'tasks';
  const requested = Number(search.get('child')) || null;
  const children = useQuery({ queryKey: childrenKey(task.id), queryFn: () => loadChildren(task.id) });
  useLoadErrorAlert(children.error, TASK_TEXT.loadChildLlgError);
  const { refetch } = children;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const setParams = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) value === null ? next.delete(key) : next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const [dirty, setDirty] = useState(false);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const [leaveTo, setLeaveTo] = useState<Record<string, string | null> | null>(null);
  /** Another child or sub-tab: asks first while the FORM holds unsaved input. */
  const go = (changes: Record<string, string | null>) => {
    if (dirty) setLeaveTo(changes);
    else setParams(changes);
  };

  const list = children.data;
  return (
    <Box data-testid="llg-inspect" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <ParentBar task={task} list={list} onSubmitted={onTaskChanged} />
      <Tabs
        value={view}
        onChange={(_, next: View) => go({ llg: next === 'records' ? 'records' : null })}
        sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="tasks" label={LLG_TEXT.tasksTab} data-testid="llg-tab-tasks" sx={{ minHeight: 40 }} />
        <Tab value="records" label={LLG_TEXT.recordsTab} data-testid="llg-tab-records" sx={{ minHeight: 40 }} />
      </Tabs>
      {!list ? (
        children.error ? (
          <Alert severity="error" action={<Button onClick={refresh}>{TASK_UI.retry}</Button>}>
            {TASK_TEXT.loadChildLlgError}: {(children.error as Error).message}
          </Alert>
        ) : (
          <CircularProgress aria-label="Loading child records" />
        )
      ) : view === 'records' ? (
        <LlgRecords
          records={list.children}
          onChanged={() => {
            refresh();
            onTaskChanged();
          }}
        />
      ) : (
        <LlgTasks
          task={task}
          list={list}
          requested={requested}
          onPick={(child) => go({ child: String(child.id) })}
          onCreated={(child) => {
            setParams({ child: String(child.id) });
            refresh();
            onTaskChanged();
          }}
          onDeleted={(child) => {
            if (child.id === requested) setParams({ child: null });
            refresh();
            onTaskChanged();
          }}
          onChanged={refresh}
          onDirty={setDirty}
        />
      )}
      <ConfirmDialog
        open={leaveTo !== null}
        title={TASK_UI.unsavedTitle}
        content={TASK_UI.unsaved}
        confirm={TASK_UI.drop}
        cancel={TASK_UI.keep}
        onConfirm={() => {
          if (leaveTo) setParams(leaveTo);
          setDirty(false);
          setLeaveTo(null);
        }}
        onClose={() => setLeaveTo(null)}
      />
    </Box>
  );
}

/** TASKS: CHILDREN beside (or, below 1200 px, above) the chosen child's checklist. */
function LlgTasks({
  task,
  list,
  requested,
  onPick,
  onCreated,
  onDeleted,
  onChanged,
  onDirty,
}: {
  task: TaskDetail;
  list: ChildLlgList;
  requested: number | null;
  onPick(child: ChildLlgTask): void;
  onCreated(child: ChildLlgTask): void;
  onDeleted(child: ChildLlgTask): void;
  onChanged(): void;
  onDirty(dirty: boolean): void;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [adding, setAdding] = useState(false);
  const remove = useDeleteChild(onDeleted);
  const child = childToShow(list.children, requested);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: wide ? '300px minmax(0, 1fr)' : 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ py: 0.5, minWidth: 0 }}>
        <ChildList
          list={list}
          selected={child?.id ?? null}
          onSelect={onPick}
          onAdd={() => setAdding(true)}
          onDelete={remove.start}
          maxHeight={wide ? 500 : 300}
        />
      </Paper>
      {child ? (
        <ChildInspect key={child.id} child={child} onChanged={onChanged} onDirty={onDirty} />
      ) : wide ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary" data-testid="llg-no-child">
            {LLG_UI.checklistHere}
          </Typography>
        </Paper>
      ) : null}
      {adding && (
        <AddChildDialog
          parentId={task.id}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            onCreated(created);
          }}
        />
      )}
      {remove.dialogs}
    </Box>
  );
}

/** The chosen child: its own task (GET /api/Observation/{id}) in the INSPECT every task uses. */
function ChildInspect({ child, onChanged, onDirty }: { child: ChildLlgTask; onChanged(): void; onDirty(dirty: boolean): void }) {
  const query = useQuery({ queryKey: ['task', child.id], queryFn: () => loadTask(child.id) });
  useLoadErrorAlert(query.error, TASK_TEXT.loadByIdError);
  const { refetch } = query;
  const changed = useCallback(() => {
    void refetch();
    onChanged();
  }, [refetch, onChanged]);
  const heading = [
    child.taskTypeDesc,
    child.specification,
    child.acronymCode,
    child.safeWorkingLoad ? `SWL ${child.safeWorkingLoad}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
      data-testid="llg-child-inspect"
      data-serial={child.llgSerialNumber}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', px: 0.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 18, fontWeight: 600 }} data-testid="llg-child-title">
          {child.llgSerialNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {heading}
        </Typography>
      </Box>
      {query.error ? (
        <Alert severity="error">
          {TASK_TEXT.loadByIdError}: {(query.error as Error).message}
        </Alert>
      ) : !query.data ? (
        <CircularProgress aria-label="Loading child record" />
      ) : (
        <InspectTab task={query.data} onTaskChanged={changed} onDirty={onDirty} embedded onSaved={onChanged} />
      )}
    </Box>
  );
}
