import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import {
  isClientRole,
  REPORT_COLUMNS,
  REPORT_OBSERVATION_TYPES,
  REPORT_STATUSES,
  type ReportRow,
  REPORTS_TEXT,
  TASK_STATUS_LABEL,
  type TaskStatus,
} from '@portal/contracts';
import { DataGrid, type GridSort, useGridLayout } from '../common/grid';
import { FilterBar, LoadMoreButton, ReloadButton, SelectFilter } from '../common/list';
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useSession } from '../session/SessionContext';
import { CertificatePanel } from './CertificatePanel';
import { reportColumns } from './columns';
import { orderQuery, useReports, useReportsExport } from './useReports';

type Kind = 'task' | 'service';

/** The server's filter (2.4, 7): the toggle's observation type, result, status and the grid's column filters. */
export function toServerFilter(kind: Kind, result: string, status: string, columns: Record<string, string>): Record<string, unknown> {
  const filter: Record<string, unknown> = { observationType: REPORT_OBSERVATION_TYPES[kind] };
  if (result) filter.result = Number(result);
  if (status) filter.status = Number(status);
  for (const [id, value] of Object.entries(columns)) {
    const text = value.trim();
    if (!text) continue;
    if (id === 'id') {
      // The id filter is a number: anything else matches no report.
      filter.id = /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : 2_147_483_647;
    } else filter[id] = text;
  }
  return filter;
}

/** The filters summary line: what the list is narrowed to, in words. */
export function filtersSummary(kind: Kind, result: string, status: string, columns: Record<string, string>): string {
  const parts: string[] = [kind === 'task' ? REPORTS_TEXT.taskReport : REPORTS_TEXT.serviceReport];
  if (result) parts.push(`${REPORTS_TEXT.result}: ${REPORTS_TEXT.resultOptions.find((o) => String(o.value) === result)?.label ?? result}`);
  if (status) parts.push(`${REPORTS_TEXT.status}: ${TASK_STATUS_LABEL[Number(status) as TaskStatus]}`);
  for (const [id, value] of Object.entries(columns))
    if (value.trim()) parts.push(`${REPORT_COLUMNS[id as keyof typeof REPORT_COLUMNS] ?? id} contains “${value.trim()}”`);
  return parts.join(' · ');
}

/**
 * Operations > Reports (tasks document 2.4): Task Report / Service Report, the result and
 * status filters and a filter per column, the shared grid (grouping with counts, sorting,
 * resizing, reordering; the layout is the user's, kept on the server), '<n> report(s) found',
 * the filters summary, Reload, Load More by 200, Export to Excel (every matching report, in
 * the grid's order) and the certificate PDF panel from the id cell.
 */
export default function ReportsPage({ title, crumbs }: ScreenProps) {
  const { role } = useSession();
  const client = isClientRole(role);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [kind, setKind] = useState<Kind>('task');
  const [result, setResult] = useState('');
  const [status, setStatus] = useState('');
  const [columnFilters, setColumnFilters] = useState<Record<string, string>>({});
  const [sorting, setSorting] = useState<GridSort>([]);
  const [open, setOpen] = useState<ReportRow | null>(null);
  const idCell = useCallback(
    (row: ReportRow) => (
      <Link
        component="button"
        type="button"
        underline="hover"
        onClick={() => setOpen(row)}
        aria-label={REPORTS_TEXT.openReport(row.id)}
        data-testid="report-open"
        sx={{ font: 'inherit', fontWeight: 600 }}
      >
        {row.id}
      </Link>
    ),
    [],
  );
  const columns = useMemo(() => reportColumns(idCell), [idCell]);
  const grid = useGridLayout('reports', columns);
  const filter = useMemo(() => toServerFilter(kind, result, status, columnFilters), [kind, result, status, columnFilters]);
  const order = useMemo(() => orderQuery(grid.layout.grouping, sorting), [grid.layout.grouping, sorting]);
  const list = useReports(filter, order, grid.ready);
  const excel = useReportsExport(filter, order);
  const narrowed = Boolean(result || status || Object.values(columnFilters).some((v) => v.trim()));
  const summary = (
    <Box
      component="span"
      data-testid="filters-summary"
      title={filtersSummary(kind, result, status, columnFilters)}
      sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
    >
      {REPORTS_TEXT.filtersSummary}: {filtersSummary(kind, result, status, columnFilters)}
    </Box>
  );
  const statusOptions = REPORT_STATUSES.map((s) => ({ id: s, name: TASK_STATUS_LABEL[s] }));

  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={title}
        actions={
          <>
            <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
            <Button
              variant="outlined"
              startIcon={excel.exporting ? <CircularProgress size={16} /> : <FileDownload />}
              onClick={excel.run}
              disabled={excel.exporting || list.total === 0}
              data-testid="export-excel"
            >
              {REPORTS_TEXT.exportExcel}
            </Button>
          </>
        }
      />
      <FilterBar
        phone={phone}
        filters={
          <>
            <SelectFilter
              label={REPORTS_TEXT.result}
              value={result}
              options={REPORTS_TEXT.resultOptions.map((o) => ({ id: o.value, name: o.label }))}
              onChange={setResult}
              emptyLabel={REPORTS_TEXT.allResults}
              width={170}
            />
            {!client && (
              <SelectFilter
                label={REPORTS_TEXT.status}
                value={status}
                options={statusOptions}
                onChange={setStatus}
                emptyLabel={REPORTS_TEXT.allStatuses}
                width={170}
              />
            )}
          </>
        }
        toolbar={
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={kind}
            onChange={(_, next: Kind | null) => next && setKind(next)}
            aria-label={REPORTS_TEXT.title}
            data-testid="report-kind"
          >
            <ToggleButton value="task" data-testid="kind-task" sx={{ px: 2 }}>
              {REPORTS_TEXT.taskReport}
            </ToggleButton>
            <ToggleButton value="service" data-testid="kind-service" sx={{ px: 2 }}>
              {REPORTS_TEXT.serviceReport}
            </ToggleButton>
          </ToggleButtonGroup>
        }
        footer={
          <>
            <span
              data-testid="list-count"
              aria-busy={list.loading || undefined}
              style={{ fontWeight: 600, color: theme.palette.text.primary, whiteSpace: 'nowrap' }}
            >
              {list.total === null ? '' : REPORTS_TEXT.found(list.total)}
            </span>
            {!phone && summary}
            {narrowed && (
              <Link
                component="button"
                type="button"
                onClick={() => {
                  setResult('');
                  setStatus('');
                  setColumnFilters({});
                }}
                data-testid="clear-filters"
              >
                {REPORTS_TEXT.clearFilters}
              </Link>
            )}
            <span style={{ flex: 1 }} />
            <span style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              <LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />
            </span>
          </>
        }
      >
        {phone && (
          <Box sx={{ px: 1.5, py: 1, typography: 'body2', color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
            {summary}
          </Box>
        )}
        <DataGrid
          columns={columns}
          rows={list.rows}
          rowId={(row) => String(row.id)}
          grid={grid}
          sorting={sorting}
          onSortingChange={setSorting}
          filters={columnFilters}
          onFiltersChange={setColumnFilters}
          manual
          loading={list.pending}
          empty={REPORTS_TEXT.noReports}
          testId="reports-grid"
          rowTestId="report-row"
          groupTestId="report-group"
        />
      </FilterBar>
      <CertificatePanel report={open} onClose={() => setOpen(null)} />
    </>
  );
}
