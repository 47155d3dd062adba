import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { downloadCSV, type RaRecord, useDataProvider } from 'react-admin';
import { useAlert } from '../useAlert';
import { type CsvColumn, toCsv } from './csv';

export type { CsvColumn } from './csv';

/**
 * Exports every row matching the current filter (the spec's offset -1 / limit -1), not
 * only the loaded ones, as CSV.
 */
export function CsvExportButton<R extends RaRecord>({
  resource,
  filter,
  columns,
  fileName,
}: {
  resource: string;
  filter: Record<string, unknown>;
  columns: CsvColumn<R>[];
  fileName: string;
}) {
  const dataProvider = useDataProvider();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.getList<R>(resource, {
        pagination: { page: 1, perPage: -1 },
        sort: { field: 'id', order: 'ASC' },
        filter,
      });
      downloadCSV(toCsv(data, columns), fileName);
    } catch (error) {
      alert.saveError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} /> : <Download />}
      onClick={run}
      disabled={busy}
      data-testid="export-csv"
    >
      CSV
    </Button>
  );
}
