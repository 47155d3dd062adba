import Add from '@mui/icons-material/Add';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CONFIG_NONE_SELECTED, type ConfigRow, CONFIGURATIONS, knownConfiguration, SHELL } from '@portal/contracts';
import { HttpError } from '../api/http';
import { errorText } from '../common/adminFlow';
import { CodeEditor, type ExternalProblem } from '../common/CodeEditor';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useAlert } from '../common/useAlert';
import { useCan, useSession } from '../session/SessionContext';
import { listConfigurations, saveConfiguration } from './api';
import { ConfigList } from './ConfigList';
import {
  type CurrentConfig,
  canAdd,
  canCancel,
  canSave,
  currentOf,
  isDirty,
  jsonError,
  NEW_CONFIG,
  NONE_SELECTED,
  nameError,
  schemaProblem,
} from './configState';

/**
 * Settings > Configuration (administration document 2, "Configuration screen"): the list of
 * the namespace's configurations on the left, the selected one's name and JSON on the right,
 * Add Configuration, Cancel and Save with the spec's enable rules. The documents the portal
 * reads are checked against their schema; the server's refusal names the path, and the editor
 * marks its line.
 */
export default function ConfigurationsPage({ title, crumbs }: ScreenProps) {
  const alert = useAlert();
  const session = useSession();
  const canWrite = useCan('configurations.write');
  const [rows, setRows] = useState<ConfigRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [current, setCurrent] = useState<CurrentConfig>(NONE_SELECTED);
  const [saving, setSaving] = useState(false);
  /** The server's refusal of the last save: a path message for the editor, or a name message. */
  const [serverProblem, setServerProblem] = useState<{ path: string | null; message: string } | null>(null);
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  /** A selection change (or a reload) waiting for "drop the unsaved changes?". */
  const [pending, setPending] = useState<CurrentConfig | 'reload' | null>(null);
  const loadId = useRef(0);

  const load = useCallback(
    async (select?: number) => {
      const id = ++loadId.current;
      setLoading(true);
      try {
        const answer = await listConfigurations();
        if (id !== loadId.current) return;
        setRows(answer);
        if (select !== undefined) {
          const row = answer.find((r) => r.id === select);
          setCurrent(row ? currentOf(row) : NONE_SELECTED);
        }
      } catch (error) {
        if (id === loadId.current) alert.error(CONFIGURATIONS.loadError, error instanceof Error ? error.message : undefined);
      } finally {
        if (id === loadId.current) setLoading(false);
      }
    },
    [alert],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = isDirty(current, rows);
  const change = (next: CurrentConfig) => {
    setServerProblem(null);
    setServerNameError(null);
    setCurrent(next);
  };
  /** Selecting another configuration (or Add, Cancel, Reload) asks first when there are unsaved changes. */
  const switchTo = (next: CurrentConfig) => {
    if (dirty && next.id !== current.id) setPending(next);
    else change(next);
  };
  /** Reload reads the list again; the selected configuration stays selected, as saved. */
  const reloadNow = () => {
    change(current);
    void load(current.id === CONFIG_NONE_SELECTED ? undefined : current.id);
  };
  const reload = () => (dirty ? setPending('reload') : reloadNow());
  const confirmPending = () => {
    if (pending === 'reload') reloadNow();
    else if (pending) change(pending);
    setPending(null);
  };

  const nameMessage = serverNameError ?? nameError(current, rows);
  const syntaxMessage = jsonError(current);
  const schema = schemaProblem(current);
  const problem = serverProblem ?? (schema ? { path: schema.path, message: schema.message } : null);
  const problemPath = problem?.path ?? null;
  const problemMessage = problem?.message ?? null;
  const problems = useMemo<ExternalProblem[]>(
    () => (problemMessage ? [{ path: problemPath, message: problemMessage }] : []),
    [problemPath, problemMessage],
  );
  const known = current.id !== CONFIG_NONE_SELECTED ? knownConfiguration(current.name) : null;
  const saveEnabled = canWrite && canSave(current, rows) && !serverNameError && !saving;

  const save = async () => {
    if (!saveEnabled) return;
    setSaving(true);
    try {
      const saved = await saveConfiguration({ id: current.id, name: current.name, configJson: current.text });
      alert.success(CONFIGURATIONS.saved);
      setServerProblem(null);
      await load(saved.id);
      // The navigation and features follow the saved documents without a restart.
      await session.refresh();
    } catch (error) {
      alert.saveError(errorText(error, CONFIGURATIONS.saveError));
      if (error instanceof HttpError && (error.status === 400 || error.status === 409) && error.fields) {
        const [field, message] = Object.entries(error.fields)[0] ?? [];
        if (field === 'name') setServerNameError(message ?? error.message);
        else if (field === 'configJson') setServerProblem({ path: null, message: error.message });
        else if (field) setServerProblem({ path: field, message: error.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const selected = current.id !== CONFIG_NONE_SELECTED;
  return (
    <Box>
      <PageHeader
        crumbs={crumbs}
        title={title}
        actions={
          <Button variant="outlined" startIcon={<Refresh />} onClick={reload} data-testid="reload" disabled={loading}>
            {SHELL.reload}
          </Button>
        }
      />
      <Paper
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' },
          minHeight: { md: 560 },
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <ConfigList rows={rows} selectedId={current.id} loading={loading} onSelect={(row) => switchTo(currentOf(row))} />
        <Box sx={{ p: { xs: 2, md: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              label={CONFIGURATIONS.nameLabel}
              required
              value={current.name}
              onChange={(event) => change({ ...current, name: event.target.value })}
              disabled={!selected || !canWrite}
              error={Boolean(nameMessage)}
              helperText={nameMessage ?? (known ? `${known.title}: ${CONFIGURATIONS.knownHint}` : ' ')}
              slotProps={{ htmlInput: { 'data-testid': 'config-name', maxLength: 200 } }}
              sx={{ flex: '1 1 260px', minWidth: 200 }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 0.25 }}>
              <Button
                variant="outlined"
                startIcon={<Add />}
                disabled={!canWrite || !canAdd(current)}
                onClick={() => switchTo(NEW_CONFIG)}
                data-testid="config-add"
              >
                {CONFIGURATIONS.addConfiguration}
              </Button>
              <Button disabled={!canCancel(current)} onClick={() => switchTo(NONE_SELECTED)} data-testid="config-cancel">
                {SHELL.cancel}
              </Button>
              <Button variant="contained" disabled={!saveEnabled} onClick={save} data-testid="config-save">
                {saving ? 'Saving…' : SHELL.save}
              </Button>
            </Box>
          </Box>
          {selected ? (
            <>
              <CodeEditor
                value={current.text}
                onChange={(text) => change({ ...current, text })}
                readOnly={!canWrite}
                label={`${CONFIGURATIONS.editorLabel}${current.name ? `: ${current.name}` : ''}`}
                problems={problems}
                height="min(62vh, 640px)"
                testId="config-editor"
              />
              <Typography
                variant="body2"
                color={syntaxMessage || problem ? 'error' : 'text.secondary'}
                data-testid="config-json-message"
                role={syntaxMessage || problem ? 'alert' : undefined}
                sx={{ minHeight: 20 }}
              >
                {syntaxMessage ?? problem?.message ?? (dirty ? CONFIGURATIONS.unsaved : ' ')}
              </Typography>
            </>
          ) : (
            <Box
              sx={{
                flex: 1,
                minHeight: 240,
                display: 'grid',
                placeItems: 'center',
                border: 1,
                borderColor: 'divider',
                borderStyle: 'dashed',
                borderRadius: 2,
                color: 'text.secondary',
                p: 3,
                textAlign: 'center',
              }}
              data-testid="config-none"
            >
              <Typography variant="body2">{CONFIGURATIONS.noneSelected}</Typography>
            </Box>
          )}
        </Box>
      </Paper>
      <ConfirmDialog
        open={pending !== null}
        title={SHELL.discardTitle}
        content={CONFIGURATIONS.discardChanges}
        confirm={SHELL.discard}
        cancel={SHELL.keepEditing}
        onConfirm={confirmPending}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
