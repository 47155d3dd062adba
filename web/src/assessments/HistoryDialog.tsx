import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
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
  ASSESSMENT_HISTORY_COLUMNS,
  ASSESSMENT_TEXT,
  type AssessmentHistoryRow,
  type AssessmentRow,
  assessmentHistoryResult,
  formatDayUtc,
} from '@portal/contracts';
import { get } from '../api/http';
import { useLoadErrorAlert } from '../common/useAlert';
import { fileUrl } from '../looseGear/columns';

const H = ASSESSMENT_HISTORY_COLUMNS;

/** 'Assessment History' (2.8): the trainee's certificates of the row's course, newest first. */
export function HistoryDialog({ row, onClose }: { row: AssessmentRow; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useQuery({
    queryKey: ['assessmentHistory', row.assetId, row.taskTypeId],
    queryFn: ({ signal }) =>
      get<AssessmentHistoryRow[]>(`/Assessments/${row.assetId}/history`, { query: { taskTypeId: row.taskTypeId }, signal }),
  });
  useLoadErrorAlert(history.error, ASSESSMENT_TEXT.loadError);
  const rows = history.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="assessment-history-dialog">
      <DialogTitle>
        {ASSESSMENT_TEXT.historyTitle}
        <Typography variant="body2" color="text.secondary" data-testid="assessment-history-subtitle">
          {[row.location, row.acronymCode, row.taskType].filter(Boolean).join(' · ')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {history.isLoading ? (
          <CircularProgress size={24} sx={{ m: 3 }} />
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {ASSESSMENT_TEXT.noHistory}
          </Typography>
        ) : (
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{H.actualInspectionDate}</TableCell>
                <TableCell>{H.certificateNumber}</TableCell>
                <TableCell>{H.result}</TableCell>
                <TableCell>{H.certificateFile}</TableCell>
                <TableCell>{H.dueDate}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((h) => (
                <TableRow key={h.taskId} data-testid="assessment-history-row">
                  <TableCell>{formatDayUtc(h.actualInspectionDate)}</TableCell>
                  <TableCell>{h.certificateNumber}</TableCell>
                  <TableCell>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 600 }}
                      color={h.result === 2 ? 'error.main' : h.result === 1 ? 'success.main' : 'text.secondary'}
                      data-testid="assessment-history-result"
                    >
                      {assessmentHistoryResult(h.result)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {h.certificateFile ? (
                      <Link href={fileUrl(h.certificateFile)} target="_blank" rel="noopener" data-testid="assessment-history-pdf">
                        PDF
                      </Link>
                    ) : null}
                  </TableCell>
                  <TableCell>{formatDayUtc(h.dueDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="assessment-history-close">
          {ASSESSMENT_TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
