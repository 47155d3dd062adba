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
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { useLoadErrorAlert } from './useAlert';

/** A column of a history table: its header and what a row shows in it. */
export interface HistoryColumn<T> {
  header: string;
  cell(row: T): ReactNode;
}

/**
 * A record's history in a dialog (the assessments' 'Assessment History', the loose gear's
 * examinations): a title with a line naming the record, the rows the server answers (newest
 * first) in a small table, a text when there are none, and Close. Full screen on a phone.
 */
export function HistoryDialog<T>({
  title,
  subtitle,
  query,
  columns,
  rowKey,
  texts,
  testIds,
  onClose,
}: {
  title: ReactNode;
  subtitle: string;
  /** The history's cache key and its call. */
  query: { key: QueryKey; load(signal: AbortSignal): Promise<T[]> };
  columns: HistoryColumn<T>[];
  rowKey(row: T): Key;
  texts: { loadError: string; empty: string; close: string };
  testIds: { dialog: string; subtitle?: string; row: string; close: string };
  onClose(): void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const history = useQuery({ queryKey: query.key, queryFn: ({ signal }) => query.load(signal) });
  useLoadErrorAlert(history.error, texts.loadError);
  const rows = history.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid={testIds.dialog}>
      <DialogTitle>
        {title}
        <Typography variant="body2" color="text.secondary" data-testid={testIds.subtitle}>
          {subtitle}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {history.isLoading ? (
          <CircularProgress size={24} sx={{ m: 3 }} />
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {texts.empty}
          </Typography>
        ) : (
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header}>{column.header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)} data-testid={testIds.row}>
                  {columns.map((column) => (
                    <TableCell key={column.header}>{column.cell(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={testIds.close}>
          {texts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
