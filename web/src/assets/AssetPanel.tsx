import Archive from '@mui/icons-material/Archive';
import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import {
  ASSET_FILE_SECTIONS,
  ASSETS,
  type AttachAssetAnswer,
  type AssetFile,
  type AssetRow,
  assetCan,
  assetNameError,
  type FormJsonAnswer,
  type FormValues,
  isClientRole,
  isValueField,
  nextDueText,
  validateFormValues,
  TASK_TEXT,
  type WebAccess,
} from '@portal/contracts';
import { get, HttpError, post } from '../api/http';

/** An asset not saved yet, as the assets policy sees it. */
const NEW_ASSET = { id: null, status: 1, lockedBy: null };
import { readDisallowedAssetChars } from '../common/assetNameRules';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useAlert } from '../common/useAlert';
import { useSiteOptions } from '../common/options';
import { FormRenderer } from '../forms/FormRenderer';
import { useAssetTypes } from '../jobs/pickers';
import { useSession } from '../session/SessionContext';
import { type AssetDetail, type AssetHistoryAnswer, uploadAssetFile } from './api';
import { ItemStatusChip } from './ItemStatusChip';
import { ASSET_PAGE } from './texts';

type TabKey = 'description' | 'attributes' | 'history' | 'files';

interface AssetPanelProps {
  assetId: number | null;
  companyId: number;
  client: string;
  defaultSiteId: number | null;
  onSaved(id: number): void;
}

/**
 * The task the panel is opened from (task details' ASSET DETAILS), or null: every call of the
 * panel names it (`?observationId=`), so a task in a locked status keeps the asset read-only
 * and the server refuses edits through it (issue 21).
 */
const TaskContext = createContext<number | null>(null);
const useTaskQuery = () => {
  const observationId = useContext(TaskContext);
  return observationId === null ? {} : { observationId };
};

/** The panel's state: the asset, the tabs the caller may see and the chosen one. */
function useAssetTabs(assetId: number | null) {
  const { user, role } = useSession();
  const taskQuery = useTaskQuery();
  const detail = useQuery({
    queryKey: ['asset', assetId, taskQuery.observationId ?? null],
    queryFn: () => get<AssetDetail>(`/Location/${assetId}`, { query: taskQuery }),
    enabled: assetId !== null,
  });
  const subject = useMemo(
    () => ({
      role,
      primaryOffice: user.offices.find((o) => o.id === user.primaryOfficeId) ?? null,
      offices: user.offices,
      divisions: user.divisions,
    }),
    [role, user],
  );
  // The server's flags for a saved asset; the same assets policy asked here for a new one.
  const flags = detail.data?.can ?? assetCan({ subject, webAccess: user.webAccess as WebAccess }, { ...NEW_ASSET, id: assetId });
  const showDescription = flags.description;
  const showAttributes = flags.attributes;
  const tabs = useMemo<TabKey[]>(
    () => [...(showDescription ? ['description' as const] : []), ...(showAttributes ? ['attributes' as const] : []), 'history', 'files'],
    [showDescription, showAttributes],
  );
  const [tab, setTab] = useState<TabKey>(tabs[0]);
  // After the first save the Description tab may no longer be allowed: show the first one that is.
  useEffect(() => {
    if (!tabs.includes(tab)) setTab(tabs[0]);
  }, [tabs, tab]);
  return { detail, asset: detail.data, tabs, tab, setTab, saved: assetId !== null, clientRole: isClientRole(role) };
}

type AssetTabsState = ReturnType<typeof useAssetTabs>;

function AssetTabBar({ state, scrollable }: { state: AssetTabsState; scrollable: boolean }) {
  return (
    <Tabs
      value={state.tab}
      onChange={(_, value) => state.setTab(value)}
      variant={scrollable ? 'scrollable' : 'standard'}
      scrollButtons="auto"
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {state.tabs.map((key) => (
        <Tab
          key={key}
          value={key}
          label={ASSET_PAGE.tabs[key]}
          disabled={key !== 'description' && !state.saved}
          data-testid={`asset-tab-${key}`}
        />
      ))}
    </Tabs>
  );
}

