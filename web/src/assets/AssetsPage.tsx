import Add from '@mui/icons-material/Add';
import FileDownload from '@mui/icons-material/FileDownload';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import {
  ASSET_DASHBOARD_PAGE,
  ASSET_RESULTS,
  ASSETS,
  type AssetDashboardRow,
  can,
  isClientRole,
  ITEM_STATUSES,
  type ItemStatus,
  RESULT_NAMES,
} from '@portal/contracts';
import { buildUrl, get, HttpError } from '../api/http';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { LoadMoreButton, ReloadButton } from '../common/list';
import { useClientOptions, useSiteOptions } from '../common/options';
import { useSession } from '../session/SessionContext';
import { type AssetDashboardAnswer, type DashboardFilter, dashboardQuery } from './api';
import { AssetPanel } from './AssetPanel';
import { ItemStatusChip } from './ItemStatusChip';
import { ASSET_PAGE } from './texts';

const dateText = (value: string | null) => (value ? value.slice(0, 10) : '');

/** A date range with its Clear (tasks document 2.5: applied only when both ends are set). */
function DateRange({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }} data-testid={testId}>
      <TextField
        type="date"
        size="small"
        label={`${label} From`}
        value={from}
        onChange={(e) => onChange(e.target.value, to)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-from` } }}
        sx={{ width: { sm: 160 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 }}
      />
      <TextField
        type="date"
        size="small"
        label={`${label} To`}
        value={to}
        onChange={(e) => onChange(from, e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-to` } }}
        sx={{ width: { sm: 160 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 }}
      />
      <Button size="small" onClick={() => onChange('', '')} disabled={!from && !to} data-testid={`${testId}-clear`}>
        {ASSET_PAGE.clear}
      </Button>
    </Box>
  );
}

/**
 * Resources > Assets (tasks document 2.5): a client and its sites first, then every matching
 * asset by name, grouped by asset type (docs/decisions.md), with the item status from the due
 * date, the last certificate, Reload, Add New Asset and Export to Excel.
 */
