import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { JOB_TYPE, type JobRow } from '@portal/contracts';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { type DiscardTexts, SidePanel, useReportUnsaved } from '../common/list';
import { PanelFooter } from '../common/PanelFooter';
import { useSession } from '../session/SessionContext';
import { jobTasks } from './api';
import { ClientStep, validTime } from './ClientStep';
import { canCancelJob, canCloseJob, emptyJob, fromSchedule, isLocked, type JobFormState, pickJobFiles, stepReady } from './jobForm';
import { useJobClients, useLlgOffered, useTaskTypeChoices } from './pickers';
import { StaffStep } from './StaffStep';
import { TaskStep } from './TaskStep';
import { TrackingStep } from './TrackingStep';
import { JOB_TEXT, JOB_UI } from './texts';
import { type JobCommand, useJobSave } from './useJobSave';

const NARROW = 680;

/** Closing the wizard with unsaved input asks first (issue 20), in the jobs' words. */
const DISCARD: DiscardTexts = {
  title: JOB_TEXT.discardTitle,
  content: JOB_TEXT.discardContent,
  confirm: JOB_TEXT.discard,
  cancel: JOB_TEXT.keepEditing,
};
const WIDE = 1120;

/**
 * The job create/edit panel (shell document 2 "Job create/edit panel"): four steps, Next/Save
 * by the step's rule, Clear, previous/next chevrons, Cancel Job and Close Job on the last step
 * behind the spec's confirms; wider from step 3; 'Please Wait...' while a job loads.
 */
export function JobPanel({
  open,
  job,
  lite,
  onClose,
  onSaved,
}: {
  open: boolean;
  job: JobRow | null;
  lite: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);
  const title = job ? JOB_TEXT.editTitle(job.jobNumber) : JOB_TEXT.addTitle;
  return (
    <SidePanel open={open} title={title} onClose={onClose} width={step >= 3 ? WIDE : NARROW} guardCloseButton discardTexts={DISCARD}>
      <JobWizard key={job?.id ?? 'new'} job={job} lite={lite} step={step} setStep={setStep} onSaved={onSaved} />
    </SidePanel>
  );
}

