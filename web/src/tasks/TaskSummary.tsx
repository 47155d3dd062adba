import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate, type TaskDetail } from '@portal/contracts';
import { resultLabel, taskStatusLabel } from './filters';
import { TaskStatusIcon } from './TaskStatusIcon';

/**
 * Who and what the task is about, above the tabs: a grid of facts, two to a row on a phone.
 * `folded` (a phone on INSPECT) shows the status line and the asset only, with Details to unfold,
 * so the checklist starts on the first screen.
 */
export function TaskSummary({ task, folded = false }: { task: TaskDetail; folded?: boolean }) {
  const [open, setOpen] = useState(false);
  const performed = task.performedBy.map((p) => p.name).join(', ');
  const facts: [string, string | null | undefined][] = [
    ['Job', task.jobNumber],
    ['Asset', task.location],
    ['Activity', task.taskType],
    ['Client', task.client],
    ['Site', task.site],
    ['Inspector', task.observationInspector],
    // Who saved the results, when it is someone else than the assigned inspector (DECISIONS 9).
    ...(performed && performed !== task.observationInspector ? ([['Performed by', performed]] as [string, string][]) : []),
    ['Certificate', task.certificateNumber],
    ['Result', resultLabel(task.result)],
    ['Actual Inspection Date', formatDate(task.actualInspectionDate)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="task-summary">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: folded && !open ? 0 : 1.5 }}>
        <TaskStatusIcon status={task.status} />
        <Typography component="span" sx={{ fontWeight: 600 }} data-testid="task-status">
          {taskStatusLabel(task.status)}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap={folded && !open}>
          · Task {task.id}
          {folded && !open ? ` · ${task.location ?? ''}` : ''}
        </Typography>
        {folded && (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="summary-toggle">
            {open ? 'Less' : 'Details'}
          </Button>
        )}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: folded && !open ? 'none' : 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0,1fr))', md: 'repeat(3, minmax(0,1fr))', xl: 'repeat(5, minmax(0,1fr))' },
          columnGap: { xs: 1.5, sm: 3 },
          rowGap: 1,
        }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              title={value ?? ''}
              // A phone shows the whole value (an activity's long name) on more lines; wider
              // screens keep one line and the full text in the tooltip.
              sx={{
                m: 0,
                minWidth: 0,
                overflowWrap: 'anywhere',
                whiteSpace: { md: 'nowrap' },
                overflow: { md: 'hidden' },
                textOverflow: { md: 'ellipsis' },
              }}
            >
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