function AssetTabContent({ state, props }: { state: AssetTabsState; props: AssetPanelProps }) {
  const { detail, asset, tab } = state;
  if (state.saved && detail.isLoading) return <CircularProgress />;
  if (detail.error) return <Alert severity="error">{ASSETS.loadAssetsError}</Alert>;
  if (tab === 'description')
    return (
      <DescriptionTab
        asset={asset ?? null}
        companyId={props.companyId}
        client={props.client}
        defaultSiteId={props.defaultSiteId}
        onSaved={props.onSaved}
      />
    );
  if (!asset) return null;
  if (tab === 'attributes') return <AttributesTab asset={asset} />;
  if (tab === 'history') return <HistoryTab asset={asset} clientRole={state.clientRole} />;
  return <FilesTab asset={asset} />;
}

/**
 * The asset panel (tasks document 2.6): Description, Attributes, History and Files. The last
 * three wait for the first save; Description and Attributes show by the web-access rules
 * (always for SCHEDULER). Everything the panel disables the server refuses too.
 */
export function AssetPanel(props: AssetPanelProps & { onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const state = useAssetTabs(props.assetId);
  const { asset } = state;
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby="asset-panel-title"
      data-testid="asset-panel"
    >
      <DialogTitle id="asset-panel-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {asset ? asset.name : ASSET_PAGE.newAsset}
        </Box>
        {asset && <ItemStatusChip status={asset.itemStatus} />}
        <IconButton aria-label={ASSET_PAGE.cancel} onClick={props.onClose} data-testid="asset-panel-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <AssetTabBar state={state} scrollable={phone} />
      <DialogContent sx={{ minHeight: 420 }}>
        <AssetTabContent state={state} props={props} />
      </DialogContent>
    </Dialog>
  );
}

/** The same panel inside a page (task details' ASSET DETAILS tab): the asset's name, status and tabs. */
export function AssetPanelInline(props: Omit<AssetPanelProps, 'assetId' | 'defaultSiteId'> & { assetId: number; taskId: number }) {
  return (
    <TaskContext.Provider value={props.taskId}>
      <InlinePanel {...props} />
    </TaskContext.Provider>
  );
}

