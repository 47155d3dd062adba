import Typography from '@mui/material/Typography';
import {
  ASSESSMENT_HISTORY_COLUMNS,
  ASSESSMENT_TEXT,
  type AssessmentHistoryRow,
  type AssessmentRow,
  assessmentHistoryResult,
  formatDayUtc,
} from '@portal/contracts';
import { get } from '../api/http';
import { type HistoryColumn, HistoryDialog as History } from '../common/HistoryDialog';
import { FileLink } from '../looseGear/columns';

const H = ASSESSMENT_HISTORY_COLUMNS;

const COLUMNS: HistoryColumn<AssessmentHistoryRow>[] = [
  { header: H.actualInspectionDate, cell: (h) => formatDayUtc(h.actualInspectionDate) },
  { header: H.certificateNumber, cell: (h) => h.certificateNumber },
  {
    header: H.result,
    cell: (h) => (
      <Typography
        variant="body2"
        sx={{ fontWeight: 600 }}
        color={h.result === 2 ? 'error.main' : h.result === 1 ? 'success.main' : 'text.secondary'}
        data-testid="assessment-history-result"
      >
        {assessmentHistoryResult(h.result)}
      </Typography>
    ),
  },
  { header: H.certificateFile, cell: (h) => <FileLink file={h.certificateFile} text="PDF" testId="assessment-history-pdf" /> },
  { header: H.dueDate, cell: (h) => formatDayUtc(h.dueDate) },
];

/** 'Assessment History' (2.8): the trainee's certificates of the row's course, newest first. */
export function HistoryDialog({ row, onClose }: { row: AssessmentRow; onClose(): void }) {
  return (
    <History
      title={ASSESSMENT_TEXT.historyTitle}
      subtitle={[row.location, row.acronymCode, row.taskType].filter(Boolean).join(' · ')}
      query={{
        key: ['assessmentHistory', row.assetId, row.taskTypeId],
        load: (signal) =>
          get<AssessmentHistoryRow[]>(`/Assessments/${row.assetId}/history`, { query: { taskTypeId: row.taskTypeId }, signal }),
      }}
      columns={COLUMNS}
      rowKey={(h) => h.taskId}
      texts={{ loadError: ASSESSMENT_TEXT.loadError, empty: ASSESSMENT_TEXT.noHistory, close: ASSESSMENT_TEXT.close }}
      testIds={{
        dialog: 'assessment-history-dialog',
        subtitle: 'assessment-history-subtitle',
        row: 'assessment-history-row',
        close: 'assessment-history-close',
      }}
      onClose={onClose}
    />
  );
}
