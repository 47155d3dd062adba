import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { TASK_TAB_LABEL, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { AssetPanelInline } from '../assets/AssetPanel';
import { HttpError } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useLoadErrorAlert } from '../common/useAlert';
import { RELOAD_AFTER_MS } from './actions';
import { loadTask } from './api';
import { AttachAssetTab } from './AttachAssetTab';
import { DocumentFrame, PreviewTab, ReportTab } from './DocumentTab';
import { isPending, POLL_MS } from './documents';
import { InspectTab } from './inspect/InspectTab';
import { JobDetailsTab } from './JobDetailsTab';
import { LlgInspectTab } from './llg/LlgInspectTab';
import { LlgRecordsSection } from './llg/LlgRecordsSection';
import { TaskActions } from './TaskActions';
import { TaskSummary } from './TaskSummary';
import { TAB_ORDER, type TabKey, tabToShow } from './tabs';
import { TASK_UI } from './texts';
import { specPause } from '../common/pauses';

/**
 * Task details (tasks document 2.2): a summary, the action bar, and the tabs PREVIEW, JOB
 * DETAILS, ASSET DETAILS, FIELD REPORT, INSPECT, ATTACH ASSET, FULL CHECKLIST REPORT enabled by
 * the server's `tabs`. The tab is in the address (?tab=), so a link opens it.
 */
export default function TaskDetailsPage({ title, crumbs }: ScreenProps) {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useQuery({
    queryKey: ['task', id],
    queryFn: () => loadTask(id),
    enabled: valid,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
    // While the documents are queued or generating, ask again (PREVIEW shows the status).
    refetchInterval: (q) => (isPending(q.state.data?.certificateStatus) ? POLL_MS : false),
  });
  useLoadErrorAlert(query.error, TASK_TEXT.loadByIdError);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { refetch } = query;
  /** After a change: reload after 2 s (tasks document 4), once the alert was read. */
  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => refetch(), specPause(RELOAD_AFTER_MS));
  }, [refetch]);
  const reloadNow = useCallback(() => refetch(), [refetch]);
  // Leaving INSPECT with unsaved changes asks first.
  const [inspectDirty, setInspectDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<TabKey | null>(null);
  const showTab = (next: TabKey) => {
    setInspectDirty(false);
    setSearch({ tab: next }, { replace: true });
  };

  const header = (
    <PageHeader
      crumbs={[...crumbs, { label: 'Tasks', to: '/operations/tasks' }]}
      title={title}
      actions={
        <Button component={RouterLink} to="/operations/tasks" startIcon={<ArrowBack />} data-testid="back-to-tasks">
          Tasks
        </Button>
      }
    />
  );
  if (!valid || query.error)
    return (
      <>
        {header}
        <Alert severity="error" data-testid="task-error">
          {TASK_TEXT.loadByIdError}
          {query.error ? `: ${(query.error as Error).message}` : ''}
        </Alert>
      </>
    );
  const task = query.data;
  if (!task)
    return (
      <>
        {header}
        <CircularProgress aria-label="Loading task" />
      </>
    );

  const tab = tabToShow(search.get('tab'), task.tabs);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }} data-testid="task-details">
      {header}
      <TaskSummary task={task} folded={phone && tab === 'inspect'} />
      <TaskActions task={task} onChanged={reloadSoon} />
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs
          value={tab ?? false}
          onChange={(_, next: TabKey) => (tab === 'inspect' && inspectDirty ? setLeaveTo(next) : showTab(next))}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
        >
          {TAB_ORDER.map((key) => (
            <Tab
              key={key}
              value={key}
              label={TASK_TAB_LABEL[key]}
              disabled={!task.tabs[key]}
              data-testid={`tab-${key}`}
              sx={{ minHeight: 44, fontSize: 13 }}
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <TabBody
            tab={tab}
            task={task}
            reloadSoon={reloadSoon}
            reloadNow={reloadNow}
            onInspectDirty={setInspectDirty}
            onAssetAttached={async () => {
              // The task now has its asset: show it (ATTACH ASSET is disabled from now on).
              await refetch();
              showTab('assetDetails');
            }}
          />
        </Box>
      </Paper>
      <ConfirmDialog
        open={leaveTo !== null}
        title={TASK_UI.unsavedTitle}
        content={TASK_UI.unsaved}
        confirm={TASK_UI.drop}
        cancel={TASK_UI.keep}
        onConfirm={() => {
          if (leaveTo) showTab(leaveTo);
          setLeaveTo(null);
        }}
        onClose={() => setLeaveTo(null)}
      />
    </Box>
  );
}

function TabBody({
  tab,
  task,
  reloadSoon,
  reloadNow,
  onInspectDirty,
  onAssetAttached,
}: {
  tab: TabKey | null;
  task: TaskDetail;
  reloadSoon(): void;
  reloadNow(): void;
  onInspectDirty(dirty: boolean): void;
  onAssetAttached(): void;
}) {
  switch (tab) {
    case 'preview':
      if (task.isLlg)
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <LlgRecordsSection parentId={task.id} onChanged={reloadNow} />
            <PreviewTab task={task} onRetried={reloadNow} />
          </Box>
        );
      return <PreviewTab task={task} onRetried={reloadNow} />;
    case 'jobDetails':
      // Not keyed by the task's version: the page polls while the PDF is generated, and typing must survive it.
      return <JobDetailsTab task={task} onSaved={reloadSoon} />;
    case 'fieldReport':
      return (
        <ReportTab task={task} onRetried={reloadNow}>
          <DocumentFrame link={task.fieldReportLink} title="Field Report" empty={TASK_UI.noFieldReport} testId="field-report" />
        </ReportTab>
      );
    case 'fullChecklistReport':
      return (
        <ReportTab task={task} onRetried={reloadNow}>
          <DocumentFrame link={task.fullReportLink} title="Full Checklist Report" empty={TASK_UI.noFullReport} testId="full-report" />
        </ReportTab>
      );
    case 'inspect':
      if (task.isLlg) return <LlgInspectTab task={task} onTaskChanged={reloadNow} onDirty={onInspectDirty} />;
      return <InspectTab task={task} onTaskChanged={reloadNow} onDirty={onInspectDirty} />;
    case 'assetDetails':
      return task.locationId !== null ? (
        <AssetPanelInline assetId={task.locationId} taskId={task.id} companyId={task.companyId} client={task.client} onSaved={reloadNow} />
      ) : null;
    case 'attachAsset':
      return <AttachAssetTab task={task} onAttached={onAssetAttached} />;
    default:
      return null;
  }
}
