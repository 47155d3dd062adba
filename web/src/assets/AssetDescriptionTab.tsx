import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSETS, type AttachAssetAnswer, type AssetRow, assetCan, assetNameError, TASK_TEXT } from '@portal/contracts';
import { get, HttpError, post } from '../api/http';
import { readDisallowedAssetChars } from '../common/assetNameRules';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { OptionPicker } from '../common/OptionPicker';
import { useAlert } from '../common/useAlert';
import { useSiteOptions } from '../common/options';
import { useAssetTypes } from '../jobs/pickers';
import { useSession } from '../session/SessionContext';
import { type AssetDetail, NEW_ASSET } from './api';
import { ASSET_PAGE } from './texts';

import { useTaskQuery } from './assetTask';

/** ATTACH ASSET's new asset: the Description form on the task's client and site, saved and attached in one call. */
export interface AttachTarget {
  taskId: number;
  /** The task's asset type: the new asset's, fixed; null lets the user choose. */
  assetTypeId: number | null;
  onAttached(answer: AttachAssetAnswer): void;
}

export function DescriptionTab({
  asset,
  companyId,
  client,
  defaultSiteId,
  onSaved,
  attach,
}: {
  asset: AssetDetail | null;
  companyId: number;
  client: string;
  defaultSiteId: number | null;
  onSaved(id: number): void;
  attach?: AttachTarget;
}) {
  const { role } = useSession();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const taskQuery = useTaskQuery();
  const types = useAssetTypes();
  const sites = useSiteOptions(companyId);
  const [form, setForm] = useState({
    name: asset?.name ?? '',
    serialNumber: asset?.serialNumber ?? '',
    externalId: asset?.externalId ?? '',
    assetTypeId: asset?.assetTypeId ?? attach?.assetTypeId ?? ('' as number | ''),
    siteId: asset?.siteId ?? defaultSiteId ?? ('' as number | ''),
    endUserName: asset?.endUserName ?? '',
    endUserAddress: asset?.endUserAddress ?? '',
  });
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [shift, setShift] = useState<'closed' | 'checking' | 'open'>('closed');
  const [newSite, setNewSite] = useState<number | ''>('');
  const nameError = assetNameError(form.name, readDisallowedAssetChars());
  const mayChange = asset ? asset.can.save : assetCan({ subject: { role, offices: [], divisions: [] }, webAccess: null }, NEW_ASSET).save;
  const saveDisabled = saving || !mayChange || Boolean(nameError) || !form.assetTypeId || !form.siteId;
  // A saved asset the caller may not change (a client role, an inactive asset, a locked task) is shown read-only.
  const readOnly = Boolean(asset) && !mayChange;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const typeOptions = (types.data ?? []).filter((t) => t.id === asset?.assetTypeId || t.category !== 'LLG');

  const [confirmAttach, setConfirmAttach] = useState(false);
  const save = async () => {
    setSaving(true);
    setServerError(null);
    const payload = {
      objectType: 'ASSET',
      ...(asset ? { id: asset.id } : {}),
      assetTypeId: form.assetTypeId,
      companyId,
      parentId: form.siteId,
      name: form.name,
      serialNumber: form.serialNumber,
      externalId: form.externalId,
      endUserName: form.endUserName,
      endUserAddress: form.endUserAddress,
      type: 1,
      status: 1,
      locationLevel: 1,
    };
    try {
      if (attach) {
        const answer = await post<AttachAssetAnswer>(`/Observation/Asset/${attach.taskId}/0`, payload);
        alert.success(answer.message);
        attach.onAttached(answer);
        return;
      }
      const row = await post<AssetRow>('/Location', payload, { query: taskQuery });
      alert.success(ASSETS.assetSavedSuccessfully);
      await queryClient.invalidateQueries({ queryKey: ['asset', row.id] });
      onSaved(row.id);
    } catch (error) {
      const text =
        error instanceof HttpError && (error.status === 409 || error.status === 400 || error.status === 403)
          ? error.message
          : ASSETS.loadAssetsError;
      setServerError(text);
      alert.saveError(text);
    } finally {
      setSaving(false);
    }
  };

  const startShift = async () => {
    if (!asset) return;
    setShift('checking');
    try {
      const open = await get<unknown[]>(`/Location/Observation/${asset.id}`);
      if (open.length > 0) {
        alert.saveError(ASSETS.shiftBlocked);
        setShift('closed');
      } else {
        setNewSite('');
        setShift('open');
      }
    } catch {
      alert.error(ASSETS.loadObservationsError);
      setShift('closed');
    }
  };
  const doShift = async () => {
    if (!asset || !newSite) return;
    try {
      await post(`/Location/Asset/${asset.id}/shift`, { parentId: newSite }, { query: taskQuery });
      alert.success(ASSETS.assetSavedSuccessfully);
      setShift('closed');
      setForm((f) => ({ ...f, siteId: newSite }));
      await queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
      onSaved(asset.id);
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : ASSETS.shiftBlocked);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }} data-testid="asset-description">
      <TextField
        label={ASSET_PAGE.name}
        required
        value={form.name}
        onChange={set('name')}
        error={Boolean(nameError) && form.name !== ''}
        helperText={form.name !== '' || asset ? (nameError ?? ' ') : ' '}
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: 200, 'data-testid': 'asset-name-input' } }}
      />
      <TextField
        label={ASSET_PAGE.serialNumber}
        value={form.serialNumber}
        onChange={set('serialNumber')}
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: 100, 'data-testid': 'asset-serial' } }}
      />
      <TextField
        label={ASSET_PAGE.externalId}
        value={form.externalId}
        onChange={set('externalId')}
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: 100, 'data-testid': 'asset-external-id' } }}
      />
      <OptionPicker
        required
        size="medium"
        label={ASSET_PAGE.type}
        value={form.assetTypeId === '' ? null : form.assetTypeId}
        options={typeOptions}
        loading={types.isLoading}
        emptyLabel={null}
        disabled={Boolean(attach?.assetTypeId) || readOnly}
        onChange={(id) => setForm((f) => ({ ...f, assetTypeId: id ?? '' }))}
        fieldTestId="asset-type"
      />
      <TextField
        label={ASSET_PAGE.client}
        value={client}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'asset-client' } }}
      />
      <OptionPicker
        required
        size="medium"
        label={ASSET_PAGE.site}
        value={form.siteId === '' ? null : form.siteId}
        options={sites.options}
        loading={sites.loading}
        emptyLabel={null}
        disabled={Boolean(asset) || Boolean(attach)}
        onChange={(id) => setForm((f) => ({ ...f, siteId: id ?? '' }))}
        fieldTestId="asset-site"
      />
      <TextField
        label={ASSET_PAGE.endUserName}
        value={form.endUserName}
        onChange={set('endUserName')}
        helperText={`${form.endUserName.length}/200`}
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: 200, 'data-testid': 'asset-end-user-name' } }}
      />
      <TextField
        label={ASSET_PAGE.endUserAddress}
        value={form.endUserAddress}
        onChange={set('endUserAddress')}
        multiline
        minRows={2}
        helperText={`${form.endUserAddress.length}/500`}
        slotProps={{ input: { readOnly }, htmlInput: { maxLength: 500, 'data-testid': 'asset-end-user-address' } }}
      />
      {serverError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }} data-testid="asset-save-error">
          {serverError}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {asset && (
          <Button variant="outlined" onClick={startShift} disabled={!asset.can.shift || shift === 'checking'} data-testid="asset-shift">
            {shift === 'checking' ? <CircularProgress size={18} /> : ASSET_PAGE.shiftAsset}
          </Button>
        )}
        <Button
          variant="contained"
          onClick={attach ? () => setConfirmAttach(true) : save}
          disabled={saveDisabled}
          data-testid={attach ? 'attach-new-asset' : 'asset-save'}
        >
          {saving ? <CircularProgress size={18} /> : attach ? ASSET_PAGE.addAndAttach : ASSET_PAGE.save}
        </Button>
      </Box>
      {attach && (
        <ConfirmDialog
          open={confirmAttach}
          title={ASSET_PAGE.attachTitle}
          content={TASK_TEXT.addAndAttachConfirm(form.name)}
          confirm={ASSET_PAGE.addAndAttach}
          onConfirm={() => {
            setConfirmAttach(false);
            void save();
          }}
          onClose={() => setConfirmAttach(false)}
        />
      )}
      <Dialog open={shift === 'open'} onClose={() => setShift('closed')} maxWidth="xs" fullWidth data-testid="shift-dialog">
        <DialogTitle>{ASSET_PAGE.shiftSite}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            label={ASSET_PAGE.currentSite}
            value={sites.options.find((s) => s.id === asset?.siteId)?.name ?? asset?.site ?? ''}
            slotProps={{ input: { readOnly: true } }}
          />
          <OptionPicker
            size="medium"
            label={ASSET_PAGE.newSite}
            value={newSite === '' ? null : newSite}
            options={sites.options.filter((s) => s.id !== asset?.siteId)}
            loading={sites.loading}
            emptyLabel={null}
            onChange={(id) => setNewSite(id ?? '')}
            fieldTestId="shift-site"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShift('closed')}>{ASSET_PAGE.cancel}</Button>
          <Button variant="contained" onClick={doShift} disabled={!newSite} data-testid="shift-save">
            {ASSET_PAGE.save}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