export default function AssetsPage({ title, crumbs }: ScreenProps) {
  const { user, role } = useSession();
  const alert = useAlert();
  const clientRole = isClientRole(role);
  const [companyId, setCompanyId] = useState<number | null>(clientRole ? user.companyId : null);
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const [insp, setInsp] = useState<[string, string]>(['', '']);
  const [due, setDue] = useState<[string, string]>(['', '']);
  const [result, setResult] = useState<number | ''>('');
  const [itemStatus, setItemStatus] = useState<ItemStatus | ''>('');
  const [panel, setPanel] = useState<{ id: number | null } | null>(null);
  const [exporting, setExporting] = useState(false);

  const clients = useClientOptions();
  const sites = useSiteOptions(companyId);
  useLoadErrorAlert(clients.error, ASSETS.loadClientsError);
  useLoadErrorAlert(sites.error, ASSETS.loadSitesError);
  const clientOptions = useMemo(
    () => clients.options.filter((c) => !clientRole || c.id === user.companyId),
    [clients.options, clientRole, user.companyId],
  );

  const filter: DashboardFilter | null =
    companyId && siteIds.length > 0
      ? {
          companyId,
          siteIds,
          inspFrom: insp[0] || undefined,
          inspTo: insp[1] || undefined,
          dueFrom: due[0] || undefined,
          dueTo: due[1] || undefined,
          result: result || undefined,
          itemStatus: itemStatus || undefined,
        }
      : null;
  const query = filter ? dashboardQuery(filter) : null;
  // Pages of 500 by name, Load More for the next (docs/decisions.md).
  const list = useInfiniteQuery({
    queryKey: ['assetDashboard', query],
    queryFn: ({ signal, pageParam }) =>
      get<AssetDashboardAnswer>('/Location/AssetDashboard', {
        query: { ...(query ?? {}), offset: pageParam, limit: ASSET_DASHBOARD_PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? loaded : undefined;
    },
    enabled: Boolean(query),
  });
  useLoadErrorAlert(list.error, ASSETS.loadAssetsError);
  const data = useMemo(
    () => (list.data ? { total: list.data.pages[0]?.total ?? 0, rows: list.data.pages.flatMap((page) => page.rows) } : undefined),
    [list.data],
  );

  // Grouped by asset type (ours, docs/decisions.md), each group by name as the server sends it.
  const groups = useMemo(() => {
    const map = new Map<string, AssetDashboardRow[]>();
    for (const row of data?.rows ?? []) {
      const rows = map.get(row.assetType) ?? [];
      rows.push(row);
      map.set(row.assetType, rows);
    }
    return [...map].sort(([a], [b]) => a.localeCompare(b));
  }, [data]);

  const exportExcel = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const response = await fetch(buildUrl('/Location/AssetDashboard/export', query), { credentials: 'same-origin' });
      if (!response.ok) throw new HttpError(response.status, ASSETS.excelExportError);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'Assets.xlsx';
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      alert.error(ASSETS.excelExportError);
    } finally {
      setExporting(false);
    }
  };

  // Add only for who may also save (the panel's Save is disabled for CLIENT-USER and SITE-USER).
  const canAdd = can(role, 'assets.create') && can(role, 'assets.update');
  const columns = [
    ASSET_PAGE.name,
    ASSET_PAGE.acronymCode,
    ASSET_PAGE.assetType,
    ASSET_PAGE.specifications,
    ASSET_PAGE.result,
    ASSET_PAGE.certificateNumber,
    ASSET_PAGE.certificateFile,
    ASSET_PAGE.inspDate,
    ASSET_PAGE.dueDate,
    ASSET_PAGE.endUserName,
    ASSET_PAGE.endUserAddress,
    ASSET_PAGE.itemStatus,
  ];

  return (
    // The layout pads every screen and PageHeader keeps its own space below it, as on the other screens.
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        crumbs={crumbs}
        title={title}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ReloadButton onClick={() => list.refetch()} loading={list.isFetching} />
            {canAdd && (
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={() => setPanel({ id: null })}
                disabled={!companyId}
                data-testid="add"
              >
                {ASSET_PAGE.addNew}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={exporting ? <CircularProgress size={16} /> : <FileDownload />}
              onClick={exportExcel}
              disabled={!filter || exporting}
              data-testid="export-excel"
            >
              {ASSET_PAGE.exportExcel}
            </Button>
          </Box>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Autocomplete
          size="small"
          sx={{ width: { xs: '100%', sm: 260 } }}
          options={clientOptions}
          getOptionLabel={(o) => o.name}
          value={clientOptions.find((c) => c.id === companyId) ?? null}
          onChange={(_, value) => {
            setCompanyId(value?.id ?? null);
            setSiteIds([]);
          }}
          disabled={clientRole}
          loading={clients.loading}
          renderInput={(params) => <TextField {...params} label={ASSET_PAGE.client} required data-testid="filter-client" />}
        />
        <Autocomplete
          multiple
          size="small"
          limitTags={2}
          sx={{ width: { xs: '100%', sm: 360 } }}
          options={sites.options}
          getOptionLabel={(o) => o.name}
          value={sites.options.filter((s) => siteIds.includes(s.id))}
          onChange={(_, value) => setSiteIds(value.map((v) => v.id))}
          disabled={!companyId}
          loading={sites.loading}
          disableCloseOnSelect
          renderInput={(params) => <TextField {...params} label={ASSET_PAGE.site} required data-testid="filter-sites" />}
        />
        <DateRange label={ASSET_PAGE.inspDate} from={insp[0]} to={insp[1]} onChange={(f, t) => setInsp([f, t])} testId="insp-range" />
        <DateRange label={ASSET_PAGE.dueDate} from={due[0]} to={due[1]} onChange={(f, t) => setDue([f, t])} testId="due-range" />
        <TextField
          select
          size="small"
          label={ASSET_PAGE.result}
          value={result}
          onChange={(e) => setResult(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ width: { xs: 'calc(50% - 8px)', sm: 140 } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-result' } as object } }}
        >
          <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
          {ASSET_RESULTS.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={ASSET_PAGE.status}
          value={itemStatus}
          onChange={(e) => setItemStatus(e.target.value as ItemStatus | '')}
          sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
        >
          <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
          {ITEM_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {!filter ? (
        <Typography color="text.secondary" data-testid="choose-client-site">
          {companyId ? ASSET_PAGE.chooseSite : ASSET_PAGE.chooseFirst}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Box sx={{ px: 2, py: 1, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" data-testid="asset-total">
              {list.isLoading ? ASSET_PAGE.loading : ASSET_PAGE.total(data?.total ?? 0, data?.rows.length ?? 0)}
            </Typography>
          </Box>
          <TableContainer sx={{ maxHeight: 'calc(100vh - 320px)', minHeight: 240 }}>
            <Table size="small" stickyHeader data-testid="asset-grid">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map(([type, rows]) => (
                  <Fragment key={type}>
                    <TableRow data-testid="asset-group">
                      <TableCell colSpan={columns.length} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                        {type} ({rows.length})
                      </TableCell>
                    </TableRow>
                    {rows.map((row) => (
                      <TableRow key={row.id} hover data-testid="asset-row">
                        <TableCell sx={{ minWidth: 200 }}>
                          <Link
                            component="button"
                            type="button"
                            onClick={() => setPanel({ id: row.id })}
                            sx={{ textAlign: 'left' }}
                            data-testid="asset-name"
                          >
                            {row.name}
                          </Link>
                        </TableCell>
                        <TableCell>{row.acronymCode}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.assetType}</TableCell>
                        <TableCell sx={{ minWidth: 220, fontSize: 12 }}>{row.specifications}</TableCell>
                        <TableCell data-testid="asset-result">{row.result ? RESULT_NAMES[row.result] : ''}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.certificateNumber}</TableCell>
                        <TableCell>
                          {row.certificateFile && (
                            <Link
                              href={`/api/filedownload?id=${encodeURIComponent(row.certificateFile.blobKey)}&observationId=${row.certificateFile.observationId}`}
                              target="_blank"
                              rel="noopener"
                            >
                              {ASSET_PAGE.view}
                            </Link>
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateText(row.actualInspectionDate)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateText(row.dueDate)}</TableCell>
                        <TableCell>{row.endUserName}</TableCell>
                        <TableCell sx={{ minWidth: 160 }}>{row.endUserAddress}</TableCell>
                        <TableCell>
                          <ItemStatusChip status={row.itemStatus} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
                {data && data.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns.length} data-testid="no-assets">
                      {ASSET_PAGE.none}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <LoadMoreButton
              hasMore={Boolean(list.hasNextPage)}
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            />
          </Box>
        </Paper>
      )}
      {panel && companyId && (
        <AssetPanel
          assetId={panel.id}
          companyId={companyId}
          client={clientOptions.find((c) => c.id === companyId)?.name ?? ''}
          defaultSiteId={siteIds[0] ?? null}
          onClose={() => setPanel(null)}
          onSaved={(id) => {
            setPanel({ id });
            void list.refetch();
          }}
        />
      )}
    </Box>
  );
}
