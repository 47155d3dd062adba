import { z } from 'zod';
import { Id } from '../common/schemas';
import { requiredId } from '../users/schemas';
import { ASSETS } from './messages';

/**
 * The assets area (tasks document 2.5, 2.6, 3 and 7): the asset dashboard, the asset panel's
 * detail with files, shift site, attributes, history, and the open tasks of an asset.
 */

/**
 * Item status (the dashboard's status filter): Failed while the last approved inspection
 * failed (DECISIONS 9, until a later approved Pass), else from the due date (DECISIONS 5).
 */
export const ITEM_STATUSES = ['Valid', 'Due Shortly', 'Expired', 'Failed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Result filter (tasks document 2.5): 1-Pass, 2-Fail, 3-Pending. */
export const ASSET_RESULTS = [
  { id: 1, name: '1-Pass' },
  { id: 2, name: '2-Fail' },
  { id: 3, name: '3-Pending' },
] as const;
export const RESULT_NAMES: Record<number, string> = { 1: 'Pass', 2: 'Fail', 3: 'Pending' };

/** Sections of the Files tab, by the number kept in `asset_files.section`. */
export const ASSET_FILE_SECTIONS = [
  { id: 1, key: 'primary', label: 'Primary Photo' },
  { id: 2, key: 'other', label: 'Other Photos' },
  { id: 3, key: 'attribute', label: 'Attribute Photos' },
  { id: 4, key: 'attachment', label: 'File Attachments' },
] as const;
export const ASSET_FILE_FIELD = 'locationFile';
/** The dashboard's answer is at most this many rows a call (the export has no limit). */
export const ASSET_DASHBOARD_MAX = 5000;
/** The grid loads this many rows at a time, then Load More (ours: like the other dashboards). */
export const ASSET_DASHBOARD_PAGE = 500;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a valid date');

/** `siteId` as a list: repeated, or comma separated (`siteId=1,2`). */
const IdList = z.preprocess(
  (value) => (Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value ?? '').split(',')).filter((v) => v !== ''),
  z.array(Id).min(1, 'Site is required').max(500, 'Too many sites'),
);

