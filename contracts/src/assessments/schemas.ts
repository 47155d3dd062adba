import { z } from 'zod';
import { MAX_ID, pagingFields } from '../common/schemas';
import { DayRangeFilter } from '../llg/schemas';
import { TaskFileLink } from '../tasks/schemas';

/**
 * The Assessments dashboard (tasks document 2.8, 3, 7, 9; DECISIONS 8): training certificates,
 * where the asset is a trainee (an asset type of category TRAINEE) and the task type a course.
 * A row is a trainee's latest certificate of a course: the newest approved task (status 16) of
 * that trainee and course (docs/decisions.md "Assessments").
 */

/** Page size of the Assessments dashboard (section 9). */
export const ASSESSMENTS_PAGE_SIZE = 500;

/** Valid, Due Shortly, Expired from the expiry date (DECISIONS 5); Failed when the latest result is Fail (DECISIONS 9). */
export const ASSESSMENT_STATUSES = ['Valid', 'Due Shortly', 'Expired', 'Failed'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

const text = (max: number) => z.string().max(max, `at most ${max} characters`).nullish();

/** The site ids: a list of ids, or one id, or ids separated by commas (the spec's "siteNumbers"). */
const siteNumbers = z.preprocess((v) => {
  if (typeof v === 'number') return [v];
  if (typeof v === 'string') return v.trim() === '' ? [] : v.split(',').map((s) => s.trim());
  return v;
}, z.array(id('siteNumbers')).max(500, 'at most 500 sites').nullish());

/**
 * The filter header (section 7): `clientNumber` (mandatory), `siteNumbers` (none: every site of
 * the client the caller may see), the two 'start#end' ranges and the column filters ("contains,
 * any case" for texts). Unknown keys are refused.
 */
export const AssessmentFilter = z
  .object({
    clientNumber: id('clientNumber'),
    siteNumbers,
    /** Expiry Date From/To. */
    dueDate: DayRangeFilter,
    /** Issue Date From/To (the certificate's inspection date). */
    actualInspectionDate: DayRangeFilter,
    /** Name: the trainee's name. */
    location: text(200),
    /** Id: the trainee's acronym code. */
    acronymCode: text(100),
    specifications: text(200),
    /** Course: the task type's name. */
    taskType: text(200),
    certificateNumber: text(100),
    site: text(200),
    jobNumber: text(100),
    /** 1 Accepted, 2 Rejected; absent = any. */
    result: z.preprocess((v) => (v === '' || v === 0 ? null : v), z.coerce.number().int().min(1).max(2).nullish()),
    itemStatus: z
      .enum(ASSESSMENT_STATUSES)
      .nullish()
      .or(z.literal('').transform(() => null)),
  })
  .strict();
export type AssessmentFilter = z.output<typeof AssessmentFilter>;

/** The columns a page may be sorted by (the grid's sortable columns). */
export const ASSESSMENT_SORT_COLUMNS = [
  'location',
  'acronymCode',
  'specifications',
  'taskType',
  'certificateNumber',
  'result',
  'actualInspectionDate',
  'dueDate',
  'site',
  'itemStatus',
] as const;
export type AssessmentSortColumn = (typeof ASSESSMENT_SORT_COLUMNS)[number];

/** Paging (offset -1 and limit -1: every matching row) and the order: name, then course, by default. */
export const AssessmentListQuery = z.object({
  ...pagingFields({ offset: 0, limit: ASSESSMENTS_PAGE_SIZE }),
  filter: z.string().max(4_000).optional(),
  sortColumn: z.enum(ASSESSMENT_SORT_COLUMNS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type AssessmentListQuery = z.infer<typeof AssessmentListQuery>;
export const AssessmentCountQuery = AssessmentListQuery.pick({ filter: true });
export const AssessmentExportQuery = AssessmentListQuery.pick({ filter: true, sortColumn: true, sortOrder: true });

/** A row (tasks document 3's assessment row; the certificate as a link, not its contents). */
export const AssessmentRow = z.object({
  /** The certificate's task. */
  id: z.number(),
  /** The trainee (an asset of a TRAINEE type). */
  assetId: z.number(),
  location: z.string(),
  acronymCode: z.string().nullable(),
  specifications: z.string().nullable(),
  taskTypeId: z.number(),
  taskType: z.string(),
  certificateNumber: z.string().nullable(),
  /** '1' accepted, '2' rejected (DECISIONS 5 codes as text, as section 3 names them); null none. */
  result: z.enum(['1', '2', '3']).nullable(),
  /** The issue date: the certificate's actual inspection date. */
  actualInspectionDate: z.string().nullable(),
  /** The expiry date: issue date plus the course's validity in months; none for a Fail (DECISIONS 9). */
  dueDate: z.string().nullable(),
  siteId: z.number(),
  site: z.string(),
  itemStatus: z.enum(ASSESSMENT_STATUSES).nullable(),
  jobNumber: z.string().nullable(),
  quotationNumber: z.string().nullable(),
  /** The final certificate (or Fail report) PDF, once made. */
  certificateFile: TaskFileLink.nullable(),
});
export type AssessmentRow = z.infer<typeof AssessmentRow>;

/** The count is a JSON number (DECISIONS 1), as the other dashboards'. */
export const AssessmentCount = z.number();

export const AssessmentHistoryParams = z.object({ assetId: id('assetId') });
export const AssessmentHistoryQuery = z.object({ taskTypeId: id('taskTypeId').optional() });

/** 'Assessment History': every certificate of a trainee (of one course), newest first. */
export const AssessmentHistoryRow = z.object({
  taskId: z.number(),
  taskTypeId: z.number(),
  taskType: z.string(),
  actualInspectionDate: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  result: z.number().nullable(),
  certificateFile: TaskFileLink.nullable(),
  dueDate: z.string().nullable(),
});
export type AssessmentHistoryRow = z.infer<typeof AssessmentHistoryRow>;
