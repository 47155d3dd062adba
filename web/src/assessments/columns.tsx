import History from '@mui/icons-material/History';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_COLUMNS, ASSESSMENT_TEXT, type AssessmentRow, assessmentResultLabel, formatDayUtc } from '@portal/contracts';
import { ItemStatusChip } from '../assets/ItemStatusChip';
import type { GridColumn } from '../common/grid';

const C = ASSESSMENT_COLUMNS;

/** What the Report and History cells open. */
export interface CellActions {
  report(row: AssessmentRow): void;
  history(row: AssessmentRow): void;
}

/**
 * The dashboard's columns (2.8's column picker) and the History cell. Their ids are the server's
 * sort keys and column-filter keys, so the grid sorts and filters on the server (`manual`).
 * Last Result and Current Status have dropdowns in the filter bar, the dates their ranges.
 */
export function assessmentColumns(actions: CellActions): GridColumn<AssessmentRow>[] {
  return [
    {
      id: 'location',
      label: C.location,
      width: 190,
      pinned: true,
      cell: (row) => (
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} data-testid="assessment-name">
          {row.location}
        </Typography>
      ),
      text: (row) => row.location,
    },
    { id: 'acronymCode', label: C.acronymCode, width: 110 },
    { id: 'specifications', label: C.specifications, width: 230 },
    { id: 'taskType', label: C.taskType, width: 230 },
    { id: 'certificateNumber', label: C.certificateNumber, width: 170 },
    {
      id: 'result',
      label: C.result,
      width: 110,
      filterable: false,
      text: (row) => assessmentResultLabel(row.result),
      value: (row) => row.result,
    },
    {
      id: 'actualInspectionDate',
      label: C.actualInspectionDate,
      width: 120,
      filterable: false,
      text: (row) => formatDayUtc(row.actualInspectionDate),
      value: (row) => row.actualInspectionDate,
    },
    {
      id: 'dueDate',
      label: C.dueDate,
      width: 120,
      filterable: false,
      text: (row) => formatDayUtc(row.dueDate),
      value: (row) => row.dueDate,
    },
    { id: 'site', label: C.site, width: 170 },
    {
      id: 'report',
      label: C.report,
      width: 120,
      sortable: false,
      filterable: false,
      groupable: false,
      text: (row) => (row.certificateFile ? C.report : ''),
      cell: (row) =>
        row.certificateFile ? (
          <Button
            size="small"
            startIcon={<PictureAsPdfOutlined />}
            onClick={() => actions.report(row)}
            data-testid="assessment-report"
            sx={{ minWidth: 0, px: 0.5 }}
          >
            {C.report}
          </Button>
        ) : null,
    },
    {
      id: 'itemStatus',
      label: C.itemStatus,
      width: 140,
      filterable: false,
      text: (row) => row.itemStatus ?? '',
      cell: (row) => <ItemStatusChip status={row.itemStatus} />,
    },
    {
      id: 'history',
      label: ASSESSMENT_TEXT.history,
      width: 110,
      sortable: false,
      filterable: false,
      groupable: false,
      text: () => ASSESSMENT_TEXT.history,
      cell: (row) => (
        <Button
          size="small"
          startIcon={<History />}
          onClick={() => actions.history(row)}
          data-testid="assessment-history"
          sx={{ minWidth: 0, px: 0.5 }}
        >
          {ASSESSMENT_TEXT.history}
        </Button>
      ),
    },
  ];
}
