import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import {
  formatDayUtc,
  LLG_TEXT,
  LOOSE_GEAR_COLUMNS,
  type LooseGearHistoryRow,
  type LooseGearRow,
  looseGearResultLabel,
  TASK_STATUS_LABEL,
  type TaskStatus,
} from '@portal/contracts';
import { get } from '../api/http';
import { useLoadErrorAlert } from '../common/useAlert';
import { FileLink } from './columns';

/** An item's examinations, newest first, each with its certificate and its LLG task's booklet (ours). */
export function HistoryDialog({ item, onClose }: { item: LooseGearRow; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useQuery({
    queryKey: ['looseGearHistory', item.id],
    queryFn: ({ signal }) => get<LooseGearHistoryRow[]>(`/Observation/llg/${item.id}/history`, { signal }),
  });
  useLoadErrorAlert(history.error, LLG_TEXT.loadError);
  const rows = history.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="llg-history">
      <DialogTitle>
        {LLG_TEXT.historyTitle(item.llgSerialNumber)}
        <Typography variant="body2" color="text.secondary">
          {[item.taskTypeDesc, item.specification, item.safeWorkingLoad].filter(Boolean).join(' · ')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {history.isLoading ? (
          <CircularProgress size={24} sx={{ m: 3 }} />
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {LLG_TEXT.noHistory}
          </Typography>
        ) : (
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{LOOSE_GEAR_COLUMNS.actualInspectionDate}</TableCell>
                <TableCell>{LLG_TEXT.jobNumber}</TableCell>
                <TableCell>{LOOSE_GEAR_COLUMNS.result}</TableCell>
                <TableCell>{LOOSE_GEAR_COLUMNS.certificateNumber}</TableCell>
                <TableCell>{LOOSE_GEAR_COLUMNS.booklet}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.taskId} data-testid="llg-history-row">
                  <TableCell>{formatDayUtc(row.actualInspectionDate) || (TASK_STATUS_LABEL[row.status as TaskStatus] ?? '')}</TableCell>
                  <TableCell>{row.jobNumber}</TableCell>
                  <TableCell>
                    {row.status === 16 ? looseGearResultLabel(row.result) : (TASK_STATUS_LABEL[row.status as TaskStatus] ?? '')}
                  </TableCell>
                  <TableCell>
                    {row.certificateFile ? (
                      <FileLink file={row.certificateFile} text={row.certificateNumber} testId="llg-history-certificate" />
                    ) : (
                      row.certificateNumber
                    )}
                  </TableCell>
                  <TableCell>
                    <FileLink file={row.bookletFile} text={LLG_TEXT.bookletText} testId="llg-history-booklet" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="llg-history-close">
          {LLG_TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
