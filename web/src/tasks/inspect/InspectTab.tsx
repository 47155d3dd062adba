import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ChecklistAnswer, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAlert } from '../../common/useAlert';
import { changeStatus, loadChecklist } from '../api';
import { dismissRefused, startSending, useOnline, useQueuedSaves } from '../../offline/outbox';
import { TASK_UI } from '../texts';
import { ExaminationDialog } from './ExaminationDialog';
import { InspectionBar } from './InspectionBar';
import { keepFormsOnDevice, SECTION_FORM, useNodeEntries } from './inspectEntries';
import { useChecklistSave, useFoldSidebarOnTablet, usePassRemaining } from './useInspectActions';
import {
  firstIncompletePick,
  firstPick,
  type InspectPick,
  nextIncompletePick,
  pickSection,
  remainingInSection,
  saveDisabled,
  targetOf,
  toSections,
} from './inspectRules';
import { useLeaveGuard } from '../../common/LeaveGuard';
import { NodeEditor } from './NodeEditor';
import { NodeList, NodePicker } from './NodeList';
import { EmptyForm } from './EmptyForm';

/** The lists' boxes: as tall as their entries (the page scrolls, no box scrolls inside another). */
const LIST_BOX = { py: 0.5, display: 'flex', minHeight: 0 } as const;

/**
 * INSPECT (tasks document 2.2, 2.3, 4, 5): the task's checklist as SECTIONS (top marker -100),
 * ITEMS (help tooltips) and the FORM of the chosen item. A task without checklist data is
 * initialised first ('Task in <status> and Checklist updated successfully'). On a phone the
 * sections and items are two dropdowns above the form, so nothing scrolls sideways.
 */
