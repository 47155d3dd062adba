import Add from '@mui/icons-material/Add';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ASSETS, assetNameError, LLG_CATEGORY, type TaskTypeOption } from '@portal/contracts';
import { HttpError } from '../api/http';
import { readDisallowedAssetChars } from '../common/assetNameRules';
import { useDivisionOptions } from '../common/options';
import { useAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { saveAsset } from './api';
import { type Choice, Pick, Text } from './fields';
import { canAddTasks, canRemoveLastNew, isLocked, type JobFormState, newTaskRow, type TaskRowState } from './jobForm';
import { useAssetTypes, useInspectors } from './pickers';
import { TaskRowEditor } from './TaskRowEditor';
import { JOB_TEXT, JOB_UI } from './texts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="overline" sx={{ display: 'block', fontWeight: 700, color: 'primary.main', lineHeight: 1.5, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Step 3, Task Details: Step 1 ASSET (add an asset to the site), Step 2 TASKS (the table),
 * Step 3 SPECIAL TASKS (the LLG toggle, where the configuration offers it), Step 4 DAY JOB.
 */
export function TaskStep({
  form,
  set,
  taskTypes,
  llgOffered,
  llgAvailable,
  taskInspectors,
  onLoading,
}: {
  form: JobFormState;
  set(patch: Partial<JobFormState>): void;
  taskTypes: TaskTypeOption[];
  llgOffered: boolean;
  llgAvailable: boolean;
  taskInspectors: Choice[];
  onLoading(key: string, loading: boolean): void;
}) {
  const { role } = useSession();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const locked = isLocked(form.status);
  const assetTypes = useAssetTypes();
  const divisions = useDivisionOptions();
  // The same list as step 2, plus the inspectors the saved tasks name (who may no longer qualify).
  const inspectorList = useInspectors(form.officeId, form.savedInspectors);
  const inspectors = useMemo(() => {
    const list: Choice[] = [...(inspectorList.data ?? [])];
    for (const person of taskInspectors) if (!list.some((p) => p.id === person.id)) list.push(person);
    return list;
  }, [inspectorList.data, taskInspectors]);
  const [assetTypeId, setAssetTypeId] = useState<number | null>(null);
  const [assetName, setAssetName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameError = assetNameError(assetName, readDisallowedAssetChars());
  const assetTypeChoices: Choice[] = (assetTypes.data ?? []).filter((t) => t.category !== LLG_CATEGORY);

  const setRow = (key: string, patch: Partial<TaskRowState>) =>
    set({ tasks: form.tasks.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const chooseTaskType = (row: TaskRowState, taskTypeId: number | null) => {
    const taskType = taskTypes.find((t) => t.id === taskTypeId);
    if (taskType && taskType.assetTypeId === null) alert.error(JOB_TEXT.noAssetTypeFor(taskType.name));
    setRow(row.key, { taskTypeId, assetTypeId: taskType?.assetTypeId ?? null, assetId: null, isDirty: true });
  };

  const addAsset = async () => {
    if (!assetTypeId || !form.customerId || !form.siteId || nameError) return;
    setSaving(true);
    try {
      await saveAsset({ assetTypeId, companyId: form.customerId, siteId: form.siteId, name: assetName.trim() });
      alert.success(ASSETS.newAssetAdded);
      setAssetName('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: ['options', '/Location/Asset'] });
    } catch (e) {
      alert.saveError(e instanceof HttpError ? e.message : (e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Section title="Step 1 ASSET" testId="task-step-asset">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr auto' }, gap: 2, alignItems: 'start' }}>
          <Pick
            label="Asset Type"
            value={assetTypeId}
            choices={assetTypeChoices}
            onChange={setAssetTypeId}
            disabled={locked}
            loading={assetTypes.isLoading}
            testId="asset-type"
          />
          <Text
            label="Asset Name"
            value={assetName}
            onChange={(value) => {
              setAssetName(value);
              setTouched(true);
            }}
            disabled={locked}
            testId="asset-name"
            error={touched && Boolean(nameError)}
            helperText={touched ? (nameError ?? ' ') : ' '}
          />
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={addAsset}
            disabled={locked || saving || !assetTypeId || Boolean(nameError) || !form.siteId}
            data-testid="add-asset"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {JOB_UI.addAsset}
          </Button>
        </Box>
      </Section>

      <Section title="Step 2 TASKS" testId="task-step-tasks">
        <Box sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            sx={(theme) => ({
              minWidth: 900,
              tableLayout: 'fixed',
              '& td': { verticalAlign: 'top', py: 1 },
              // A phone stacks each row's pickers (they carry their own labels) instead of scrolling sideways.
              [theme.breakpoints.down('sm')]: {
                minWidth: 0,
                '& thead': { display: 'none' },
                '& tbody': { display: 'block' },
                '& tbody tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' },
                '& tbody td': { display: 'block', width: '100%', border: 0, py: 0.75, px: 0 },
                '& tbody td:nth-of-type(-n+2)': { width: 'auto', pt: '0 !important', pr: 1 },
                '& tbody td:nth-of-type(2)': { fontWeight: 600, '&::before': { content: '"Task "' } },
              },
            })}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }}>Action</TableCell>
                <TableCell sx={{ width: 64 }}>SL. NO</TableCell>
                <TableCell sx={{ width: '19%' }}>Division</TableCell>
                <TableCell sx={{ width: '27%' }}>Task Type</TableCell>
                <TableCell sx={{ width: '24%' }}>Asset</TableCell>
                <TableCell sx={{ width: '20%' }}>Inspector</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {form.tasks.map((row, index) => (
                <TaskRowEditor
                  key={row.key}
                  row={row}
                  index={index}
                  siteId={form.siteId}
                  divisions={divisions.options}
                  taskTypes={taskTypes}
                  inspectors={inspectors}
                  locked={locked}
                  onChange={(patch) => setRow(row.key, patch)}
                  onTaskType={(taskTypeId) => chooseTaskType(row, taskTypeId)}
                  onLoading={onLoading}
                />
              ))}
              {form.tasks.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                    No tasks
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            variant="outlined"
            disabled={!canAddTasks(role, form)}
            onClick={() => set({ tasks: [...form.tasks, newTaskRow(form.mainInspectorId)] })}
            data-testid="add-task"
          >
            {JOB_UI.addTask}
          </Button>
          <Button
            startIcon={<RemoveCircleOutline />}
            disabled={locked || !canRemoveLastNew(form.tasks)}
            onClick={() => {
              const last = form.tasks.map((t) => t.isNew).lastIndexOf(true);
              set({ tasks: form.tasks.filter((_, i) => i !== last) });
            }}
            data-testid="remove-last-task"
          >
            {JOB_UI.removeLastNew}
          </Button>
        </Box>
      </Section>

      {llgOffered && (
        <Section title="Step 3 SPECIAL TASKS" testId="task-step-special">
          <FormControlLabel
            control={
              <Switch
                checked={form.llg === 1}
                disabled={locked || !llgAvailable}
                onChange={(e) => set({ llg: e.target.checked ? 1 : form.llgTask ? 1024 : -1 })}
                slotProps={{ input: { 'data-testid': 'llg-toggle' } as object }}
              />
            }
            label={JOB_UI.llgToggle}
          />
          {!llgAvailable && (
            <Typography variant="body2" color="text.secondary">
              No LLG task type is set up in this namespace.
            </Typography>
          )}
        </Section>
      )}

      <Section title="Step 4 DAY JOB" testId="task-step-day-job">
        <FormControlLabel
          control={
            <Switch
              checked={form.isDayJob}
              disabled={locked || Boolean(form.id)}
              onChange={(e) => set({ isDayJob: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'day-job-toggle' } as object }}
            />
          }
          label={form.isDayJobClosed ? `${JOB_UI.dayJob} (closed)` : JOB_UI.dayJob}
        />
      </Section>
    </Box>
  );
}
