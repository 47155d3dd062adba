import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ASSESSMENT_TEXT, type AssessmentRow, isClientRole } from '@portal/contracts';
import { DataGrid, type GridSort, useGridLayout } from '../common/grid';
import { LoadMoreButton, ReloadButton } from '../common/list';
import { useClientOptions, useSiteOptions } from '../common/options';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { AssessmentFilters } from './AssessmentFilters';
import { CertificatePanel } from './CertificatePanel';
import { assessmentColumns } from './columns';
import { type AssessmentFilterState, emptyFilter, toServerFilter, toServerSort } from './filters';
import { HistoryDialog } from './HistoryDialog';
import { useAssessmentExport, useAssessments } from './useAssessments';

/**
 * Resources > Assessment (tasks document 2.8): training certificates, a row per trainee and
 * course (the latest certificate). A client first (a client user's own, kept), then any of its
 * sites; the shared grid (column picker, sorting and column filters on the server, resizing,
 * reordering, grouping) 500 rows at a time; the Issue and Expiry Date ranges with Clear; Reload;
 * Export to Excel (the server's `Tasks_on_{timestamp}.xlsx`); the Report cell's certificate
 * panel and the History cell's 'Assessment History'.
 */
export default function AssessmentsPage({ title, crumbs }: ScreenProps) {
  const { user, role } = useSession();
  const clientRole = isClientRole(role);
  const [state, setState] = useState<AssessmentFilterState>(() => emptyFilter(clientRole ? user.companyId : null));
  const [columnFilters, setColumnFilters] = useState<Record<string, string>>({});
  const [sorting, setSorting] = useState<GridSort>([]);
  const [reportOf, setReportOf] = useState<AssessmentRow | null>(null);
  const [historyOf, setHistoryOf] = useState<AssessmentRow | null>(null);
  const clients = useClientOptions();
  const sites = useSiteOptions(state.clientId);
  useLoadErrorAlert(clients.error, ASSESSMENT_TEXT.loadClientsError);
  useLoadErrorAlert(sites.error, ASSESSMENT_TEXT.loadSitesError);
  const clientOptions = useMemo(
    () => clients.options.filter((c) => !clientRole || c.id === user.companyId),
    [clients.options, clientRole, user.companyId],
  );
  const columns = useMemo(() => assessmentColumns({ report: setReportOf, history: setHistoryOf }), []);
  const grid = useGridLayout('assessments', columns);
  const filter = useMemo(() => toServerFilter(state, columnFilters), [state, columnFilters]);
  const sort = useMemo(() => toServerSort(sorting), [sorting]);
  const data = useAssessments(filter, sort);
  const excel = useAssessmentExport(filter, sort);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <PageHeader
        crumbs={crumbs}
        title={title}
        actions={
          <>
            <ReloadButton onClick={data.reload} loading={Boolean(filter) && data.loading} />
            <Button
              variant="outlined"
              startIcon={excel.exporting ? <CircularProgress size={16} /> : <FileDownload />}
              onClick={excel.run}
              disabled={!filter || excel.exporting}
              data-testid="export-excel"
            >
              {ASSESSMENT_TEXT.exportExcel}
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <AssessmentFilters
          value={state}
          onChange={setState}
          clients={{ ...clients, options: clientOptions }}
          sites={sites}
          clientLocked={clientRole}
        />
      </Paper>
      {filter ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="assessment-count">
            {data.total === null ? '' : ASSESSMENT_TEXT.found(data.total)}
          </Typography>
          <DataGrid
            columns={columns}
            rows={data.rows}
            rowId={(r) => String(r.id)}
            grid={grid}
            sorting={sorting}
            onSortingChange={setSorting}
            filters={columnFilters}
            onFiltersChange={setColumnFilters}
            manual
            loading={data.firstLoad}
            empty={<span data-testid="assessment-none">{ASSESSMENT_TEXT.noRows}</span>}
            testId="assessment-grid"
            rowTestId="assessment-row"
          />
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1.5, minHeight: 36 }}>
            <LoadMoreButton hasMore={data.hasMore} loading={data.loadingMore} onClick={data.loadMore} />
          </Box>
        </>
      ) : (
        <Typography color="text.secondary" data-testid="assessment-choose" sx={{ p: 3 }}>
          {ASSESSMENT_TEXT.pickClient}
        </Typography>
      )}
      <CertificatePanel row={reportOf} onClose={() => setReportOf(null)} />
      {historyOf && <HistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />}
    </Box>
  );
}