export function InspectTab({
  task,
  onTaskChanged,
  onDirty,
  embedded = false,
  onSaved,
}: {
  task: TaskDetail;
  onTaskChanged(): void;
  /** Whether the FORM holds unsaved changes (the page asks before leaving the tab). */
  onDirty?(dirty: boolean): void;
  /** A child LLG record inside the LLG view: the parent submits, and CHILDREN takes the left column. */
  embedded?: boolean;
  /** After each save of the checklist (the LLG view's children list shows who is complete). */
  onSaved?(): void;
}) {
  const alert = useAlert();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const wide = useMediaQuery(theme.breakpoints.up('lg')) && !embedded;
  const [answer, setAnswer] = useState<ChecklistAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pick, setPick] = useState<InspectPick>({ sectionId: null, itemId: null });
  const [dirty, setDirty] = useState(false);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  // Every way out of the page asks while the FORM holds unsaved input: links, Back, reload, closing (issue 21).
  useLeaveGuard(dirty, { title: TASK_UI.unsavedTitle, content: TASK_UI.unsaved, confirm: TASK_UI.drop, cancel: TASK_UI.keep });
  const [confirm, setConfirm] = useState<InspectPick | null>(null);
  const [version, setVersion] = useState(0);
  const [examinationOpen, setExaminationOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const opening = useRef(false);
  useFoldSidebarOnTablet();
  const pickRef = useRef(pick);
  pickRef.current = pick;
  // Offline inspection (issue 21): saves without a connection wait in IndexedDB, in order.
  const online = useOnline();
  const queued = useQueuedSaves(task.id);
  const answerRef = useRef(answer);
  answerRef.current = answer;
  useEffect(() => startSending(), []);

  const reload = useCallback(
    async (first: boolean) => {
      try {
        const loaded = await loadChecklist(task.id);
        setAnswer(loaded);
        if (first) setPick(firstPick(toSections(loaded.nodes)));
        setVersion((v) => v + 1);
        keepFormsOnDevice(loaded);
      } catch (e) {
        setError((e as Error).message);
        alert.error(TASK_TEXT.loadByIdError, (e as Error).message);
      }
    },
    [task.id, alert],
  );

  // Opening INSPECT on a task without checklist data initialises it (status 4) first.
  useEffect(() => {
    if (opening.current) return;
    opening.current = true;
    (async () => {
      if (!task.hasChecklist && task.tabs.inspect) {
        try {
          const opened = await changeStatus(task.id, 4, { isToUpdateChecklist: true });
          alert.success(opened.message);
          // Says why the status changed (issue 21): held until the inspection is submitted.
          setStarted(opened.checklistUpdated);
          onTaskChanged();
        } catch (e) {
          alert.saveError((e as Error).message || TASK_TEXT.updateError);
        }
      }
      await reload(true);
    })();
  }, [task.id, task.hasChecklist, task.tabs.inspect, alert, onTaskChanged, reload]);

  const sections = useMemo(() => toSections(answer?.nodes ?? []), [answer]);
  const section = sections.find((s) => s.node.id === pick.sectionId);
  const target = targetOf(sections, pick);
  const editable = Boolean(answer?.editable && task.tabs.inspect);

  const { sectionEntries, itemEntries } = useNodeEntries(sections, section, answer);
  const choose = (next: InspectPick) => {
    if (next.sectionId === pick.sectionId && next.itemId === pick.itemId) return;
    if (dirty) setConfirm(next);
    else setPick(next);
  };

  const pickItem = (id: string) => choose({ sectionId: pick.sectionId, itemId: id === SECTION_FORM ? null : id });

  /** The lists show the new results; a node that is complete now gives way to the next incomplete one. */
  const afterSave = useCallback(
    async (moveOn: boolean) => {
      try {
        const loaded = await loadChecklist(task.id);
        setAnswer(loaded);
        onSaved?.();
        const current = pickRef.current;
        const here = current.itemId ?? current.sectionId;
        if (moveOn && !loaded.inspection.problems.some((p) => p.nodeId === here)) {
          const next = nextIncompletePick(loaded.inspection, toSections(loaded.nodes), current);
          if (next) setPick(next);
        }
      } catch {
        // The lists keep what they showed; the next save or reload brings them up to date.
      }
    },
    [task.id, onSaved],
  );

  const pass = usePassRemaining({ task, section, onTaskChanged, afterSave, onPassed: () => setVersion((v) => v + 1) });
  const save = useChecklistSave({ task, onTaskChanged, afterSave, answerRef, pending: queued.pending, setAnswer });

  if (error && !answer)
    return (
      <Alert severity="error" action={<Button onClick={() => reload(true)}>{TASK_UI.retry}</Button>}>
        {TASK_TEXT.loadByIdError}: {error}
      </Alert>
    );
  if (!answer) return <CircularProgress aria-label="Loading checklist" />;

  const submit = async (): Promise<boolean> => {
    try {
      const answered = await changeStatus(task.id, 8);
      alert.success(answered.message);
      onTaskChanged();
      return true;
    } catch (e) {
      alert.saveError((e as Error).message || TASK_TEXT.updateError);
      await reload(false);
      return false;
    }
  };
  const goTo = (next: InspectPick | null) => next && choose(next);

  const formArea = target ? (
    <NodeEditor
      key={`${target.node.id}:${version}`}
      taskId={task.id}
      node={target.node}
      isItem={target.node.nodeType === 'ITEM'}
      editable={editable}
      onSave={save}
      onDirty={setDirty}
    />
  ) : (
    <EmptyForm
      editable={editable}
      disabled={saveDisabled({
        loading: false,
        hasSection: sections.length > 0,
        hasItems: (section?.items.length ?? 0) > 0 && !section?.node.form,
        itemPicked: false,
        multiple: false,
        recordChosen: false,
        editable,
      })}
    />
  );

  const sectionList = (
    <NodeList
      title={TASK_UI.sections}
      entries={sectionEntries}
      selected={pick.sectionId}
      onSelect={(id) => choose(pickSection(sections, id))}
      empty={TASK_UI.noSection}
      testId="sections"
    />
  );
  const remaining = editable ? remainingInSection(section) : 0;
  const passButton =
    remaining > 0 ? (
      <Button size="small" onClick={pass.ask} disabled={dirty} data-testid="pass-remaining" sx={{ whiteSpace: 'nowrap' }}>
        {TASK_UI.passRemainingShort(remaining)}
      </Button>
    ) : null;
  const itemList = (
    <NodeList
      title={TASK_UI.items}
      entries={itemEntries}
      selected={pick.itemId ?? (section?.node.form ? SECTION_FORM : null)}
      onSelect={pickItem}
      empty={TASK_UI.noItem}
      testId="items"
      action={passButton}
    />
  );

  return (
    <Box data-testid="inspect" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      {!editable && (
        <Alert severity="info" variant="outlined" data-testid="inspect-read-only">
          {TASK_UI.readOnly}
        </Alert>
      )}
      {started && (
        <Alert severity="info" onClose={() => setStarted(false)} data-testid="inspection-started">
          {TASK_UI.inspectionStarted}
        </Alert>
      )}
      {(!online || queued.pending > 0) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="offline-status">
          {queued.pending > 0 && (
            <Chip
              color="warning"
              size="small"
              label={TASK_UI.pendingSaves(queued.pending)}
              data-testid="pending-saves"
              sx={{ fontWeight: 600 }}
            />
          )}
          {!online && (
            <Typography variant="body2" color="text.secondary" data-testid="offline-note">
              {TASK_UI.offline}
            </Typography>
          )}
        </Box>
      )}
      {queued.refused.map((r) => (
        <Alert
          key={r.id}
          severity="error"
          data-testid="refused-save"
          data-node={r.nodeId}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => r.id !== undefined && void dismissRefused(r.id)}
              data-testid="refused-dismiss"
            >
              {TASK_UI.dismiss}
            </Button>
          }
        >
          <strong>{TASK_UI.refusedSave(r.nodeName)}</strong> {r.message}. {TASK_UI.refusedNote}
        </Alert>
      ))}
      <InspectionBar
        summary={answer.inspection}
        canSubmit={editable && task.can.submit && !embedded}
        submitBlocked={!online ? TASK_UI.submitNeedsConnection : queued.pending > 0 ? TASK_UI.submitWaits : undefined}
        onNextIncomplete={() => goTo(nextIncompletePick(answer.inspection, sections, pick))}
        onGoToMissing={() => goTo(firstIncompletePick(answer.inspection))}
        onExamination={() => setExaminationOpen(true)}
        onSubmit={submit}
      />
      {examinationOpen && (
        <ExaminationDialog task={task} editable={editable} open onClose={() => setExaminationOpen(false)} onSaved={onTaskChanged} />
      )}
      {phone ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <NodePicker
            label={TASK_UI.section}
            entries={sectionEntries}
            selected={pick.sectionId}
            onSelect={(id) => choose(pickSection(sections, id))}
            empty={TASK_UI.noSection}
            testId="sections"
          />
          {section && (
            <NodePicker
              label={TASK_UI.item}
              entries={itemEntries}
              selected={pick.itemId ?? (section?.node.form ? SECTION_FORM : null)}
              onSelect={pickItem}
              empty={TASK_UI.noItem}
              testId="items"
            />
          )}
          {passButton && <Box>{passButton}</Box>}
          <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            {formArea}
          </Paper>
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: wide ? '230px 260px minmax(0, 1fr)' : '250px minmax(0, 1fr)',
          }}
        >
          {wide ? (
            <>
              <Paper variant="outlined" sx={LIST_BOX}>
                {sectionList}
              </Paper>
              <Paper variant="outlined" sx={LIST_BOX}>
                {itemList}
              </Paper>
            </>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
              <Paper variant="outlined" sx={LIST_BOX}>
                {sectionList}
              </Paper>
              <Paper variant="outlined" sx={LIST_BOX}>
                {itemList}
              </Paper>
            </Box>
          )}
          <Paper variant="outlined" sx={{ p: 2, pb: 0, minWidth: 0 }}>
            <Typography variant="overline" component="div" sx={{ color: 'text.secondary', lineHeight: 2 }}>
              {TASK_UI.form}
            </Typography>
            {formArea}
          </Paper>
        </Box>
      )}
      <ConfirmDialog
        open={pass.passing !== null}
        title={TASK_UI.passRemaining}
        content={
          pass.passing
            ? TASK_UI.passRemainingConfirm(pass.passing.count, section?.node.displayName || section?.node.name || '', pass.passing.skipped)
            : ''
        }
        confirm={pass.passing?.count ? TASK_UI.passRemaining : TASK_UI.close}
        cancel={TASK_UI.keep}
        loading={pass.busy}
        onConfirm={pass.confirm}
        onClose={pass.cancel}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={TASK_UI.unsavedTitle}
        content={TASK_UI.unsaved}
        confirm={TASK_UI.drop}
        cancel={TASK_UI.keep}
        onConfirm={() => {
          if (confirm) setPick(confirm);
          setDirty(false);
          setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
