import Add from '@mui/icons-material/Add';
import MenuIcon from '@mui/icons-material/Menu';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { EMPTY_FORM_DEFINITION, type FormDefinition } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';
import { DATA_FORM_TEXT } from '@portal/contracts/dataForms/messages';
import { SHELL } from '@portal/contracts/messages';
import type { DataFormRow, FormType } from '@portal/contracts/dataForms/schemas';
import { HttpError } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useLeaveGuard } from '../common/LeaveGuard';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useCan } from '../session/SessionContext';
import { listForms, loadForm, saveForm } from './api';
import { FormBuilder } from './builder/FormBuilder';
import { builderReducer, initialBuilderState } from './builder/builderState';
import { definitionProblems } from './builder/problems';
import { EditorHeaderFields } from './EditorHeaderFields';
import { type EditorHeader, headerProblems, nameStamp, newHeader } from './editorForm';
import { FormNavigation } from './FormNavigation';
import { FormPreview } from './FormPreview';

/** The spec hides data form alerts after 2 to 3.5 s (administration document 4 and 8). */
const ALERT_MS = 3000;

const snapshot = (header: EditorHeader | null, definition: FormDefinition) => JSON.stringify([header, definition]);

/**
 * Settings > Data Forms (administration document 2, 4, 5): Reload, Add Form, Cancel, Save; the
 * saved forms on the left by form object (Show Form, Copy Form); on the right the form's Name,
 * Form Object, Form Type, Min and Max, and our drag-and-drop builder with a live preview.
 */
