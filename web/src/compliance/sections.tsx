import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { downloadCSV } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { COMPLIANCE_TEXT as T, type ComplianceAsset, type ComplianceOverview as Overview } from '@portal/contracts';
import { toCsv } from '../common/list/csv';
import { assetsTable, csvFileName, type FigureTable, STATUS_COLORS } from './complianceTables';

// The cards of the Compliance overview: a figure, a chart with its numbers table and CSV, an asset list.

export function Kpi({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderTop: `4px solid ${color}`, borderRadius: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" noWrap title={label}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: '#1f2937' }} data-testid="kpi-value">
        {value.toLocaleString('en-GB')}
      </Typography>
    </Paper>
  );
}

/** A card: title, CSV of its table, then the chart and its table side by side (stacked on narrow screens). */
export function Section<R>({
  table,
  today,
  hint,
  note,
  empty,
  split = '1fr 1fr',
  children,
}: {
  table: FigureTable<R>;
  today: string;
  hint?: string;
  note?: string | null;
  empty: string | null;
  /** The chart's and the table's shares of the width, side by side from 900 px. */
  split?: string;
  children: ReactNode;
}) {
  const headingId = `compliance-${table.key}-title`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, borderRadius: 2, minWidth: 0 }}
      data-testid={`section-${table.key}`}
    >
      <SectionHeader id={headingId} title={table.title} hint={hint} note={note} table={table} today={today} />
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="section-empty">
          {empty}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: split.replace(/(\d+fr)/g, 'minmax(0, $1)') },
          }}
        >
          <Box role="img" aria-label={T.chartLabel(table.title)} data-testid="chart" sx={{ minWidth: 0 }}>
            {children}
          </Box>
          <NumbersTable table={table} />
        </Box>
      )}
    </Paper>
  );
}

function SectionHeader<R>({
  id,
  title,
  hint,
  note,
  table,
  today,
}: {
  id: string;
  title: string;
  hint?: string;
  note?: string | null;
  table: FigureTable<R>;
  today: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {(hint || note) && (
          <Typography variant="caption" color="text.secondary" data-testid="section-note">
            {[hint, note].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Download />}
        onClick={() => downloadCSV(toCsv(table.rows, table.columns), csvFileName(table.key, today))}
        disabled={table.rows.length === 0}
        aria-label={`${T.downloadCsv}: ${title}`}
        data-testid={`csv-${table.key}`}
      >
        CSV
      </Button>
    </Box>
  );
}

function NumbersTable<R>({ table, cell }: { table: FigureTable<R>; cell?: (row: R, column: number) => ReactNode }) {
  return (
    <Box sx={{ overflow: 'auto', maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={table.title} data-testid={`table-${table.key}`}>
        <TableHead>
          <TableRow>
            {table.columns.map((c) => (
              <TableCell
                key={c.label}
                align={c.numeric ? 'right' : 'left'}
                sx={{ fontWeight: 600, bgcolor: '#f8fafc', whiteSpace: 'nowrap' }}
              >
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the answer's, in its order
            <TableRow key={i} data-testid="figure-row" hover>
              {table.columns.map((c, j) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {cell ? cell(row, j) : <StatusSwatch row={row} column={j} value={c.value(row)} />}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The status table's first cell carries its chart colour, so the table is the chart's legend. */
function StatusSwatch({ row, column, value }: { row: unknown; column: number; value: ReactNode }) {
  const key = (row as { key?: string }).key;
  if (column !== 0 || !key || !(key in STATUS_COLORS)) return <>{value}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: STATUS_COLORS[key as keyof typeof STATUS_COLORS] }}
      />
      {value}
    </Box>
  );
}

/** Overdue or due in 30 days: a bounded list with links to the assets, and the total. */
export function AssetList({ kind, data, links }: { kind: 'overdue' | 'due-soon'; data: Overview; links: boolean }) {
  const table = assetsTable(kind, data);
  const list = kind === 'overdue' ? data.overdue : data.dueSoon;
  const headingId = `compliance-${kind}-title`;
  const cell = (row: ComplianceAsset, column: number) => {
    const value = table.columns[column].value(row);
    if (column !== 0 || !links) return value;
    return (
      <Link
        component={RouterLink}
        to={`/resources/assets?client=${row.companyId}&asset=${row.id}`}
        data-testid="asset-link"
        sx={{ fontWeight: 500 }}
      >
        {value}
      </Link>
    );
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, borderRadius: 2, minWidth: 0 }}
      data-testid={`section-${kind}`}
    >
      <SectionHeader
        id={headingId}
        title={`${table.title} (${list.total.toLocaleString('en-GB')})`}
        note={list.total > list.rows.length ? T.showing(list.rows.length, list.total) : null}
        table={table}
        today={data.today}
      />
      {list.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="section-empty">
          {kind === 'overdue' ? T.noOverdue : T.noDueSoon}
        </Typography>
      ) : (
        <NumbersTable table={table} cell={cell} />
      )}
    </Paper>
  );
}
