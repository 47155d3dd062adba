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
import { type HistoryColumn, HistoryDialog as History } from '../common/HistoryDialog';
import { FileLink } from './columns';

const statusOf = (row: LooseGearHistoryRow) => TASK_STATUS_LABEL[row.status as TaskStatus] ?? '';

const COLUMNS: HistoryColumn<LooseGearHistoryRow>[] = [
  { header: LOOSE_GEAR_COLUMNS.actualInspectionDate, cell: (row) => formatDayUtc(row.actualInspectionDate) || statusOf(row) },
  { header: LLG_TEXT.jobNumber, cell: (row) => row.jobNumber },
  { header: LOOSE_GEAR_COLUMNS.result, cell: (row) => (row.status === 16 ? looseGearResultLabel(row.result) : statusOf(row)) },
  {
    header: LOOSE_GEAR_COLUMNS.certificateNumber,
    cell: (row) =>
      row.certificateFile ? (
        <FileLink file={row.certificateFile} text={row.certificateNumber} testId="llg-history-certificate" />
      ) : (
        row.certificateNumber
      ),
  },
  {
    header: LOOSE_GEAR_COLUMNS.booklet,
    cell: (row) => <FileLink file={row.bookletFile} text={LLG_TEXT.bookletText} testId="llg-history-booklet" />,
  },
];

/** An item's examinations, newest first, each with its certificate and its LLG task's booklet (ours). */
export function HistoryDialog({ item, onClose }: { item: LooseGearRow; onClose(): void }) {
  return (
    <History
      title={LLG_TEXT.historyTitle(item.llgSerialNumber)}
      subtitle={[item.taskTypeDesc, item.specification, item.safeWorkingLoad].filter(Boolean).join(' · ')}
      query={{
        key: ['looseGearHistory', item.id],
        load: (signal) => get<LooseGearHistoryRow[]>(`/Observation/llg/${item.id}/history`, { signal }),
      }}
      columns={COLUMNS}
      rowKey={(row) => row.taskId}
      texts={{ loadError: LLG_TEXT.loadError, empty: LLG_TEXT.noHistory, close: LLG_TEXT.close }}
      testIds={{ dialog: 'llg-history', row: 'llg-history-row', close: 'llg-history-close' }}
      onClose={onClose}
    />
  );
}