function JobWizard({
  job,
  lite,
  step,
  setStep,
  onSaved,
}: {
  job: JobRow | null;
  lite: boolean;
  step: number;
  setStep(step: number): void;
  onSaved(): void;
}) {
  const { role, user } = useSession();
  const tasks = useQuery({
    queryKey: ['jobTasks', job?.id],
    queryFn: () => jobTasks(job!.id),
    enabled: Boolean(job),
    gcTime: 0,
    staleTime: 0,
  });
  const clients = useJobClients();
  const taskTypes = useTaskTypeChoices();
  const llgOffered = useLlgOffered();
  const initial = useMemo<JobFormState | null>(() => {
    if (!job) return { ...emptyJob(), type: lite ? JOB_TYPE.JOB_LITE : JOB_TYPE.JOB };
    if (!tasks.data) return null;
    return fromSchedule(job, tasks.data);
  }, [job, lite, tasks.data]);
  const [form, setForm] = useState<JobFormState | null>(initial);
  useEffect(() => {
    if (initial && !form) setForm(initial);
  }, [initial, form]);

  const [addingSite, setAddingSite] = useState(false);
  const [addingRequester, setAddingRequester] = useState(false);
  const [pendingFiles, setPendingFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<JobCommand | null>(null);
  const loadingKeys = useRef(new Set<string>());
  const [assetsLoading, setAssetsLoading] = useState(false);
  const onLoading = useCallback((key: string, loading: boolean) => {
    if (loading) loadingKeys.current.add(key);
    else loadingKeys.current.delete(key);
    setAssetsLoading(loadingKeys.current.size > 0);
  }, []);
  const save = useJobSave({ onSaved, llgTaskType: taskTypes.llg, taskTypes: taskTypes.all });
  // Esc, the X or a click outside ask first while anything typed is unsaved (SidePanel's guard).
  const [saved, setSaved] = useState(false);
  const changed = useMemo(
    () => pendingFiles.length > 0 || (form !== null && initial !== null && JSON.stringify(form) !== JSON.stringify(initial)),
    [form, initial, pendingFiles],
  );
  useReportUnsaved(changed && !saved);

  // The inspectors the saved tasks name, offered on their rows even when they no longer qualify.
  const taskInspectors = useMemo(() => {
    const named = new Map<number, string>();
    for (const t of tasks.data ?? []) if (t.inspectorId && t.inspectorName) named.set(t.inspectorId, t.inspectorName);
    return [...named].map(([id, name]) => ({ id, name }));
  }, [tasks.data]);
  const offices = useMemo(() => {
    const mine = user.offices.map((o) => ({ id: o.id, name: o.name }));
    if (job && !mine.some((o) => o.id === job.secondaryOfficeId)) mine.push({ id: job.secondaryOfficeId, name: job.officeName });
    return mine;
  }, [user.offices, job]);

  if (!form || (job && !taskTypes.loaded)) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }} data-testid="job-please-wait">
        <CircularProgress size={22} />
        <Typography>{JOB_TEXT.pleaseWait}</Typography>
      </Box>
    );
  }

  // A job whose tasks reference unknown divisions, task types, assets or inspectors is not
  // editable: the server names every one it knows, so a missing name is an unknown reference.
  if (
    job &&
    (tasks.data ?? []).some(
      (t) =>
        !t.divisionName || !t.taskTypeName || (t.locationId !== null && !t.locationName) || (t.inspectorId !== null && !t.inspectorName),
    )
  ) {
    return (
      <Alert severity="warning" data-testid="job-not-editable" sx={{ mt: 2 }}>
        {JOB_TEXT.notEditable}
      </Alert>
    );
  }

  const set = (patch: Partial<JobFormState>) => setForm((current) => (current ? { ...current, ...patch } : current));
  const locked = isLocked(form.status);
  const ready = (s: number) =>
    stepReady(s, form, { hasOffices: offices.length > 0, assetsLoading }) && (s !== 0 || validTime(form.startTime));
  const navigationBlocked = addingSite || save.busy;
  const canGoTo = (target: number) => !navigationBlocked && (target <= step || Array.from({ length: target }, (_, i) => i).every(ready));
  const addFiles = (files: File[]) => {
    const already = pendingFiles.reduce((sum, f) => sum + f.size, 0);
    // The good files of a pick are kept; each refused one is named with why.
    const { accepted, message } = pickJobFiles(files, already);
    setFileError(message);
    if (accepted.length > 0) setPendingFiles([...pendingFiles, ...accepted]);
  };
  const lastStep = step === 3;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="job-wizard">
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {JOB_TEXT.steps.map((label, index) => (
          <Step key={label} completed={index < step && ready(index)}>
            <StepButton onClick={() => canGoTo(index) && setStep(index)} disabled={!canGoTo(index)} data-testid={`job-step-${index}`}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="job-locked">
          {JOB_UI.lockedNote}
        </Alert>
      )}
      <Box sx={{ flex: 1 }}>
        {step === 0 && (
          <ClientStep
            form={form}
            set={set}
            clients={clients.data ?? []}
            clientsLoading={clients.isLoading}
            locked={locked}
            addingSite={addingSite}
            setAddingSite={setAddingSite}
            addingRequester={addingRequester}
            setAddingRequester={setAddingRequester}
            onSiteAdded={(siteId) => void clients.refetch().then(() => set({ siteId, requesterId: null, clientUserIds: [] }))}
          />
        )}
        {step === 1 && <TrackingStep form={form} set={set} offices={offices} locked={locked} />}
        {step === 2 && (
          <StaffStep
            form={form}
            set={set}
            locked={locked}
            pendingFiles={pendingFiles}
            onAddFiles={addFiles}
            onRemovePending={(index) => setPendingFiles(pendingFiles.filter((_, i) => i !== index))}
            uploadProgress={save.uploadProgress}
            fileError={fileError}
          />
        )}
        {step === 3 && (
          <TaskStep
            form={form}
            set={set}
            taskTypes={taskTypes.ordinary}
            llgOffered={llgOffered}
            llgAvailable={taskTypes.llg !== null}
            taskInspectors={taskInspectors}
            onLoading={onLoading}
          />
        )}
      </Box>
      <PanelFooter>
        <Box sx={{ display: { xs: 'none', sm: 'contents' } }}>
          <Tooltip title="Previous step">
            <span>
              <IconButton
                aria-label="Previous step"
                disabled={step === 0 || navigationBlocked}
                onClick={() => setStep(step - 1)}
                data-testid="job-prev"
              >
                <ChevronLeft />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Next step">
            <span>
              <IconButton
                aria-label="Next step"
                disabled={lastStep || !canGoTo(step + 1)}
                onClick={() => setStep(step + 1)}
                data-testid="job-next-chevron"
              >
                <ChevronRight />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Button onClick={() => setForm(initial)} disabled={save.busy || locked} data-testid="job-clear">
          {JOB_UI.clear}
        </Button>
        <Box sx={{ flex: 1 }} />
        {lastStep && (
          <>
            <Button
              color="error"
              variant="outlined"
              sx={{ whiteSpace: 'nowrap' }}
              disabled={!canCancelJob(role, form) || (job !== null && !job.can.cancel) || save.busy}
              onClick={() => setConfirm('cancel')}
              data-testid="job-cancel"
            >
              {JOB_UI.cancelJob}
            </Button>
            {form.isDayJob && (
              <Button
                variant="outlined"
                sx={{ whiteSpace: 'nowrap' }}
                disabled={!canCloseJob(role, form) || (job !== null && !job.can.close) || save.busy}
                onClick={() => setConfirm('close')}
                data-testid="job-close"
              >
                {JOB_UI.closeJob}
              </Button>
            )}
          </>
        )}
        {lastStep ? (
          <Button
            variant="contained"
            disabled={locked || !ready(3) || !ready(0) || !ready(1) || !ready(2) || save.busy}
            onClick={() => void save.save(form, pendingFiles).then(setSaved)}
            startIcon={save.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="job-save"
          >
            {save.busy ? JOB_TEXT.pleaseWait : JOB_UI.save}
          </Button>
        ) : (
          <Button variant="contained" disabled={!ready(step) || navigationBlocked} onClick={() => setStep(step + 1)} data-testid="job-next">
            {JOB_UI.next}
          </Button>
        )}
      </PanelFooter>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'cancel' ? JOB_UI.cancelJob : JOB_UI.closeJob}
        content={confirm === 'cancel' ? JOB_TEXT.cancelConfirm : JOB_TEXT.closeConfirm}
        destructive={confirm === 'cancel'}
        note={JOB_TEXT.cancelNote}
        loading={save.busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const command = confirm;
          setConfirm(null);
          if (command && form.id) void save.command(form.id, command);
        }}
      />
    </Box>
  );
}
