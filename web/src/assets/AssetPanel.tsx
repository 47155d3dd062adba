import Close from '@mui/icons-material/Close';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ASSETS, assetCan, isClientRole, type WebAccess } from '@portal/contracts';
import { get } from '../api/http';
import { useSession } from '../session/SessionContext';
import { type AssetDetail, NEW_ASSET } from './api';
import { ItemStatusChip } from './ItemStatusChip';
import { ASSET_PAGE } from './texts';

import { TaskContext, useTaskQuery } from './assetTask';
import { type AttachTarget, DescriptionTab } from './AssetDescriptionTab';
import { AttributesTab } from './AssetAttributesTab';
import { HistoryTab } from './AssetHistoryTab';
import { FilesTab } from './AssetFilesTab';

type TabKey = 'description' | 'attributes' | 'history' | 'files';

interface AssetPanelProps {
  assetId: number | null;
  companyId: number;
  client: string;
  defaultSiteId: number | null;
  onSaved(id: number): void;
}

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
