import { REPORT_TEMPLATES, type TaskTypeRow } from '@portal/contracts';
import type { CsvColumn } from '../common/list';

/** The CSV export of the Task Types table: the columns, the hidden ones and the second tab's choices. */
export const taskTypeCsvColumns: CsvColumn<TaskTypeRow>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Code', value: (r) => r.acronymCode },
  { label: 'Division', value: (r) => r.division },
  { label: 'Name', value: (r) => r.name },
  { label: 'External', value: (r) => r.externalId },
  { label: 'Reference Standard', value: (r) => r.referenceStandard },
  { label: 'Inspection Method', value: (r) => r.inspectionMethod },
  { label: 'Validity', value: (r) => r.validity },
  { label: 'EIAC', value: (r) => (r.eiac ? 'Yes' : 'No') },
  { label: 'Asset Type', value: (r) => r.assetType },
  { label: 'Report Template', value: (r) => (r.reportTemplate ? REPORT_TEMPLATES[r.reportTemplate] : null) },
  { label: 'Sections', value: (r) => r.checklist.sections.length },
  { label: 'Items', value: (r) => r.checklist.sections.reduce((n, s) => n + s.items.length, 0) },
  { label: 'Description', value: (r) => r.description },
];
