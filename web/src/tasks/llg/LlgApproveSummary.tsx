import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { TaskStatusIcon } from '../TaskStatusIcon';
import { childrenKey, loadChildren } from './api';
import { liveChildren } from './llgRules';
import { LLG_UI } from './texts';

/**
 * What Approve shows for an LLG task (DECISIONS 9 for each record): the records it approves,
 * each with its own checklist's state, one certificate each; approval waits until every record
 * is complete (the server refuses otherwise). The LLG task's own checklist is not asked for.
 */
export function useLlgApproval(task: TaskDetail, enabled: boolean): { ready: boolean; blocked: boolean; content: ReactNode } {
  const children = useQuery({ queryKey: childrenKey(task.id), queryFn: () => loadChildren(task.id), enabled, staleTime: 0 });
  if (!enabled) return { ready: true, blocked: false, content: null };
  if (children.error) return { ready: false, blocked: true, content: <Alert severity="error">{TASK_TEXT.loadChildLlgError}</Alert> };
  if (!children.data) return { ready: false, blocked: true, content: <CircularProgress size={24} aria-label="Loading child records" /> };
  const live = liveChildren(children.data.children);
  const incomplete = live.filter((c) => !c.complete);
  return {
    ready: true,
    blocked: live.length === 0 || incomplete.length > 0,
    content: (
      <>
        <Typography>{LLG_UI.approveIntro(live.length)}</Typography>
        <Box
          component="ul"
          sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}
          data-testid="approve-records"
        >
          {live.map((c) => (
            <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="approve-record">
              <TaskStatusIcon status={c.status} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {c.llgSerialNumber}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {c.taskTypeDesc}
              </Typography>
              <Typography variant="caption" sx={{ fontWeight: 600, color: c.complete ? 'success.dark' : 'warning.dark' }}>
                {c.complete ? LLG_UI.complete : LLG_UI.toDo}
              </Typography>
            </Box>
          ))}
        </Box>
        {live.length === 0 && <Alert severity="warning">{TASK_TEXT.noChildLlg}</Alert>}
        {incomplete.length > 0 && (
          <Alert severity="warning" data-testid="approve-incomplete">
            {LLG_UI.approveIncomplete(incomplete.map((c) => c.llgSerialNumber))}
          </Alert>
        )}
      </>
    ),
  };
}