export default function DataFormsPage({ title, crumbs }: ScreenProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const canWrite = useCan('dataForms.write');
  const alert = useAlert();
  const forms = useQuery({ queryKey: ['dataForms'], queryFn: listForms, staleTime: 0, refetchOnWindowFocus: false });
  useLoadErrorAlert(forms.error, DATA_FORM_TEXT.listError);

  const [header, setHeader] = useState<EditorHeader | null>(null);
  const [builder, dispatch] = useReducer(builderReducer, EMPTY_FORM_DEFINITION, initialBuilderState);
  const [clean, setClean] = useState(() => snapshot(null, EMPTY_FORM_DEFINITION));
  const [busy, setBusy] = useState<'loading' | 'saving' | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const problems = useMemo(() => definitionProblems(builder.definition), [builder.definition]);
  const headerIssues = useMemo(() => (header ? headerProblems(header) : {}), [header]);
  const dirty = header !== null && snapshot(header, builder.definition) !== clean;
  // Leaving the page (a link, Back, reload, closing) with unsaved changes asks first.
  useLeaveGuard(dirty, {
    title: DATA_FORM_EDITOR.discardTitle,
    content: DATA_FORM_EDITOR.discardText,
    confirm: SHELL.yes,
    cancel: SHELL.no,
  });
  const canSave = canWrite && header !== null && busy === null && Object.keys(headerIssues).length === 0 && problems.list.length === 0;

  const open = useCallback((next: EditorHeader | null, definition: FormDefinition) => {
    setHeader(next);
    dispatch({ type: 'load', definition });
    setClean(snapshot(next, definition));
    setServerFields({});
  }, []);
  /** Runs an action that replaces the editor, asking first when it holds unsaved changes. */
  const replacing = (action: () => void) => {
    setDrawer(false);
    if (dirty) setPending(() => action);
    else action();
  };

  const fetchInto = (form: DataFormRow, copy: boolean) =>
    replacing(async () => {
      setBusy('loading');
      try {
        const full = await loadForm(form.id);
        const loaded: EditorHeader = {
          id: copy ? undefined : full.id,
          name: copy ? DATA_FORM_EDITOR.copyName(full.name, nameStamp()) : full.name,
          formObject: full.formObject,
          formType: full.formType,
          samplesMin: String(full.samplesMin),
          samplesMax: String(full.samplesMax),
        };
        open(loaded, full.formJson);
        // A copy is a new form: unsaved until Save, so it counts as a change.
        if (copy) setClean('');
      } catch (error) {
        alert.error(DATA_FORM_TEXT.loadError, error instanceof Error ? error.message : undefined);
      } finally {
        setBusy(null);
      }
    });

  const save = async () => {
    if (!header || !canSave) return;
    setBusy('saving');
    try {
      await saveForm({
        id: header.id,
        name: header.name.trim(),
        formObject: header.formObject,
        formType: header.formType as FormType,
        samplesMin: Number(header.samplesMin),
        samplesMax: Number(header.samplesMax),
        formJson: builder.definition,
      });
      alert.success(DATA_FORM_TEXT.saved, ALERT_MS);
      open(null, EMPTY_FORM_DEFINITION);
      void forms.refetch();
    } catch (error) {
      const message = error instanceof HttpError && error.status === 409 ? error.message : DATA_FORM_TEXT.saveError;
      alert.saveError(message);
      if (error instanceof HttpError && error.fields) setServerFields(error.fields);
    } finally {
      setBusy(null);
    }
  };

  const navigation = (
    <FormNavigation
      forms={forms.data ?? []}
      loading={forms.isFetching}
      currentId={header?.id}
      onShow={(form) => fetchInto(form, false)}
      onCopy={(form) => fetchInto(form, true)}
    />
  );
  const serverProblems = Object.entries(serverFields);

  return (
    <Box data-testid="data-forms-page">
      <PageHeader
        crumbs={crumbs}
        title={title}
        actions={
          <>
            {!wide && (
              <Button variant="outlined" startIcon={<MenuIcon />} onClick={() => setDrawer(true)} data-testid="forms-drawer-toggle">
                {DATA_FORM_EDITOR.forms}
              </Button>
            )}
            <Button variant="outlined" startIcon={<Refresh />} onClick={() => void forms.refetch()} data-testid="reload">
              {DATA_FORM_EDITOR.reload}
            </Button>
            {canWrite && (
              <Button
                variant="outlined"
                startIcon={<Add />}
                disabled={header !== null && header.id === undefined}
                onClick={() => replacing(() => open(newHeader(), EMPTY_FORM_DEFINITION))}
                data-testid="add"
              >
                {DATA_FORM_EDITOR.addForm}
              </Button>
            )}
            <Button
              variant="outlined"
              disabled={header === null}
              onClick={() => replacing(() => open(null, EMPTY_FORM_DEFINITION))}
              data-testid="cancel"
            >
              {DATA_FORM_EDITOR.cancel}
            </Button>
            {canWrite && (
              <Button
                variant="contained"
                disabled={!canSave}
                onClick={() => void save()}
                data-testid="save"
                startIcon={busy === 'saving' ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {DATA_FORM_EDITOR.save}
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: wide ? '272px minmax(0, 1fr)' : 'minmax(0, 1fr)', gap: 2, alignItems: 'start' }}>
        {wide ? (
          <Paper
            variant="outlined"
            sx={{ position: 'sticky', top: 16, maxHeight: 'calc(100vh - 140px)', display: 'flex', flexDirection: 'column' }}
          >
            {navigation}
          </Paper>
        ) : (
          <Drawer open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { sx: { width: phone ? '88vw' : 320 } } }}>
            {navigation}
          </Drawer>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="form-editor" aria-busy={busy === 'loading'}>
          {header === null ? (
            <Box sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }} data-testid="editor-empty">
              {busy === 'loading' ? <CircularProgress /> : <Typography>{DATA_FORM_EDITOR.emptyEditor}</Typography>}
            </Box>
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <EditorHeaderFields header={header} problems={headerIssues} onChange={setHeader} />
              {serverProblems.length > 0 && (
                <Alert severity="error" data-testid="server-problems">
                  {serverProblems.map(([path, reason]) => (
                    <div key={path}>
                      {path}: {reason}
                    </div>
                  ))}
                </Alert>
              )}
              <FormBuilder
                state={builder}
                dispatch={dispatch}
                problems={problems}
                phone={phone}
                preview={() => <FormPreview definition={builder.definition} />}
              />
            </Box>
          )}
        </Paper>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={DATA_FORM_EDITOR.discardTitle}
        content={DATA_FORM_EDITOR.discardText}
        onClose={() => setPending(null)}
        onConfirm={() => {
          const action = pending;
          setPending(null);
          action?.();
        }}
      />
    </Box>
  );
}
