import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ASSET_PAGE, type AssetRow, type AttachAssetAnswer, can, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { get, HttpError, post } from '../api/http';
import { NewAssetForTask } from '../assets/AssetPanel';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';

/**
 * ATTACH ASSET (tasks document 2.2): a task without a location gets an asset of its client,
 * after a confirm. One on the task's site is attached; one on another site of the client is
 * shifted to the task's site and attached (`isShiftAndAttach`); or a new asset is added on the
 * task's site and attached. The asset type is the task's when it has one.
 */
export function AttachAssetTab({ task, onAttached }: { task: TaskDetail; onAttached(answer: AttachAssetAnswer): void }) {
  const { role } = useSession();
  const alert = useAlert();
  const mayCreate = can(role, 'assets.create');
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [picked, setPicked] = useState<AssetRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const assets = useQuery({
    queryKey: ['attachAssetOptions', task.companyId, task.assetTypeId],
    queryFn: () =>
      task.assetTypeId
        ? get<AssetRow[]>('/Location/Asset', { query: { assetTypeId: task.assetTypeId, companyId: task.companyId } })
        : get<AssetRow[]>('/Location/Object', { query: { objectType: 'ASSET', companyId: task.companyId } }),
  });
  // The task's site first, then the client's other sites, each by name.
  const options = useMemo(
    () =>
      [...(assets.data ?? [])].sort(
        (a, b) =>
          Number(b.siteId === task.siteId) - Number(a.siteId === task.siteId) ||
          a.site.localeCompare(b.site) ||
          a.name.localeCompare(b.name),
      ),
    [assets.data, task.siteId],
  );
  const shift = picked !== null && picked.siteId !== task.siteId;

  const attach = async () => {
    if (!picked) return;
    setConfirming(false);
    setBusy(true);
    try {
      const answer = await post<AttachAssetAnswer>(
        `/Observation/Asset/${task.id}/${picked.id}`,
        {},
        {
          query: shift ? { isShiftAndAttach: true } : undefined,
        },
      );
      alert.success(answer.message);
      onAttached(answer);
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : TASK_TEXT.updateError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }} data-testid="attach-asset">
      <Typography variant="body2" color="text.secondary">
        {ASSET_PAGE.attachIntro}
      </Typography>
      {mayCreate && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={mode}
          onChange={(_, next: 'existing' | 'new' | null) => next && setMode(next)}
          aria-label={ASSET_PAGE.attachTitle}
        >
          <ToggleButton value="existing" data-testid="attach-mode-existing">
            {ASSET_PAGE.existingAsset}
          </ToggleButton>
          <ToggleButton value="new" data-testid="attach-mode-new">
            {ASSET_PAGE.newAssetMode}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {mode === 'existing' ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
          {assets.error ? (
            <Alert severity="error">{(assets.error as Error).message}</Alert>
          ) : (
            <Autocomplete
              sx={{ flex: 1, width: '100%' }}
              options={options}
              loading={assets.isLoading}
              value={picked}
              onChange={(_, value) => setPicked(value)}
              groupBy={(o) => (o.siteId === task.siteId ? ASSET_PAGE.thisSite : ASSET_PAGE.otherSites)}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={ASSET_PAGE.noAssets}
              renderOption={({ key, ...props }, o) => (
                <li key={key} {...props}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap>
                      {o.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {[o.assetType, o.serialNumber, o.site].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={ASSET_PAGE.pickAsset}
                  helperText={picked && shift ? `${picked.site}: ${ASSET_PAGE.otherSites}` : ASSET_PAGE.pickAssetHelp}
                  data-testid="attach-asset-picker"
                />
              )}
            />
          )}
          <Button
            variant="contained"
            disabled={!picked || busy}
            onClick={() => setConfirming(true)}
            sx={{ mt: { sm: 1 }, minWidth: 120 }}
            data-testid="attach-asset-button"
          >
            {busy ? <CircularProgress size={18} /> : ASSET_PAGE.attach}
          </Button>
        </Box>
      ) : (
        <NewAssetForTask
          companyId={task.companyId}
          client={task.client}
          siteId={task.siteId}
          attach={{ taskId: task.id, assetTypeId: task.assetTypeId, onAttached }}
        />
      )}
      <ConfirmDialog
        open={confirming && picked !== null}
        title={ASSET_PAGE.attachTitle}
        content={picked ? (shift ? TASK_TEXT.shiftAndAttachConfirm(picked.name, picked.site) : TASK_TEXT.attachConfirm(picked.name)) : ''}
        confirm={ASSET_PAGE.attach}
        onConfirm={attach}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
