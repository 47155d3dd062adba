import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ASSET_PAGE, ASSETS, can, isClientRole } from '@portal/contracts';
import { AddButton, ListScreen } from '../common/list';
import { useClientOptions, useSiteOptions } from '../common/options';
import type { ScreenProps } from '../common/screen';
import { useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { AssetFilters, type AssetFilterState } from './AssetFilters';
import { AssetPanel } from './AssetPanel';
import { assetColumns, BY_ASSET_TYPE } from './assetColumns';
import { useAssetDashboard, useExcelExport } from './useAssetDashboard';

/**
 * Resources > Assets (tasks document 2.5): a client and its sites first, then every matching
 * asset by name, grouped by asset type (docs/decisions.md), with the item status from the due
 * date, the last certificate, Reload, Add New Asset and Export to Excel. One ListScreen: the
 * filters in its filter bar, the groups in its grouping slot.
 */
export default function AssetsPage({ title, crumbs }: ScreenProps) {
  const { user, role } = useSession();
  const clientRole = isClientRole(role);
  // A link to one asset opens its panel: `?client=&site=&asset=` (the Compliance overview's lists
  // name the client; the due reminder mails, read by client users, the site).
  const [search] = useSearchParams();
  const linked = {
    client: positiveId(search.get('client')),
    siteId: positiveId(search.get('site')),
    assetId: positiveId(search.get('asset')),
  };
  const [filter, setFilter] = useState<AssetFilterState>(() => ({
    companyId: clientRole ? user.companyId : linked.client,
    siteIds: linked.siteId ? [linked.siteId] : [],
    insp: ['', ''],
    due: ['', ''],
    result: '',
    itemStatus: '',
  }));
  const [panel, setPanel] = useState<{ id: number | null } | null>(() => (linked.assetId ? { id: linked.assetId } : null));
  const { companyId } = filter;

  const clients = useClientOptions();
  const sites = useSiteOptions(companyId);
  useLoadErrorAlert(clients.error, ASSETS.loadClientsError);
  useLoadErrorAlert(sites.error, ASSETS.loadSitesError);
  const clientOptions = useMemo(
    () => clients.options.filter((c) => !clientRole || c.id === user.companyId),
    [clients.options, clientRole, user.companyId],
  );
  const dashboard = useAssetDashboard(filter);
  const { list, query } = dashboard;
  const excel = useExcelExport(query);
  const columns = useMemo(() => assetColumns((id) => setPanel({ id })), []);

  // Add only for who may also save (the panel's Save is disabled for CLIENT-USER and SITE-USER).
  const canAdd = can(role, 'assets.create') && can(role, 'assets.update');

  return (
    <ListScreen
      resource="assetDashboard"
      title={title}
      crumbs={crumbs}
      rowTestId="asset-row"
      list={list}
      tableTestId="asset-grid"
      columns={columns}
      grouping={BY_ASSET_TYPE}
      windowed
      empty={<span data-testid="no-assets">{ASSET_PAGE.none}</span>}
      countText={
        query ? (
          <span data-testid="asset-total">
            {dashboard.loading ? ASSET_PAGE.loading : ASSET_PAGE.total(dashboard.total, list.rows.length)}
          </span>
        ) : (
          ''
        )
      }
      actions={
        <>
          {canAdd && <AddButton label={ASSET_PAGE.addNew} onClick={() => setPanel({ id: null })} disabled={!companyId} />}
          <Button
            variant="outlined"
            startIcon={excel.exporting ? <CircularProgress size={16} /> : <FileDownload />}
            onClick={excel.run}
            disabled={!query || excel.exporting}
            data-testid="export-excel"
          >
            {ASSET_PAGE.exportExcel}
          </Button>
        </>
      }
      filters={
        <AssetFilters
          value={filter}
          onChange={setFilter}
          clients={{ ...clients, options: clientOptions }}
          sites={sites}
          clientLocked={clientRole}
        />
      }
      body={
        query ? undefined : (
          <Typography color="text.secondary" data-testid="choose-client-site" sx={{ p: 2 }}>
            {companyId ? ASSET_PAGE.chooseSite : ASSET_PAGE.chooseFirst}
          </Typography>
        )
      }
    >
      {panel && companyId && (
        <AssetPanel
          assetId={panel.id}
          companyId={companyId}
          client={clientOptions.find((c) => c.id === companyId)?.name ?? ''}
          defaultSiteId={filter.siteIds[0] ?? null}
          onClose={() => setPanel(null)}
          onSaved={(id) => {
            setPanel({ id });
            list.reload();
          }}
        />
      )}
    </ListScreen>
  );
}

/** A whole positive id from the address, or null. */
function positiveId(value: string | null): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