function InlinePanel({ assetId, companyId, client, onSaved }: Omit<AssetPanelProps, 'assetId' | 'defaultSiteId'> & { assetId: number }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const state = useAssetTabs(assetId);
  const { asset } = state;
  return (
    <Box data-testid="asset-panel" sx={{ minWidth: 0 }}>
      {asset?.lockedBy && (
        <Alert severity="info" icon={<LockOutlined />} sx={{ mx: 2, mb: 1 }} data-testid="asset-locked">
          {asset.lockedBy}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap>
          {asset?.name ?? ''}
        </Typography>
        {asset && <ItemStatusChip status={asset.itemStatus} />}
      </Box>
      <AssetTabBar state={state} scrollable={phone} />
      <Box sx={{ pt: 2, minHeight: 320 }}>
        <AssetTabContent state={state} props={{ assetId, companyId, client, defaultSiteId: null, onSaved }} />
      </Box>
    </Box>
  );
}

/** ATTACH ASSET's new asset: the Description form on the task's client and site, saved and attached in one call. */
interface AttachTarget {
  taskId: number;
  /** The task's asset type: the new asset's, fixed; null lets the user choose. */
  assetTypeId: number | null;
  onAttached(answer: AttachAssetAnswer): void;
}

/** A new asset for a task without one (task details, ATTACH ASSET): Description with the site and type fixed. */
export function NewAssetForTask({
  companyId,
  client,
  siteId,
  attach,
}: {
  companyId: number;
  client: string;
  siteId: number;
  attach: AttachTarget;
}) {
  return <DescriptionTab asset={null} companyId={companyId} client={client} defaultSiteId={siteId} onSaved={() => {}} attach={attach} />;
}

function DescriptionTab({
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
      <TextField
        select
        required
        label={ASSET_PAGE.type}
        value={typeOptions.some((t) => t.id === form.assetTypeId) ? form.assetTypeId : ''}
        disabled={Boolean(attach?.assetTypeId) || readOnly}
        onChange={(e) => setForm((f) => ({ ...f, assetTypeId: Number(e.target.value) }))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'asset-type' } as object } }}
      >
        {typeOptions.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={ASSET_PAGE.client}
        value={client}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'asset-client' } }}
      />
      <TextField
        select
        required
        label={ASSET_PAGE.site}
        value={sites.options.some((s) => s.id === form.siteId) ? form.siteId : ''}
        disabled={Boolean(asset) || Boolean(attach)}
        onChange={(e) => setForm((f) => ({ ...f, siteId: Number(e.target.value) }))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'asset-site' } as object } }}
      >
        {sites.options.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
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
          <TextField
            select
            label={ASSET_PAGE.newSite}
            value={newSite}
            onChange={(e) => setNewSite(Number(e.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'shift-site' } as object } }}
          >
            {sites.options
              .filter((s) => s.id !== asset?.siteId)
              .map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
          </TextField>
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

function AttributesTab({ asset }: { asset: AssetDetail }) {
  const taskQuery = useTaskQuery();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const formId = asset.attributeFormId;
  const form = useQuery({
    queryKey: ['formJson', formId],
    queryFn: () => get<FormJsonAnswer>('/Setting/FormJSON', { query: { formId } }),
    enabled: formId !== null,
  });
  const [values, setValues] = useState<FormValues | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!form.data) return;
    // Only the keys of the current definition: values kept from an older revision stay out.
    const keys = new Set(form.data.formJson.fields.filter(isValueField).map((f) => f.key));
    setValues(Object.fromEntries(Object.entries(asset.userData.values).filter(([key]) => keys.has(key))) as FormValues);
  }, [form.data, asset.userData.values]);
  if (formId === null)
    return (
      <Typography color="text.secondary" data-testid="no-attributes">
        {ASSETS.noAttributes}
      </Typography>
    );
  if (form.error) return <Alert severity="error">{ASSETS.loadAttributesError}</Alert>;
  if (!form.data || !values) return <CircularProgress />;
  const definition = form.data.formJson;
  const save = async () => {
    setShowErrors(true);
    if (validateFormValues(definition, values).length > 0) return;
    setSaving(true);
    try {
      const answer = await post<{ message: string }>(
        `/Location/Asset/${asset.id}`,
        { formId, formRevision: form.data.revision, values },
        { query: taskQuery },
      );
      alert.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch (error) {
      alert.saveError(error instanceof HttpError ? error.message : ASSETS.loadAttributesError);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="asset-attributes">
      {definition.fields.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-attributes">
          {ASSETS.noAttributes}
        </Typography>
      ) : (
        <FormRenderer definition={definition} values={values} onChange={setValues} readOnly={!asset.can.save} showErrors={showErrors} />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={save}
          disabled={saving || !asset.can.save || definition.fields.length === 0}
          data-testid="attributes-save"
        >
          {saving ? <CircularProgress size={18} /> : ASSET_PAGE.save}
        </Button>
      </Box>
    </Box>
  );
}

type SortColumn = 'actualInspectionDate' | 'certificateNumber' | 'dueDate' | 'certificateDate' | 'jobNumber' | 'inspector' | 'result';

function HistoryTab({ asset, clientRole }: { asset: AssetDetail; clientRole: boolean }) {
  const [slider, setSlider] = useState(7);
  const [limit, setLimit] = useState(7);
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<{ column: SortColumn; order: 'asc' | 'desc' }>({ column: 'actualInspectionDate', order: 'desc' });
  const history = useQuery({
    queryKey: ['assetHistory', asset.id, offset, limit, sort],
    queryFn: () =>
      get<AssetHistoryAnswer>('/Observation/Asset', {
        query: { locationId: asset.id, offset, limit, sortColumn: sort.column, sortOrder: sort.order },
      }),
  });
  const total = history.data?.total ?? 0;
  const head = (column: SortColumn | null, label: string) => (
    <TableCell key={label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {column ? (
        <TableSortLabel
          active={sort.column === column}
          direction={sort.column === column ? sort.order : 'asc'}
          onClick={() => {
            setOffset(0);
            setSort((s) => ({ column, order: s.column === column && s.order === 'asc' ? 'desc' : 'asc' }));
          }}
          data-testid={`history-sort-${column}`}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
  const date = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="asset-history">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">{ASSET_PAGE.pageSize}</Typography>
        <Slider
          value={slider}
          min={1}
          max={50}
          step={1}
          valueLabelDisplay="auto"
          onChange={(_, value) => setSlider(value as number)}
          sx={{ width: 200 }}
          slotProps={{ input: { 'data-testid': 'history-slider' } as object }}
        />
        <Typography variant="body2" sx={{ minWidth: 24 }} data-testid="history-slider-value">
          {slider}
        </Typography>
        <Link
          component="button"
          type="button"
          onClick={() => {
            setLimit(slider);
            setOffset(0);
          }}
          data-testid="history-set-limit"
        >
          {ASSET_PAGE.setLimit}
        </Link>
      </Box>
      <TableContainer>
        <Table size="small" data-testid="history-table">
          <TableHead>
            <TableRow>
              {head('actualInspectionDate', ASSET_PAGE.inspDate)}
              {head('certificateNumber', ASSET_PAGE.certificateNumber)}
              {head(null, ASSET_PAGE.revision)}
              {head(null, ASSET_PAGE.certificate)}
              {!clientRole && head(null, ASSET_PAGE.fieldReport)}
              {head('dueDate', ASSET_PAGE.dueDate)}
              {!clientRole && head('inspector', ASSET_PAGE.inspector)}
              {!clientRole && head('jobNumber', ASSET_PAGE.jobId)}
              {!clientRole && head('certificateDate', ASSET_PAGE.certificateDate)}
              {head('result', ASSET_PAGE.result)}
            </TableRow>
          </TableHead>
          <TableBody>
            {(history.data?.rows ?? []).map((row) => (
              <TableRow key={row.id} data-testid="history-row">
                <TableCell>{date(row.actualInspectionDate)}</TableCell>
                <TableCell>{row.certificateNumber}</TableCell>
                <TableCell>{row.revision}</TableCell>
                <TableCell>
                  {row.certificateFile && (
                    <Link
                      href={`/api/filedownload?id=${encodeURIComponent(row.certificateFile.blobKey)}&observationId=${row.id}`}
                      target="_blank"
                      rel="noopener"
                    >
                      {ASSET_PAGE.view}
                    </Link>
                  )}
                </TableCell>
                {!clientRole && (
                  <TableCell>
                    {row.fieldReport && (
                      <Link href={`/api/filedownload?id=${row.id}&category=2`} target="_blank" rel="noopener">
                        {ASSET_PAGE.view}
                      </Link>
                    )}
                  </TableCell>
                )}
                <TableCell data-testid="history-next-due">{nextDueText(row.dueDate, row.observationResult, date)}</TableCell>
                {!clientRole && <TableCell>{row.inspector}</TableCell>}
                {!clientRole && <TableCell>{row.jobNumber}</TableCell>}
                {!clientRole && <TableCell>{date(row.certificateDate)}</TableCell>}
                <TableCell>{row.result}</TableCell>
              </TableRow>
            ))}
            {history.data && history.data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={10}>{history.error ? ASSETS.loadObservationsError : ASSET_PAGE.noHistory}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" data-testid="history-range">
          {total === 0 ? '0' : `${offset + 1}–${Math.min(offset + limit, total)} / ${total}`}
        </Typography>
        <Button size="small" onClick={() => setOffset(0)} disabled={offset === 0} data-testid="history-first">
          {ASSET_PAGE.first}
        </Button>
        <Button size="small" onClick={() => setOffset(Math.max(0, offset - limit))} disabled={offset === 0} data-testid="history-previous">
          {ASSET_PAGE.previous}
        </Button>
        <Button size="small" onClick={() => setOffset(offset + limit)} disabled={offset + limit >= total} data-testid="history-next">
          {ASSET_PAGE.next}
        </Button>
      </Box>
    </Box>
  );
}

function FilesTab({ asset }: { asset: AssetDetail }) {
  const taskQuery = useTaskQuery();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<AssetFile[]>(asset.fileList);
  const [section, setSection] = useState<number | ''>('');
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [archiving, setArchiving] = useState<AssetFile | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setStatus(null);
    setProgress(0);
    try {
      const answer = await uploadAssetFile(asset.id, file, section || undefined, setProgress, taskQuery.observationId);
      setFiles(answer.fileList);
      setStatus({ ok: true, text: ASSETS.fileUploaded });
      void queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch (error) {
      setStatus({
        ok: false,
        text: error instanceof HttpError && error.status === 400 ? `${ASSETS.uploadError} ${error.message}` : ASSETS.uploadError,
      });
    } finally {
      setProgress(null);
    }
  };
  const archive = async () => {
    if (!archiving) return;
    setBusy(true);
    try {
      const answer = await post<{ fileList: AssetFile[] }>(
        `/Location/deleteAttachment/${asset.id}`,
        { blobKey: archiving.blobKey },
        { query: taskQuery },
      );
      setFiles(answer.fileList);
      setStatus({ ok: true, text: ASSETS.fileArchived });
      void queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch {
      setStatus({ ok: false, text: ASSETS.deleteError });
    } finally {
      setBusy(false);
      setArchiving(null);
    }
  };
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="asset-files">
      {asset.can.save && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={ASSET_PAGE.section}
            value={section}
            onChange={(e) => setSection(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ width: 200 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'file-section' } as object },
            }}
          >
            <MenuItem value="">{ASSET_PAGE.autoSection}</MenuItem>
            {ASSET_FILE_SECTIONS.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" component="label" disabled={progress !== null}>
            {ASSET_PAGE.upload}
            <input
              hidden
              type="file"
              accept=".png,.jpg,.jpeg,.pdf,.doc,.docx,.xls,.xlsx,.csv"
              data-testid="file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Button>
          {progress !== null && (
            <LinearProgress variant="determinate" value={progress * 100} sx={{ width: 160 }} data-testid="upload-progress" />
          )}
          {status && (
            <Typography variant="body2" sx={{ color: status.ok ? 'success.main' : 'error.main' }} data-testid="file-status">
              {status.text}
            </Typography>
          )}
        </Box>
      )}
      {ASSET_FILE_SECTIONS.map((s) => {
        const list = files.filter((f) => f.section === s.id);
        return (
          <Box key={s.id} data-testid={`file-section-${s.key}`}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {s.label}
            </Typography>
            {list.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {ASSET_PAGE.noFiles}
              </Typography>
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 200px))', gap: 1.5 }}>
                {list.map((f) => (
                  <Box
                    key={f.blobKey}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}
                    data-testid="asset-file"
                  >
                    <Link href={`/api/filedownload?id=${encodeURIComponent(f.blobKey)}`} target="_blank" rel="noopener">
                      {f.fileType.startsWith('image/') ? (
                        <Box
                          component="img"
                          src={`/api/filedownload?id=${encodeURIComponent(f.blobKey)}`}
                          alt={f.fileName}
                          sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', display: 'block' }}
                        />
                      ) : (
                        <Box sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center' }}>
                          <InsertDriveFile fontSize="large" color="action" />
                        </Box>
                      )}
                    </Link>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <Typography
                        variant="caption"
                        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        title={f.fileName}
                      >
                        {f.fileName}
                      </Typography>
                      {asset.can.save && (
                        <Tooltip title={ASSET_PAGE.archive}>
                          <IconButton
                            size="small"
                            aria-label={`${ASSET_PAGE.archive} ${f.fileName}`}
                            onClick={() => setArchiving(f)}
                            data-testid="file-archive"
                          >
                            <Archive fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
      <ConfirmDialog
        open={archiving !== null}
        title={ASSET_PAGE.archive}
        content={archiving ? ASSETS.archiveConfirm(archiving.fileName, asset.name) : ''}
        confirm="Yes"
        cancel="Cancel"
        loading={busy}
        onConfirm={archive}
        onClose={() => setArchiving(null)}
      />
    </Box>
  );
}
