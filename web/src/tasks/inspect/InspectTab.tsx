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
import { type ChecklistAnswer, type ChecklistData, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { HttpError } from '../../api/http';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAlert } from '../../common/useAlert';
import { useSidebarState } from 'react-admin';
import { changeStatus, loadChecklist, saveChecklist } from '../api';
import { localToday } from '../../forms/useFormFilling';
import { loadFormDefinition } from './useFormDefinition';
import { unreachable, withQueued } from '../../offline/cache';
import { dismissRefused, queuedFor, queueSave, sendQueued, startSending, useOnline, useQueuedSaves } from '../../offline/outbox';
import { TASK_UI } from '../texts';
import { ExaminationDialog } from './ExaminationDialog';
import { InspectionBar } from './InspectionBar';
import {
  firstIncompletePick,
  firstPick,
  type InspectPick,
  nextIncompletePick,
  passRemaining,
  pickSection,
  remainingInSection,
  saveDisabled,
  sectionProgress,
  sectionToDo,
  targetOf,
  toSections,
} from './inspectRules';
import { useLeaveGuard } from '../../common/LeaveGuard';
import { NodeEditor, type SaveOutcome } from './NodeEditor';
import { type NodeEntry, NodeList, NodePicker } from './NodeList';

/** The ITEMS entry of a section's own form (node ids never start with #). */
const SECTION_FORM = '#section';

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
}: {
  task: TaskDetail;
  onTaskChanged(): void;
  /** Whether the FORM holds unsaved changes (the page asks before leaving the tab). */
  onDirty?(dirty: boolean): void;
}) {
  const alert = useAlert();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
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
  const [passing, setPassing] = useState<{ sectionId: string; count: number; skipped: string[]; inputs: ChecklistData } | null>(null);
  const [busy, setBusy] = useState(false);
  const opening = useRef(false);
  // On a tablet the side menu folds to its icons while INSPECT is open, so the form has room.
  const tablet = useMediaQuery(theme.breakpoints.between('md', 'lg'));
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const folded = useRef(false);
  useEffect(() => {
    if (!tablet || !sidebarOpen || folded.current) return;
    folded.current = true;
    setSidebarOpen(false);
  }, [tablet, sidebarOpen, setSidebarOpen]);
  useEffect(
    () => () => {
      if (folded.current) setSidebarOpen(true);
    },
    [setSidebarOpen],
  );
  const pickRef = useRef(pick);
  pickRef.current = pick;
  // Offline inspection (issue 21): saves without a connection wait in IndexedDB, in order.
  const online = useOnline();
  const queued = useQueuedSaves(task.id);
  const pendingRef = useRef(queued.pending);
  pendingRef.current = queued.pending;
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
        // Every form of the checklist is kept on this device, so that INSPECT works on without a connection.
        const forms = new Set<string>();
        for (const node of loaded.nodes) {
          if (node.form) forms.add(`${node.form.formId}:${node.form.formRevision}`);
          for (const r of node.userData?.records ?? []) forms.add(`${r.formId}:${r.formRevision}`);
        }
        for (const key of forms) {
          const [formId, revision] = key.split(':').map(Number);
          loadFormDefinition(formId, revision).catch(() => undefined);
        }
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

  const sectionEntries: NodeEntry[] = useMemo(
    () =>
      sections.map((s) => {
        const { done, total } = sectionProgress(s);
        // DECISIONS 9: each section says how many of its items still need something.
        const toDo = sectionToDo(answer?.inspection, s.node.id);
        return {
          id: s.node.id,
          name: s.node.displayName || s.node.name,
          description: s.node.description ?? undefined,
          note: total
            ? `${done} / ${total} · ${toDo > 0 ? TASK_UI.toDo(toDo) : TASK_UI.allDone}`
            : toDo > 0
              ? TASK_UI.toDo(toDo)
              : undefined,
          attention: toDo > 0,
        };
      }),
    [sections, answer],
  );
  const itemEntries: NodeEntry[] = useMemo(() => {
    const items: NodeEntry[] = (section?.items ?? []).map((i) => ({
      id: i.id,
      name: i.displayName || i.name,
      description: i.description ?? undefined,
      result: answer?.inspection.results[i.id] ?? i.itemResult,
      attention: answer?.inspection.problems.some((p) => p.nodeId === i.id) ?? false,
    }));
    // A section with a form of its own lists it first (filled once for the whole section).
    return section?.node.form ? [{ id: SECTION_FORM, name: section.node.form.formName, note: TASK_UI.sectionForm }, ...items] : items;
  }, [section, answer]);
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
    [task.id],
  );

  /** Keeps the save on this device, to be sent in order when the connection returns. */
  const queue = useCallback(
    async (input: ChecklistData[number]): Promise<SaveOutcome> => {
      const node = answerRef.current?.nodes.find((n) => n.id === input.id);
      const kept = await queueSave({ taskId: task.id, nodeId: input.id, nodeName: node?.displayName || node?.name || input.id, input });
      if (!kept) {
        alert.saveError(TASK_UI.notKept);
        return { ok: false };
      }
      alert.success(TASK_UI.savedOnDevice);
      setAnswer((current) => (current ? withQueued(current, [{ input }]) : current));
      void sendQueued();
      await afterSave(true);
      return { ok: true };
    },
    [task.id, alert, afterSave],
  );

  const save = useCallback(
    async (node: ChecklistData[number]): Promise<SaveOutcome> => {
      // The node as this page last saw it: a later change by someone else is refused (409), not overwritten.
      const seen = answerRef.current?.nodes.find((n) => n.id === node.id);
      const input = { ...node, expected: seen?.savedAt ?? null };
      // Offline, or behind saves still waiting: queued, so that the saves reach the server in order.
      if (!navigator.onLine || pendingRef.current > 0 || (await queuedFor(task.id)) > 0) return queue(input);
      try {
        const saved = await saveChecklist(task.id, [input]);
        alert.success(saved.message || TASK_TEXT.checklistSaved);
        if (saved.status !== task.status) onTaskChanged();
        // After Save the next incomplete item opens (issue 21); the editor's saved draft goes with it.
        await afterSave(true);
        return { ok: true };
      } catch (e) {
        if (unreachable(e)) return queue(input);
        if (e instanceof HttpError && e.status === 400) {
          alert.saveError(TASK_TEXT.incorrectFormData);
          return { ok: false, fields: e.fields };
        }
        alert.saveError((e as Error).message || TASK_TEXT.saveChecklistError);
        return { ok: false };
      }
    },
    [task.id, task.status, alert, onTaskChanged, afterSave, queue],
  );

  // Once the queue is sent, the lists and the task show what the server has now.
  const hadPending = useRef(false);
  useEffect(() => {
    if (queued.pending > 0) hadPending.current = true;
    else if (hadPending.current) {
      hadPending.current = false;
      void afterSave(false);
      onTaskChanged();
    }
  }, [queued.pending, afterSave, onTaskChanged]);

  /** Asks before passing the section's remaining items, naming how many and which need a hand. */
  const askPassRemaining = async () => {
    if (!section) return;
    const forms = new Map<number, Awaited<ReturnType<typeof loadFormDefinition>>>();
    try {
      for (const item of section.items)
        if (item.itemResult === null && item.form && !forms.has(item.form.formId))
          forms.set(item.form.formId, await loadFormDefinition(item.form.formId));
    } catch (e) {
      alert.error(TASK_TEXT.loadFormError, (e as Error).message);
      return;
    }
    const planned = passRemaining(section, forms, localToday());
    setPassing({ sectionId: section.node.id, count: planned.inputs.length, skipped: planned.skipped, inputs: planned.inputs });
  };

  const confirmPassRemaining = async () => {
    if (!passing) return;
    setBusy(true);
    try {
      if (passing.inputs.length > 0) {
        const saved = await saveChecklist(task.id, passing.inputs);
        alert.success(TASK_UI.passedRemaining(passing.inputs.length));
        if (saved.status !== task.status) onTaskChanged();
      }
      setPassing(null);
      await afterSave(true);
      // The FORM shows the node as saved now (its result came from the pass, not from the editor).
      setVersion((v) => v + 1);
    } catch (e) {
      alert.saveError((e as Error).message || TASK_TEXT.saveChecklistError);
      setPassing(null);
    } finally {
      setBusy(false);
    }
  };

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
      <Button size="small" onClick={askPassRemaining} disabled={dirty} data-testid="pass-remaining" sx={{ whiteSpace: 'nowrap' }}>
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
        canSubmit={editable && task.can.submit}
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
        open={passing !== null}
        title={TASK_UI.passRemaining}
        content={
          passing ? TASK_UI.passRemainingConfirm(passing.count, section?.node.displayName || section?.node.name || '', passing.skipped) : ''
        }
        confirm={passing?.count ? TASK_UI.passRemaining : TASK_UI.close}
        cancel={TASK_UI.keep}
        loading={busy}
        onConfirm={confirmPassRemaining}
        onClose={() => setPassing(null)}
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

/** The FORM area when nothing can be filled: Save stays disabled (tasks document 5). */
function EmptyForm({ editable, disabled }: { editable: boolean; disabled: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }}>
      <Typography color="text.secondary">{TASK_UI.pickItem}</Typography>
      {editable && (
        <Box>
          <Button variant="contained" disabled={disabled} data-testid="checklist-save">
            {TASK_UI.save}
          </Button>
        </Box>
      )}
    </Box>
  );
}
