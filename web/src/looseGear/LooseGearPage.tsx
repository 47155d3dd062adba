import FileDownload from '@mui/icons-material/FileDownload';
import History from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { isClientRole, LLG_TEXT, LOOSE_GEAR_PAGE_SIZE, type LooseGearRow } from '@portal/contracts';
import { ListScreen, type RowActionSpec } from '../common/list';
import { useClientOptions, useSiteOptions } from '../common/options';
import type { ScreenProps } from '../common/screen';
import { useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { LOOSE_GEAR_LIST_COLUMNS } from './columns';
import { emptyFilter, type LooseGearFilterState, toServerFilter } from './filters';
import { HistoryDialog } from './HistoryDialog';
import { LooseGearFilters } from './LooseGearFilters';
import { Pager } from './Pager';
import { useLooseGear, useLooseGearExport } from './useLooseGear';

/**
 * Resources > Loose Gear (tasks document 2.7): a client, then one of its sites, then the site's
 * loose lifting gear ten at a time with each item's latest certified examination: the column
 * picker, five text filters, two date ranges, result and status, Reload, Export to Excel (the
 * server's workbook of every matching row), Report and Booklet opening their PDFs, and each
 * item's examinations one click away (History).
 */
export default function LooseGearPage({ title, crumbs }: ScreenProps) {
  const { user, role } = useSession();
  const clientRole = isClientRole(role);
  const [state, setState] = useState<LooseGearFilterState>(() => emptyFilter(clientRole ? user.companyId : null));
  const [page, setPage] = useState(0);
  const [historyOf, setHistoryOf] = useState<LooseGearRow | null>(null);
  const clients = useClientOptions();
  const sites = useSiteOptions(state.clientId);
  useLoadErrorAlert(clients.error, LLG_TEXT.loadClientsError);
  useLoadErrorAlert(sites.error, LLG_TEXT.loadSitesError);
  const clientOptions = useMemo(
    () => clients.options.filter((c) => !clientRole || c.id === user.companyId),
    [clients.options, clientRole, user.companyId],
  );
  const filter = useMemo(() => toServerFilter(state), [state]);
  const { list, total } = useLooseGear(filter, page);
  const excel = useLooseGearExport(filter);
  const pages = total === null ? 0 : Math.ceil(total / LOOSE_GEAR_PAGE_SIZE);
  const changeFilter = (next: LooseGearFilterState) => {
    setState(next);
    setPage(0);
  };
  const rowActions = useCallback(
    (row: LooseGearRow): RowActionSpec[] => [
      { key: 'history', label: LLG_TEXT.history, icon: <History />, onClick: () => setHistoryOf(row) },
    ],
    [],
  );
  const first = page * LOOSE_GEAR_PAGE_SIZE + 1;
  const countText = !filter ? (
    ''
  ) : total === null ? (
    ''
  ) : (
    <span data-testid="llg-total">{total === 0 ? '0' : LLG_TEXT.pageOf(first, Math.min(total, first + list.rows.length - 1), total)}</span>
  );

  return (
    <ListScreen
      resource="looseGear"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={LOOSE_GEAR_LIST_COLUMNS}
      rowActions={filter ? rowActions : undefined}
      rowTestId="llg-row"
      tableTestId="llg-grid"
      empty={<span data-testid="llg-none">{LLG_TEXT.noItems}</span>}
      countText={countText}
      footer={filter ? <Pager page={page} pages={pages} onPage={setPage} /> : <span />}
      actions={
        <Button
          variant="outlined"
          startIcon={excel.exporting ? <CircularProgress size={16} /> : <FileDownload />}
          onClick={excel.run}
          disabled={!filter || excel.exporting}
          data-testid="export-excel"
        >
          {LLG_TEXT.exportExcel}
        </Button>
      }
      filters={
        <LooseGearFilters
          value={state}
          onChange={changeFilter}
          clients={{ ...clients, options: clientOptions }}
          sites={sites}
          clientLocked={clientRole}
        />
      }
      body={
        filter ? undefined : (
          <Typography color="text.secondary" data-testid="llg-choose" sx={{ p: 3 }}>
            {state.clientId ? LLG_TEXT.pickSite : LLG_TEXT.pickClientSite}
          </Typography>
        )
      }
    >
      {historyOf && <HistoryDialog item={historyOf} onClose={() => setHistoryOf(null)} />}
    </ListScreen>
  );
}
