import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Slider from '@mui/material/Slider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSETS, nextDueText } from '@portal/contracts';
import { get } from '../api/http';
import type { AssetDetail, AssetHistoryAnswer } from './api';
import { ASSET_PAGE } from './texts';

type SortColumn = 'actualInspectionDate' | 'certificateNumber' | 'dueDate' | 'certificateDate' | 'jobNumber' | 'inspector' | 'result';

export function HistoryTab({ asset, clientRole }: { asset: AssetDetail; clientRole: boolean }) {
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
