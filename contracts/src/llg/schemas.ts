import { z } from 'zod';
import { MAX_ID, pagingFields } from '../common/schemas';
import { TaskCan, TaskFileLink } from '../tasks/schemas';

/**
 * Loose lifting gear (tasks document 2.3, 2.7, 4, 7; DECISIONS 8, 9): a job's LLG parent task
 * collects one child task per item examined; each child examines a register item (serial number,
 * unique per site among active items). The register (`GET /api/Observation/llg`) lists a site's
 * items with their latest certified examination.
 */

/** Page size of the Loose Gear dashboard (section 9). */
export const LOOSE_GEAR_PAGE_SIZE = 10;
export const LLG_SERIAL_MAX = 100;
export const LLG_TEXT_MAX = 200;
// Child task types: `isLlgChildTaskType` in taskTypes/schemas (names containing 'llg-', DECISIONS 8).

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} is not a valid id`)
    .positive(`${label} is not a valid id`)
    .max(MAX_ID, `${label} is not a valid id`);

const text = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform((s) => s.trim())
    .nullish();

// ---------------------------------------------------------------------------------------------
// POST /api/createChildLLGObservation?parentLLGTaskId&taskTypeId&taskTypeName  (body: the item)

export const CreateChildQuery = z.object({
  parentLLGTaskId: id('parentLLGTaskId'),
  taskTypeId: id('taskTypeId'),
  taskTypeName: z.string().max(200).optional(),
});
/** The item examined (ours: the spec's call carries only the type; the register needs the item). */
export const CreateChildBody = z
  .object({
    llgSerialNumber: z
      .string({ error: 'Serial Number is required' })
      .max(LLG_SERIAL_MAX, `at most ${LLG_SERIAL_MAX} characters`)
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, 'Serial Number is required'),
    specification: text(LLG_TEXT_MAX),
    acronymCode: text(100),
    safeWorkingLoad: text(100),
  })
  .strict();
export type CreateChildBody = z.output<typeof CreateChildBody>;

/** A child LLG task (GET /api/Observation/getchildLLG/{id}, and the answer of create). */
export const ChildLlgTask = z.object({
  id: z.number(),
  parentId: z.number(),
  status: z.number(),
  taskTypeId: z.number(),
  /** The llg- task type's name (the item's kind). */
  taskTypeDesc: z.string(),
  llgItemId: z.number(),
  llgSerialNumber: z.string(),
  specification: z.string().nullable(),
  acronymCode: z.string().nullable(),
  safeWorkingLoad: z.string().nullable(),
  /** DECISIONS 5: 1 Pass, 2 Fail, 3 Pending; null none. */
  result: z.number().nullable(),
  actualInspectionDate: z.string().nullable(),
  certificateStatus: z.number().nullable(),
  certificateNumber: z.string().nullable(),
  certificateFile: TaskFileLink.nullable(),
  archived: z.number(),
  /** Whether the checklist has every item answered (DECISIONS 9: complete before submit). */
  complete: z.boolean(),
  can: TaskCan.pick({ open: true, inspect: true }).extend({
    /** DELETE Observation/deleteChildLLGTask/{id} (the delete icon of CHILDREN). */
    delete: z.boolean(),
    /** RECORDS: remove (64) and reopen (2), APPROVER and APPROVER-ONLY. */
    remove: z.boolean(),
    reopen: z.boolean(),
  }),
});
export type ChildLlgTask = z.infer<typeof ChildLlgTask>;

export const ChildLlgList = z.object({
  parentId: z.number(),
  /** The booklet of the parent, once issued (the certificatebooklet=1 PDF). */
  booklet: TaskFileLink.nullable(),
  /** FIELD-ENGG while the parent is in 1, 2, 4, 32 or 64 (2.3). */
  canAdd: z.boolean(),
  children: z.array(ChildLlgTask),
});
export type ChildLlgList = z.infer<typeof ChildLlgList>;

export const ChildCreated = z.object({ message: z.string(), child: ChildLlgTask });
export const ChildDeleted = z.object({ id: z.number(), message: z.string() });

// ---------------------------------------------------------------------------------------------
// GET /api/Observation/llg?offset&limit and /api/Observation/llg/count (filter query or header)

/**
 * A real day YYYY-MM-DD between the years 1000 and 9999 (JavaScript's Date.parse takes 2026-02-30
 * and year 0, which the database refuses).
 */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A 'start#end' day range of a filter (the register's and the assessments'); null unless both ends. */
export const DayRangeFilter = z
  .string()
  .max(60)
  .transform((v, ctx): { from: string; to: string } | null => {
    // 'start#end' (as the assessments' filters), each YYYY-MM-DD; a range applies only with both ends.
    if (!v.trim()) return null;
    // The spec's own form 'YYYY-MM-DD 00:00:00#YYYY-MM-DD 23:59:59' names whole days too.
    const [from = '', to = ''] = v.split('#').map((s) => s.trim().replace(/[ T]\d{2}:\d{2}:\d{2}$/, ''));
    if (!from || !to) return null;
    if (!isCalendarDay(from) || !isCalendarDay(to)) {
      ctx.addIssue({ code: 'custom', message: 'must be YYYY-MM-DD#YYYY-MM-DD' });
      return z.NEVER;
    }
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: 'From must not be after To' });
      return z.NEVER;
    }
    return { from, to };
  })
  .nullish();

/**
 * The item status: Valid, Due Shortly, Expired from the due date (DECISIONS 5, 15 days), and
 * Failed while the latest certified examination failed (DECISIONS 9, as the assets' item status:
 * a Fail report names no next due date, so the date alone would say nothing).
 */
export const LOOSE_GEAR_ITEM_STATUSES = ['Valid', 'Due Shortly', 'Expired', 'Failed'] as const;
export type LooseGearItemStatus = (typeof LOOSE_GEAR_ITEM_STATUSES)[number];

/** Filter of the register: client and site are mandatory; texts match "contains, any case". */
export const LooseGearFilter = z
  .object({
    clientId: id('clientId'),
    siteId: id('siteId'),
    /** Item: the llg- task type's name contains. */
    taskType: z.string().max(200).nullish(),
    llgSerialNumber: z.string().max(LLG_SERIAL_MAX).nullish(),
    specification: z.string().max(LLG_TEXT_MAX).nullish(),
    certificateNumber: z.string().max(100).nullish(),
    acronymCode: z.string().max(100).nullish(),
    jobNumber: z.string().max(100).nullish(),
    /** 1 Accepted, 2 Rejected; absent = any. */
    result: z.preprocess((v) => (v === '' || v === 0 ? null : v), z.coerce.number().int().min(1).max(2).nullish()),
    itemStatus: z
      .enum(LOOSE_GEAR_ITEM_STATUSES)
      .nullish()
      .or(z.literal('').transform(() => null)),
    actualInspectionDate: DayRangeFilter,
    dueDate: DayRangeFilter,
  })
  .strict();
export type LooseGearFilter = z.output<typeof LooseGearFilter>;

/** Paging of the register; offset -1 and limit -1 mean every matching row (the Excel export). */
export const LooseGearListQuery = z.object({
  ...pagingFields({ offset: 0, limit: LOOSE_GEAR_PAGE_SIZE }),
  filter: z.string().max(4_000).optional(),
});
export const LooseGearCountQuery = LooseGearListQuery.pick({ filter: true });

/** A row of the register (tasks document 3's loose gear row; files as links, not contents). */
export const LooseGearRow = z.object({
  id: z.number(),
  taskTypeDesc: z.string(),
  specification: z.string().nullable(),
  llgSerialNumber: z.string(),
  acronymCode: z.string().nullable(),
  safeWorkingLoad: z.string().nullable(),
  result: z.number().nullable(),
  actualInspectionDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  site: z.string(),
  jobNumber: z.string().nullable(),
  /** The latest certified examination (a child task): its certificate and its parent's booklet. */
  lastTaskId: z.number().nullable(),
  certificateFile: TaskFileLink.nullable(),
  bookletFile: TaskFileLink.nullable(),
  /** Valid, Due Shortly, Expired (from the due date), Failed (last result Fail); null without a due date. */
  itemStatus: z.enum(LOOSE_GEAR_ITEM_STATUSES).nullable(),
});
export type LooseGearRow = z.infer<typeof LooseGearRow>;
/** The count is a JSON number (DECISIONS 1), as the task dashboard's. */
export const LooseGearCount = z.number();
export const LooseGearItemParams = z.object({ itemId: id('itemId') });

/** GET /api/Observation/llg/{itemId}/history: every examination of one item, newest first. */
export const LooseGearHistoryRow = z.object({
  taskId: z.number(),
  jobNumber: z.string(),
  status: z.number(),
  result: z.number().nullable(),
  actualInspectionDate: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  certificateFile: TaskFileLink.nullable(),
  bookletFile: TaskFileLink.nullable(),
});
export type LooseGearHistoryRow = z.infer<typeof LooseGearHistoryRow>;