/** `GET /api/Location/AssetDashboard` (and `/AssetDashboard/export`): a client, sites and the filters. */
export const AssetDashboardQuery = z
  .object({
    companyId: Id,
    siteId: IdList,
    inspFrom: isoDate.optional(),
    inspTo: isoDate.optional(),
    dueFrom: isoDate.optional(),
    dueTo: isoDate.optional(),
    result: z.coerce.number().int().min(1).max(3).optional(),
    itemStatus: z.enum(ITEM_STATUSES).optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(ASSET_DASHBOARD_MAX).default(ASSET_DASHBOARD_PAGE),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type AssetDashboardQuery = z.output<typeof AssetDashboardQuery>;

export const AssetDashboardRow = z.object({
  id: z.number(),
  name: z.string(),
  acronymCode: z.string().nullable(),
  assetTypeId: z.number(),
  assetType: z.string(),
  siteId: z.number(),
  site: z.string(),
  serialNumber: z.string().nullable(),
  /** The attribute values in a line (ours: "key: value, ..."). */
  specifications: z.string().nullable(),
  result: z.number().nullable(),
  certificateNumber: z.string().nullable(),
  /** The last final certificate's blobKey (`/api/filedownload?id=`), with the task it belongs to. */
  certificateFile: z.object({ blobKey: z.string(), fileName: z.string(), observationId: z.number() }).nullable(),
  endUserName: z.string().nullable(),
  endUserAddress: z.string().nullable(),
  actualInspectionDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  itemStatus: z.enum(ITEM_STATUSES).nullable(),
});
export type AssetDashboardRow = z.infer<typeof AssetDashboardRow>;

export const AssetDashboardAnswer = z.object({ total: z.number(), rows: AssetDashboardRow.array() });
export type AssetDashboardAnswer = z.infer<typeof AssetDashboardAnswer>;

export const AssetFile = z.object({
  blobKey: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  section: z.number(),
});
export type AssetFile = z.infer<typeof AssetFile>;

/** `GET /api/Location/{id}` of an asset in the assets area: the asset with what the panel shows. */
export const AssetDetailExtra = z.object({
  acronymCode: z.string().nullable(),
  externalId: z.string().nullable(),
  endUserName: z.string().nullable(),
  endUserAddress: z.string().nullable(),
  /** The asset type's attribute form (null: none), and the values filled against a revision of it. */
  attributeFormId: z.number().nullable(),
  userData: z.object({ formId: z.number().nullable(), formRevision: z.number().nullable(), values: z.record(z.string(), z.unknown()) }),
  dueDate: z.string().nullable(),
  itemStatus: z.enum(ITEM_STATUSES).nullable(),
  lastResult: z.number().nullable(),
  image: z.string().nullable(),
  fileList: AssetFile.array(),
  /**
   * What the caller may do with this asset (contracts assets/policy.ts `assetCan`): without
   * `attributes` the attribute values are left out (`userData.values` empty).
   */
  can: z.object({ save: z.boolean(), shift: z.boolean(), description: z.boolean(), attributes: z.boolean() }),
  /** Why the task the asset is opened from (`?observationId=`) keeps it read-only, or null. */
  lockedBy: z.string().nullable().optional(),
});

/** `POST /api/Location/Asset/{id}/shift`: the new site of the same client. */
export const AssetShiftBody = z.object({ parentId: requiredId('Site') }).strict();

/** `POST /api/Location/Asset/{id}`: the attribute form's values (JSON; ours rather than multipart). */
export const AssetAttributesBody = z
  .object({
    formId: requiredId('Form'),
    formRevision: z.coerce.number().int().min(1),
    values: z.record(z.string(), z.unknown()),
  })
  .strict();

/** `GET /api/Location/Observation/{id}`: the open (1), ongoing (2), on hold (4) and amended (32) tasks of an asset. */
export const AssetOpenTask = z.object({ id: z.number(), name: z.string(), status: z.number(), jobNumber: z.string().nullable() });

export const ASSET_HISTORY_SORT = [
  'actualInspectionDate',
  'certificateNumber',
  'dueDate',
  'certificateDate',
  'jobNumber',
  'inspector',
  'result',
] as const;

/** `GET /api/Observation/Asset?locationId&offset&limit&sortColumn&sortOrder`. */
export const AssetHistoryQuery = z
  .object({
    locationId: Id,
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(50).default(7),
    sortColumn: z.enum(ASSET_HISTORY_SORT).default('actualInspectionDate'),
    sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('desc'),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type AssetHistoryQuery = z.output<typeof AssetHistoryQuery>;

export const AssetHistoryRow = z.object({
  id: z.number(),
  actualInspectionDate: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  revision: z.number(),
  certificateFile: z.object({ blobKey: z.string(), fileName: z.string() }).nullable(),
  /** `/api/filedownload?id=<taskId>&category=2` when a field report exists; hidden for client roles. */
  fieldReport: z.string().nullable().optional(),
  /** The next due date the certificate states (DECISIONS 9): inspection date + validity for a Pass, null for a Fail. */
  dueDate: z.string().nullable(),
  inspector: z.string().nullable().optional(),
  jobNumber: z.string().nullable().optional(),
  certificateDate: z.string().nullable().optional(),
  observationResult: z.number().nullable(),
  result: z.string().nullable(),
});
export const AssetHistoryAnswer = z.object({ total: z.number(), rows: AssetHistoryRow.array() });
export type AssetHistoryAnswer = z.infer<typeof AssetHistoryAnswer>;

/** Archive: `POST /api/Location/deleteAttachment/{id}` with the file's blobKey. */
export const AssetArchiveBody = z.object({ blobKey: z.string().min(1, ASSETS.assetFileNotFound).max(100) }).strict();
/**
 * The task an asset is opened from (ASSET DETAILS of task details, issue 21): `?observationId=`.
 * A task in a locked status (8, 16, 64, 1024) makes the asset read-only through it, and the
 * server refuses the edit, the shift and the files through that context.
 */
export const AssetTaskContext = z.object({ observationId: Id.optional() });
export type AssetTaskContext = z.infer<typeof AssetTaskContext>;
export const AssetUploadQuery = z
  .object({ section: z.coerce.number().int().min(1).max(4).optional() })
  .merge(AssetTaskContext)
  .strict();
export const AssetFilesAnswer = z.object({ message: z.string(), fileList: AssetFile.array() });
