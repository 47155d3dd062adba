import { z } from 'zod';
import { pagingFields } from '../common/schemas';
import { TASK_STATUSES, type TaskStatus } from '../jobs/statuses';
import { TaskFileLink } from '../tasks/schemas';
import type { REPORT_COLUMNS } from './messages';

/**
 * The Reports dashboard (tasks document 2.4, 7: `GET Reports?offset&limit` with a filter
 * header). docs/decisions.md "Reports": a report is a task (observation type 1024) or a service
 * report (512) whose inspection was submitted: completed (8), approved (16) or amended after
 * approval (32); client roles see approved ones (16) only.
 */

export const REPORT_PAGE_SIZE = 200;
export const REPORT_OBSERVATION_TYPES = { task: 1024, service: 512 } as const;
/** The statuses a report may have (LO roles); client roles: 16 only. */
export const REPORT_STATUSES: readonly TaskStatus[] = [8, 16, 32];
export const CLIENT_REPORT_STATUSES: readonly TaskStatus[] = [16];

const searchText = (max: number) => z.string().max(max).nullish();

/** The filter (strict: an unknown key is 400). Texts match "contains, any case". */
export const ReportFilter = z
  .object({
    status: z
      .union([z.number(), z.string().max(200), z.array(z.union([z.number(), z.string()])).max(10)])
      .transform((v, ctx): number[] | null => {
        if (v === '' || v === null) return null;
        const list = (Array.isArray(v) ? v : String(v).split(',')).map((s) => Number(String(s).trim()));
        if (list.some((s) => !TASK_STATUSES.includes(s as TaskStatus))) {
          ctx.addIssue({ code: 'custom', message: 'status is not a task status' });
          return z.NEVER;
        }
        return list;
      })
      .nullish(),
    site: searchText(200),
    client: searchText(200),
    jobNumber: searchText(100),
    quotationNumber: searchText(100),
    asset: searchText(200),
    assetType: searchText(200),
    certificateNumber: searchText(100),
    /** 1024 Task Report, 512 Service Report; absent: both. */
    observationType: z.coerce
      .number()
      .int()
      .refine((v) => v === 1024 || v === 512, 'observationType must be 1024 or 512')
      .nullish(),
    /** 1 Accepted, 2 Rejected (2.4). */
    result: z.coerce
      .number()
      .int()
      .refine((v) => v === 1 || v === 2, 'result must be 1 or 2')
      .nullish(),
    /** The grid's column filters (ours). */
    taskType: searchText(200),
    inspector: searchText(200),
    id: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  })
  .strict();
export type ReportFilter = z.output<typeof ReportFilter>;

/** The columns the server sorts and groups on. */
export const REPORT_SORT_COLUMNS = [
  'id',
  'status',
  'jobNumber',
  'asset',
  'assetType',
  'taskType',
  'client',
  'site',
  'inspector',
  'certificateNumber',
  'certificateDate',
  'result',
  'quotationNumber',
  'actualInspectionDate',
  'dueDate',
  'observationType',
] as const satisfies readonly (keyof typeof REPORT_COLUMNS)[];
export type ReportSortColumn = (typeof REPORT_SORT_COLUMNS)[number];

const groupList = z
  .string()
  .max(300)
  .transform((v, ctx): ReportSortColumn[] => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 4) {
      ctx.addIssue({ code: 'custom', message: 'At most four grouping columns' });
      return z.NEVER;
    }
    for (const item of list)
      if (!(REPORT_SORT_COLUMNS as readonly string[]).includes(item)) {
        ctx.addIssue({ code: 'custom', message: `${item} is not a report column` });
        return z.NEVER;
      }
    return list as ReportSortColumn[];
  });

/** The order of a page: groups first (outermost first), then the sort column, then newest first. */
export const ReportOrderQuery = z.object({
  groupBy: groupList.optional(),
  sort: z.enum(REPORT_SORT_COLUMNS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  filter: z.string().max(4_000).optional(),
});

export const ReportListQuery = ReportOrderQuery.extend(pagingFields({ offset: 0, limit: REPORT_PAGE_SIZE }));
export const ReportCountQuery = z.object({ filter: z.string().max(4_000).optional() });

export const ReportRow = z.object({
  id: z.number(),
  status: z.number(),
  jobNumber: z.string(),
  asset: z.string().nullable(),
  assetType: z.string().nullable(),
  taskType: z.string(),
  client: z.string(),
  site: z.string(),
  inspector: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  certificateDate: z.string().nullable(),
  /** The certificate PDF: the final one once approved, the preview before. */
  certificateFile: TaskFileLink.nullable(),
  certificateStatus: z.number().nullable(),
  result: z.number().nullable(),
  quotationNumber: z.string().nullable(),
  observationType: z.number(),
  actualInspectionDate: z.string().nullable(),
  dueDate: z.string().nullable(),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportCount = z.number().int();
