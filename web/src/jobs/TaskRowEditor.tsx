import Delete from '@mui/icons-material/Delete';
import Restore from '@mui/icons-material/Restore';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useEffect } from 'react';
import { LOCKED_TASK_STATUSES, type TaskStatus } from '@portal/contracts';
import { useLoadErrorAlert } from '../common/useAlert';
import { type Choice, Pick } from './fields';
import { TASK_DELETED, type TaskRowState } from './jobForm';
import { useAssets } from './pickers';
import { JOB_TEXT } from './texts';

/**
 * One row of the TASKS table: Division -> Task Type -> Asset (of the task type's asset type on
 * the job's site) and Inspector. Only new rows change division and task type; statuses 8, 16,
 * 64 and 1024 lock the asset; saved rows are deleted (1024) and restored (1) by their icon.
 */
export function TaskRowEditor({
  row,
  index,
  siteId,
  divisions,
  taskTypes,
  inspectors,
  locked,
  onChange,
  onTaskType,
  onLoading,
}: {
  row: TaskRowState;
  index: number;
  siteId: number | null;
  divisions: Choice[];
  taskTypes: (Choice & { divisionId: number })[];
  inspectors: Choice[];
  locked: boolean;
  onChange(patch: Partial<TaskRowState>): void;
  onTaskType(taskTypeId: number | null): void;
  onLoading(key: string, loading: boolean): void;
}) {
  const assets = useAssets(row.assetTypeId, siteId);
  useLoadErrorAlert(assets.error, JOB_TEXT.loadAssetOptionsError);
  const loading = assets.isFetching;
  useEffect(() => {
    onLoading(row.key, loading);
    return () => onLoading(row.key, false);
  }, [row.key, loading, onLoading]);
  const deleted = row.status === TASK_DELETED;
  const rowLocked = locked || LOCKED_TASK_STATUSES.includes(row.status as TaskStatus);
  const testId = `task-row-${index}`;
  return (
    <TableRow data-testid={testId} sx={deleted ? { opacity: 0.55, '& td': { textDecoration: 'line-through' } } : undefined}>
      {/* Level with the pickers' text (the row's cells align to the top for their helper texts). */}
      <TableCell sx={{ pt: '13px !important' }}>
        {!row.isNew &&
          !locked &&
          (deleted ? (
            <Tooltip title="Restore task">
              <IconButton
                size="small"
                color="success"
                onClick={() => onChange({ status: 1, isDirty: true })}
                data-testid={`${testId}-restore`}
              >
                <Restore fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : row.status === 1 ? (
            <Tooltip title="Delete task">
              <IconButton
                size="small"
                color="error"
                onClick={() => onChange({ status: TASK_DELETED, isDirty: true })}
                data-testid={`${testId}-delete`}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null)}
      </TableCell>
      <TableCell sx={{ pt: '21px !important' }}>
        {index + 1}
        {deleted && <span style={{ color: '#c62828' }}> *</span>}
      </TableCell>
      <TableCell>
        <Pick
          label="Division"
          required
          value={row.divisionId}
          choices={divisions}
          onChange={(divisionId) => onChange({ divisionId, taskTypeId: null, assetTypeId: null, assetId: null, isDirty: true })}
          disabled={!row.isNew || locked}
          testId={`${testId}-division`}
        />
      </TableCell>
      <TableCell>
        <Pick
          label="Task Type"
          required
          value={row.taskTypeId}
          choices={taskTypes.filter((t) => t.divisionId === row.divisionId)}
          onChange={onTaskType}
          disabled={!row.isNew || locked || row.divisionId === null}
          testId={`${testId}-task-type`}
        />
      </TableCell>
      <TableCell>
        <Pick
          label={loading ? 'Asset (loading...)' : 'Asset'}
          value={row.assetId}
          choices={assets.data ?? []}
          onChange={(assetId) => onChange({ assetId, isDirty: true })}
          disabled={rowLocked || deleted || row.assetTypeId === null}
          loading={assets.isLoading}
          testId={`${testId}-asset`}
        />
      </TableCell>
      <TableCell>
        <Pick
          label="Inspector"
          value={row.inspectorId}
          choices={inspectors}
          onChange={(inspectorId) => onChange({ inspectorId, isDirty: true })}
          disabled={rowLocked || deleted}
          testId={`${testId}-inspector`}
        />
      </TableCell>
    </TableRow>
  );
}
